import Foundation
import Logging
import LoggingTestSupport
import TestHarness
import Testing

@testable import Radio

/// How a test server answers: suspending (its clients wait on the poll thread) or at once (its
/// first clients served on threads of their own).
enum Answering: CaseIterable, Sendable {
  case suspending, immediate
}

/// A `RadioServer` on a fresh socket, with its log kept for the assertions.
final class ServerFixture: @unchecked Sendable {
  let scratch: ScratchDirectory
  let path: String
  let listener: UnixSocketListener
  let server: RadioServer
  let log = InMemoryLogSink()
  private var serving: Task<Void, Never>?

  init(_ configuration: RadioServerConfiguration = .init(), handler: @escaping RadioServer.Handler = echoHandler) throws
  {
    scratch = try ScratchDirectory()
    path = scratch.file("server.sock")
    listener = try UnixSocketListener(path: path)
    server = RadioServer(
      configuration: configuration, logger: Logger(module: "RadioServer", level: .debug, sinks: [log]), handler: handler
    )
    start()
  }

  /// A server echoing as `echoHandler` does, answering as `answering` says.
  init(_ configuration: RadioServerConfiguration = .init(), answering: Answering) throws {
    scratch = try ScratchDirectory()
    path = scratch.file("server.sock")
    listener = try UnixSocketListener(path: path)
    let logger = Logger(module: "RadioServer", level: .debug, sinks: [log])
    switch answering {
    case .suspending: server = RadioServer(configuration: configuration, logger: logger, handler: echoHandler)
    case .immediate: server = RadioServer(configuration: configuration, logger: logger, immediateHandler: immediateEcho)
    }
    start()
  }

  private func start() {
    let (listener, server) = (listener, server)
    serving = Task { await server.serve(listener: listener) }
  }

  func client() async throws -> RadioLink {
    let link = RadioLink(
      connector: .unixSocket(path: path), configuration: .init(requestTimeout: patience, reconnect: .never),
      logger: quiet)
    try await link.start()
    return link
  }

  func logged(_ text: String) -> Bool { log.messages.contains { $0.contains(text) } }

  func stop() async {
    listener.close()
    await serving?.value
  }
}

@Suite struct RadioServerTests {
  @Test(arguments: Answering.allCases) func servesManyClientsAtOnceEachInOrder(answering: Answering) async throws {
    // 40 clients: with an immediate handler, four on threads of their own and the rest on the poll thread.
    let fixture = try ServerFixture(answering: answering)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for client in 0..<40 {
        group.addTask {
          let link = try await fixture.client()
          for request in 0..<10 {
            let payload = [UInt8(client), UInt8(request)]
            #expect(try await link.request(type: 1, payload: payload).payload == payload)
          }
          await link.close()
        }
      }
      try await group.waitForAll()
    }
    #expect(await eventually { fixture.server.connectionCount == 0 })
    await fixture.stop()
  }

  @Test(arguments: Answering.allCases) func heldIdleConnectionsDoNotStarveAWellBehavedClient(
    answering: Answering
  )
    async throws
  {
    let fixture = try ServerFixture(answering: answering)
    let idle = try (0..<300).map { _ in try RawClient(path: fixture.path) }
    #expect(await eventually { fixture.server.connectionCount == idle.count })
    let link = try await fixture.client()
    #expect(try await link.request(type: 7, payload: [42]).payload == [42])
    #expect(fixture.server.connectionCount == idle.count + 1)
    await link.close()
    await fixture.stop()
  }

  @Test(arguments: Answering.allCases) func refusesAClientOverTheLimitAndLogsIt(answering: Answering) async throws {
    let fixture = try ServerFixture(RadioServerConfiguration(maximumConnections: 3), answering: answering)
    let admitted = try (0..<3).map { _ in try RawClient(path: fixture.path) }
    #expect(await eventually { fixture.server.connectionCount == admitted.count })
    let refused = try RawClient(path: fixture.path)
    #expect(await refused.isClosedByPeer(within: 60))
    #expect(fixture.server.refusedCount == 1)
    #expect(fixture.logged("refused a client: already serving 3 clients, the limit"))
    // Once one leaves, a newcomer is served again.
    _ = consume admitted
    #expect(await eventually { fixture.server.connectionCount == 0 })
    let link = try await fixture.client()
    #expect(try await link.request(type: 1, payload: [9]).payload == [9])
    await link.close()
    await fixture.stop()
  }

  @Test(arguments: Answering.allCases) func dropsAnIdleClient(answering: Answering) async throws {
    let fixture = try ServerFixture(RadioServerConfiguration(idleTimeout: .milliseconds(200)), answering: answering)
    let idle = try RawClient(path: fixture.path)
    #expect(await idle.isClosedByPeer(within: 60))
    #expect(fixture.logged("idle for"))
    #expect(await eventually { fixture.server.connectionCount == 0 })
    await fixture.stop()
  }

  @Test(arguments: Answering.allCases) func dropsAClientThatStopsHalfwayThroughAFrame(
    answering: Answering
  )
    async throws
  {
    let fixture = try ServerFixture(
      RadioServerConfiguration(idleTimeout: .seconds(600), partialFrameTimeout: .milliseconds(200)),
      answering: answering)
    let frame = try FrameEncoder().encode(Frame(type: 1, sequence: 1, payload: [1, 2, 3, 4]))
    let halfSent = try RawClient(path: fixture.path)
    halfSent.send(Array(frame.prefix(6)))
    #expect(await halfSent.isClosedByPeer(within: 60))
    #expect(fixture.logged("sent part of a frame"))
    await fixture.stop()
  }

  @Test(arguments: Answering.allCases) func skipsCorruptBytesAndAnswersTheNextFrame(answering: Answering) async throws {
    let fixture = try ServerFixture(answering: answering)
    var bad = try FrameEncoder().encode(Frame(type: 1, sequence: 5, payload: [1]))
    bad[bad.count - 1] ^= 0xFF
    let good = try FrameEncoder().encode(Frame(type: 1, sequence: 6, payload: [2]))
    let client = try RawClient(path: fixture.path)
    client.send([0x00, 0x13] + bad + good)
    var decoder = FrameDecoder()
    var buffer = [UInt8](repeating: 0, count: 256)
    var frames: [Frame] = []
    try await until("the answer to the good frame") {
      let count = buffer.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
      if count > 0 { frames += decoder.feed(buffer[0..<count]) }
      return !frames.isEmpty
    }
    #expect(frames == [Frame(type: 0x81, sequence: 6, payload: [2])])
    #expect(fixture.logged("corrupt frame"))
    await fixture.stop()
  }

  @Test(arguments: Answering.allCases) func closingTheListenerDropsEveryClientAndEndsServing(
    answering: Answering
  )
    async throws
  {
    let fixture = try ServerFixture(answering: answering)
    let held = try RawClient(path: fixture.path)
    #expect(await eventually { fixture.server.connectionCount == 1 })
    await fixture.stop()  // returns only once every client task has ended
    #expect(fixture.server.connectionCount == 0)
    #expect(await held.isClosedByPeer(within: 60))
  }
}

