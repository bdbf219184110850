import AppAnalytics
import Foundation
import Localization
import Synchronization
import TestHarness
import Testing

@testable import Radio

/// The lamp behind a connector whose first connection swallows requests and whose device end the
/// test hangs up (a device dying under a request); every later connection is the lamp itself.
private final class LampThatDiesOnce: Sendable {
  private let server: RadioServer
  private let firstDeviceEnd = Mutex<InMemoryRadioTransport?>(nil)
  let connections = Mutex(0)

  init(start: Date) {
    let simulation = DeviceSimulation<CommandDevice<Lamp>>(
      simulator: .nominal(at: start), clock: { start }, logger: quiet)
    server = RadioServer(logger: quiet) { await simulation.answer($0) }
  }

  var connector: RadioConnector {
    RadioConnector(endpoint: "in-process:dying-lamp") { [self] in
      let (client, device) = InMemoryRadioTransport.pair()
      let first = connections.withLock {
        $0 += 1
        return $0 == 1
      }
      if first {
        firstDeviceEnd.withLock { $0 = device }
      } else {
        let server = server
        Task { await server.serve(device) }
      }
      return client
    }
  }

  /// Waits for the request on the first connection, then hangs up with it unanswered.
  func dieUnderTheFirstRequest() async throws {
    try await until("the first connection") { firstDeviceEnd.withLock { $0 } != nil }
    let device = try #require(firstDeviceEnd.withLock { $0 })
    _ = try await device.receive()
    await device.close()
  }
}

@Suite struct DeviceDiesUnderARequestTests {
  let fast = ReconnectPolicy(maximumAttempts: 5, initialDelay: .milliseconds(10), maximumDelay: .milliseconds(20))
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func aRepeatableRequestTheLinkDropsUnderIsSentAgainOnTheNewConnection() async throws {
    let script = ScriptedConnector([.silent, .echo])
    let link = RadioLink(
      connector: script.connector, configuration: .init(requestTimeout: patience, reconnect: fast), logger: quiet)
    try await link.start()
    let waiting = Task { try await link.repeatableRequest(type: 1, payload: [7]) }
    try await until("the request to be sent") { await link.statistics().framesSent > 0 }
    await script.dropLatest()
    #expect(try await waiting.value.payload == [7])
    #expect(await link.statistics().framesSent == 2, "sent once more, on the new connection")
    await link.close()
  }

  @Test func aDevicesStatusRidesThroughTheDeviceDyingUnderIt() async throws {
    let lamp = LampThatDiesOnce(start: start)
    let client = LiveCommandDevice<LampProtocol>(
      connector: lamp.connector, configuration: .init(requestTimeout: patience, reconnect: fast), logger: quiet,
      analytics: .disabled)
    let status = Task { try await client.status() }
    try await lamp.dieUnderTheFirstRequest()
    #expect(try await status.value == Lamp.Status(on: false, seconds: 0))
    #expect(lamp.connections.withLock { $0 } == 2)
  }

  @Test func aCommandTheDeviceDiedUnderIsNotSentTwice() async throws {
    // A command may have been carried out before the device died: it is reported, not repeated.
    let lamp = LampThatDiesOnce(start: start)
    let client = LiveCommandDevice<LampProtocol>(
      connector: lamp.connector, configuration: .init(requestTimeout: patience, reconnect: fast), logger: quiet,
      analytics: .disabled)
    let command = Task { try await client.send(.switchOn) }
    try await lamp.dieUnderTheFirstRequest()
    await #expect {
      try await command.value
    } throws: { error in
      guard case LampError.unreachable(let line) = error else { return false }
      return line.description.contains("lost the lamp")
    }
    #expect(try await client.status() == Lamp.Status(on: false, seconds: 0), "the lamp never got it twice")
  }
}

@Suite struct EchoTests {
  /// A server that sends every frame back as it came.
  private let echoing = RadioServer(logger: quiet) { $0 }

  @Test func theRequestComingBackIsAnEchoNotAnAnswer() async throws {
    let link = RadioLink(
      connector: .inProcess(endpoint: "in-process:echo", server: echoing),
      configuration: .init(requestTimeout: patience, reconnect: .never), logger: quiet)
    try await link.start()
    await #expect(throws: RadioError.echoedRequest) { try await link.request(type: 0x40, payload: [1, 2]) }
    #expect(RadioError.echoedRequest.description == "an echo answers there, sending each request back unchanged")
    #expect(RadioError.echoedRequest.translatedMessage.resolved(in: .russian).contains("эхо"))
    await link.close()
  }

