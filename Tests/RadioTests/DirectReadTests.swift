import Foundation
import Logging
import TestHarness
import Testing

@testable import Radio

/// A peer on a fresh socket that plays `script` on each connection it accepts.
final class ScriptedSocketPeer {
  let scratch: ScratchDirectory
  let listener: UnixSocketListener
  private let serving: Task<Void, Never>

  init(_ script: @escaping @Sendable (PeerConnection) async throws -> Void) throws {
    scratch = try ScratchDirectory()
    let listener = try UnixSocketListener(path: scratch.file("peer.sock"))
    self.listener = listener
    serving = Task {
      while let transport = try? await listener.accept() {
        Task {
          let connection = PeerConnection(transport)
          try? await script(connection)
        }
      }
    }
  }

  /// A link to the peer that waits long for answers and never reconnects.
  func link() async throws -> RadioLink {
    let link = RadioLink(
      connector: .unixSocket(path: listener.path), configuration: .init(requestTimeout: patience, reconnect: .never),
      logger: quiet)
    try await link.start()
    return link
  }

  deinit {
    listener.close()
    serving.cancel()
  }
}

/// One connection a `ScriptedSocketPeer` accepted: whole frames in, bytes out.
final class PeerConnection {
  private let transport: UnixSocketTransport
  private var decoder = FrameDecoder()
  private var frames: [Frame] = []

  init(_ transport: UnixSocketTransport) { self.transport = transport }

  /// The next request; nil once the client hung up.
  func nextFrame() async throws -> Frame? {
    while frames.isEmpty {
      guard let chunk = try await transport.receive() else { return nil }
      frames += decoder.feed(chunk)
    }
    return frames.removeFirst()
  }

  /// Answers `request` as an echo does.
  func answer(_ request: Frame) async throws {
    try await send(
      try FrameEncoder().encode(Frame(type: request.type | 0x80, sequence: request.sequence, payload: request.payload)))
  }

  /// Answers every request until the client hangs up.
  func echoAll() async throws {
    while let frame = try await nextFrame() { try await answer(frame) }
  }

  func send(_ bytes: [UInt8]) async throws { try await transport.send(bytes) }

  func close() async { await transport.close() }
}

/// A request over a Unix socket reads its answer on its caller's thread for a moment
/// (`RadioLink.directWait`), then waits as a task; the link behaves the same either way.
@Suite struct DirectReadTests {
  @Test func anAnswerLaterThanTheDirectWaitStillComesAndTheNextOneToo() async throws {
    let peer = try ScriptedSocketPeer { connection in
      guard let first = try await connection.nextFrame() else { return }
      try await Task.sleep(for: .milliseconds(50))  // pacing: well past the direct wait (nothing to observe)
      try await connection.answer(first)
      try await connection.echoAll()
    }
    let link = try await peer.link()
    #expect(try await link.request(type: 1, payload: [1]).payload == [1])
    #expect(try await link.request(type: 1, payload: [2]).payload == [2])
    #expect(await link.statistics().framesReceived == 2)
    await link.close()
  }

  @Test(arguments: [Duration.milliseconds(1), .milliseconds(30)])
  func aRequestNobodyAnswersTimesOut(after timeout: Duration) async throws {
    let peer = try ScriptedSocketPeer { connection in
      while try await connection.nextFrame() != nil {}
    }
    let link = try await peer.link()
    await #expect(throws: RadioError.timeout(sequence: 1)) { try await link.request(type: 1, timeout: timeout) }
    #expect(await link.statistics().timeouts == 1)
    await link.close()
  }

  @Test func aPeerThatHangsUpHalfwayThroughTheAnswerLosesTheRequest() async throws {
    let peer = try ScriptedSocketPeer { connection in
      guard let request = try await connection.nextFrame() else { return }
      let answer = try FrameEncoder().encode(
        Frame(type: request.type | 0x80, sequence: request.sequence, payload: [1, 2, 3, 4]))
      try await connection.send(Array(answer.prefix(6)))
      await connection.close()
    }
    let link = try await peer.link()
    let events = EventLog(link)
    await #expect(throws: RadioError.connectionLost) { try await link.request(type: 1) }
    #expect(await eventually { events.lostCount == 1 })
    await link.close()
  }

  @Test func twoRequestsInFlightEachGetTheirOwnAnswer() async throws {
    // The peer answers only once it has both, the second first: whichever request reads the
    // socket hands the other its answer.
    let peer = try ScriptedSocketPeer { connection in
      guard let first = try await connection.nextFrame(), let second = try await connection.nextFrame() else { return }
      try await connection.answer(second)
      try await connection.answer(first)
      try await connection.echoAll()
    }
    let link = try await peer.link()
    async let a = link.request(type: 1, payload: [1])
    async let b = link.request(type: 2, payload: [2])
    let (first, second) = try await (a, b)
    #expect(first == Frame(type: 0x81, sequence: first.sequence, payload: [1]))
    #expect(second == Frame(type: 0x82, sequence: second.sequence, payload: [2]))
    #expect(try await link.request(type: 3, payload: [3]).payload == [3])
    await link.close()
  }

  @Test func aFrameNobodyAskedForArrivesOnIncomingAfterARequest() async throws {
    let news = Frame(type: 0x33, sequence: 0, payload: [9])
    let peer = try ScriptedSocketPeer { connection in
      guard let request = try await connection.nextFrame() else { return }
      try await connection.answer(request)
      try await connection.send(try FrameEncoder().encode(news))
      try await connection.echoAll()
    }
    let link = try await peer.link()
    _ = try await link.request(type: 1)
    var incoming = link.incoming.makeAsyncIterator()
    #expect(await incoming.next() == news)
    await link.close()
  }

  @Test func aPeerThatHangsUpBetweenRequestsIsNoticedWithoutAnotherRequest() async throws {
    let peer = try ScriptedSocketPeer { connection in
      guard let request = try await connection.nextFrame() else { return }
      try await connection.answer(request)
      await connection.close()
    }
    let link = try await peer.link()
    let events = EventLog(link)
    #expect(try await link.request(type: 1, payload: [5]).payload == [5])
    #expect(await eventually { events.lostCount == 1 })
    await link.close()
  }

  @Test func aCancelledRequestOverASocketEndsAtOnceNotAtItsTimeout() async throws {
    let peer = try ScriptedSocketPeer { connection in
      while try await connection.nextFrame() != nil {}
    }
    let link = try await peer.link()
    let sent = await link.statistics().framesSent
    let request = Task { try await link.request(type: 1, timeout: .seconds(600)) }
    try await until("the request to be sent") { await link.statistics().framesSent > sent }
    request.cancel()
    // Were cancellation ignored, this would wait ten minutes and end in a timeout instead.
    await #expect(throws: CancellationError.self) { try await request.value }
    await link.close()
  }

  @Test func closingTheLinkEndsARequestReadingDirectly() async throws {
    let peer = try ScriptedSocketPeer { connection in
      while try await connection.nextFrame() != nil {}
    }
    let link = try await peer.link()
    let sent = await link.statistics().framesSent
    let request = Task { try await link.request(type: 1, timeout: .seconds(600)) }
    try await until("the request to be sent") { await link.statistics().framesSent > sent }
    await link.close()
    await #expect(throws: RadioError.closed) { try await request.value }
  }
}