/// A server with an immediate handler, and more clients than it has threads for.
@Suite struct ClientThreadTests {
  @Test func clientsBeyondTheThreadsAreServedOnThePollThreadAndAThreadFreedServesTheNext() async throws {
    var oneThread = RadioServerConfiguration()
    oneThread.clientThreads = 1
    let fixture = try ServerFixture(oneThread, answering: .immediate)
    let first = try await fixture.client()
    let second = try await fixture.client()
    #expect(try await first.request(type: 1, payload: [1]).payload == [1])
    #expect(try await second.request(type: 1, payload: [2]).payload == [2])
    await first.close()
    #expect(await eventually { fixture.server.connectionCount == 1 })
    let third = try await fixture.client()
    #expect(try await third.request(type: 1, payload: [3]).payload == [3])
    #expect(try await second.request(type: 1, payload: [4]).payload == [4])
    await second.close()
    await third.close()
    await fixture.stop()
  }

  @Test func answersTheIdentifyRequestOnAClientThread() async throws {
    let scratch = try ScratchDirectory()
    let peer = RadioPeer(program: "test-sim", serves: "a test", bands: [0x10])
    let listener = try UnixSocketListener(path: scratch.file("peer.sock"), peer: peer)
    let server = RadioServer(logger: quiet, immediateHandler: immediateEcho)
    let serving = Task { await server.serve(listener: listener) }
    #expect(await RadioPeer.probe(path: listener.path, timeout: patience) == .peer(peer))
    listener.close()
    await serving.value
  }

  @Test func aHandlerThatAnswersNothingLeavesTheClientServed() async throws {
    let scratch = try ScratchDirectory()
    let listener = try UnixSocketListener(path: scratch.file("quiet.sock"))
    let server = RadioServer(
      logger: quiet,
      immediateHandler: { frame in
        frame.type == 2 ? nil : Frame(type: frame.type | 0x80, sequence: frame.sequence, payload: frame.payload)
      })
    let serving = Task { await server.serve(listener: listener) }
    let link = RadioLink(
      connector: .unixSocket(path: listener.path), configuration: .init(requestTimeout: patience, reconnect: .never),
      logger: quiet)
    try await link.start()
    await #expect(throws: RadioError.timeout(sequence: 1)) {
      try await link.request(type: 2, timeout: .milliseconds(50))
    }
    #expect(try await link.request(type: 1, payload: [7]).payload == [7])
    await link.close()
    listener.close()
    await serving.value
  }
}