  @Test func aDeviceAnEchoStandsInForCannotBeReachedThere() async throws {
    let client = LiveCommandDevice<LampProtocol>(
      connector: .inProcess(endpoint: "in-process:echo", server: echoing), logger: quiet, analytics: .disabled)
    for operation in ["status", "command"] {
      do {
        if operation == "status" { _ = try await client.status() } else { _ = try await client.send(.switchOn) }
        Issue.record("an echo answered the \(operation)")
      } catch let error as LampError {
        guard case .unreachable(let line) = error else {
          Issue.record("\(operation): \(error)")
          continue
        }
        #expect(line.description.contains("cannot reach the lamp at in-process:echo (an echo answers there"))
        #expect(error.kind == .unavailable)
      }
    }
  }
}

@Suite struct UnreadableAnswerTests {
  @Test func anAnswerThatDoesNotDecodeIsNamedByItsKeyPathNotTheDecodersDump() async throws {
    let server = RadioServer(logger: quiet) { request in
      Frame(type: request.type | 0x80, sequence: request.sequence, payload: Array(#"{"on":"yes"}"#.utf8))
    }
    let client = LiveCommandDevice<LampProtocol>(
      connector: .inProcess(endpoint: "in-process:odd-lamp", server: server), logger: quiet, analytics: .disabled)
    do {
      _ = try await client.status()
      Issue.record("the answer was read")
    } catch let error as LampError {
      let line = error.userMessage
      #expect(line.hasPrefix("the lamp said nonsense: Status: on: expected Bool"), "names the key path: \(line)")
      for dump in ["DecodingError", "CodingKeys", "Context(", "typeMismatch"] {
        #expect(!line.contains(dump), "\(line)")
      }
    }
  }

  @Test func aRequestADeviceCannotReadIsAnsweredByItsKeyPath() throws {
    var lamp = CommandDevice(simulator: Lamp.nominal(at: Date(timeIntervalSince1970: 0)))
    let answer = lamp.respond(
      to: Frame(type: LampProtocol.MessageType.commandRequest.rawValue, sequence: 9, payload: Array("{}".utf8)),
      at: Date(timeIntervalSince1970: 0))
    let failure = try FrameBody.decode(DeviceFailure.self, from: answer.payload)
    #expect(failure.message.hasPrefix("cannot read the request: "), "\(failure.message)")
    #expect(!failure.message.contains("DecodingError") && !failure.message.contains("Context("), "\(failure.message)")
  }
}

@Suite struct SocketPathBlockedTests {
  @Test func aFileWhereAFolderShouldBeIsNamedWithWhatItIs() throws {
    let scratch = try ScratchDirectory()
    let file = scratch.file("plan.txt")
    try Data("keep".utf8).write(to: URL(fileURLWithPath: file))
    #expect(throws: RadioError.notADirectory(path: file + "/x.sock", component: file, kind: .regularFile)) {
      try UnixSocketListener(path: file + "/x.sock")
    }
    // Deeper, and through a link to the file: the first folder that is not one.
    let link = scratch.file("link")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
    #expect(throws: RadioError.notADirectory(path: link + "/a/x.sock", component: link, kind: .regularFile)) {
      try UnixSocketListener(path: link + "/a/x.sock")
    }
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "keep", "left alone")
    #expect(
      RadioError.notADirectory(path: file + "/x.sock", component: file, kind: .regularFile).description
        == "\(file) is a regular file, not a directory")
  }

  @Test func aLoopOfLinksIsNamed() throws {
    let scratch = try ScratchDirectory()
    let (a, b) = (scratch.file("a"), scratch.file("b"))
    try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: b)
    try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
    #expect(throws: RadioError.notADirectory(path: a + "/x.sock", component: a, kind: .linkLoop)) {
      try UnixSocketListener(path: a + "/x.sock")
    }
    #expect(FileKind.linkLoop.text.resolved(in: .russian) == "замкнутая цепочка символических ссылок")
  }
}
