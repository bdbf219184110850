import Foundation
import Logging
import Synchronization
import TestHarness
import Testing

@testable import Radio

/// Collects a link's events in the background.
final class EventLog: Sendable {
  private final class Storage: Sendable {
    let events = Mutex<[LinkEvent]>([])
  }

  private let storage = Storage()
  private let task: Task<Void, Never>

  init(_ link: RadioLink) {
    let stream = link.events()
    let storage = self.storage
    task = Task { for await event in stream { storage.events.withLock { $0.append(event) } } }
  }

  var all: [LinkEvent] { storage.events.withLock { $0 } }

  func contains(_ event: LinkEvent) -> Bool { all.contains(event) }

  var lostCount: Int { all.filter { if case .connectionLost = $0 { true } else { false } }.count }

  deinit { task.cancel() }
}

/// Hands out one scripted connection per connect: an echo server, a silent one, or a failure.
final class ScriptedConnector: Sendable {
  enum Step: Sendable {
    case echo, silent, fail
  }

  private let steps: Mutex<[Step]>
  private let servers = Mutex<[InMemoryRadioTransport]>([])
  let attempts = Mutex(0)

  init(_ steps: [Step]) { self.steps = Mutex(steps) }

  var connector: RadioConnector {
    RadioConnector(endpoint: "scripted") { [self] in
      attempts.withLock { $0 += 1 }
      let step = steps.withLock { $0.isEmpty ? .fail : $0.removeFirst() }
      guard step != .fail else { throw RadioError.system(call: "connect", reason: "Connection refused") }
      let (client, server) = InMemoryRadioTransport.pair()
      servers.withLock { $0.append(server) }
      if step == .echo {
        let link = RadioLink(transport: server, logger: quiet)
        try await link.start()
        _ = echo(on: link)
      }
      return client
    }
  }

  /// Hangs up the latest connection from the server side.
  func dropLatest() async {
    await servers.withLock { $0.last }?.close()
  }
}

@Suite struct ReconnectTests {
  let fast = ReconnectPolicy(maximumAttempts: 5, initialDelay: .milliseconds(10), maximumDelay: .milliseconds(20))

  @Test func aRequestMadeWhileReconnectingWaitsForTheNewConnection() async throws {
    let script = ScriptedConnector([.echo, .fail, .fail, .echo])
    let link = RadioLink(
      connector: script.connector, configuration: .init(requestTimeout: patience, reconnect: fast), logger: quiet)
    let log = EventLog(link)
    try await link.start()
    #expect(try await link.request(type: 1, payload: [1]).payload == [1])

    await script.dropLatest()
    #expect(await eventually { log.lostCount == 1 })
    // Made while the link is between connections: it waits instead of failing with "not connected".
    let response = try await link.request(type: 1, payload: [2])
    #expect(response.payload == [2])
    #expect(script.attempts.withLock { $0 } == 4)
    #expect(await link.statistics().reconnects == 1)
    #expect(await eventually { log.contains(.reconnected(attempt: 3)) })
    let reconnecting = log.all.compactMap { event -> Int? in
      if case .reconnecting(let attempt, 5, _) = event { attempt } else { nil }
    }
    #expect(reconnecting == [1, 2, 3])
    await link.close()
  }

  @Test func aRequestInFlightWhenTheConnectionDropsFailsAsLostNotAsTimedOut() async throws {
    let script = ScriptedConnector([.silent, .echo])
    let link = RadioLink(
      connector: script.connector, configuration: .init(requestTimeout: patience, reconnect: fast), logger: quiet)
    try await link.start()
    let sent = await link.statistics().framesSent
    let waiting = Task { try await link.request(type: 1, timeout: .seconds(60)) }
    try await until("the request to be sent") { await link.statistics().framesSent > sent }
    await script.dropLatest()
    await #expect(throws: RadioError.connectionLost) { try await waiting.value }
    // Sent again, it goes out on the new connection.
    #expect(try await link.request(type: 1, payload: [3]).payload == [3])
    await link.close()
  }

  @Test func givesUpWhenTheBackoffIsSpentAndSaysSo() async throws {
    let script = ScriptedConnector([.echo])
    let policy = ReconnectPolicy(maximumAttempts: 2, initialDelay: .milliseconds(5), maximumDelay: .milliseconds(5))
    let link = RadioLink(connector: script.connector, configuration: .init(reconnect: policy), logger: quiet)
    let log = EventLog(link)
    try await link.start()
    await script.dropLatest()
    #expect(await eventually { log.lostCount == 1 })
    await #expect(throws: RadioError.reconnectFailed(attempts: 2)) { try await link.request(type: 1) }
    #expect(await eventually { log.contains(.gaveUp(attempts: 2)) })
    #expect(await !link.isConnected)
  }

  @Test func reconnectsToAServerRestartedOnTheSameSocket() async throws {
    let scratch = try ScratchDirectory()
    let path = scratch.file("suit.sock")
    var listener = try UnixSocketListener(path: path)
    var server = RadioServer(logger: quiet, handler: echoHandler)
    let first = Task { [listener, server] in await server.serve(listener: listener) }
    let steady = ReconnectPolicy(maximumAttempts: 100, initialDelay: .milliseconds(10), maximumDelay: .milliseconds(50))
    let link = RadioLink(
      connector: .unixSocket(path: path), configuration: .init(requestTimeout: patience, reconnect: steady),
      logger: quiet)
    let log = EventLog(link)
    try await link.start()
    #expect(try await link.request(type: 2, payload: [1]).payload == [1])

    listener.closeKeepingFile()  // the server process dies: its socket file stays behind
    await first.value
    #expect(await eventually { log.lostCount == 1 })
    let pending = Task { try await link.request(type: 2, payload: [2]) }
    // Pacing the fault: the server comes back while the request waits for it (nothing to observe).
    try await Task.sleep(for: .milliseconds(30))
    listener = try UnixSocketListener(path: path)  // restarted: replaces the stale file
    server = RadioServer(logger: quiet, handler: echoHandler)
    let second = Task { [listener, server] in await server.serve(listener: listener) }

    #expect(try await pending.value.payload == [2])
    #expect(await link.statistics().reconnects == 1)
    await link.close()
    listener.close()
    await second.value
  }
}

@Suite struct CancellationTests {
  @Test func aCancelledRequestEndsAtOnceNotAtItsTimeout() async throws {
    let (client, silent) = InMemoryRadioTransport.pair()
    let link = RadioLink(transport: client, logger: quiet)
    try await link.start()
    let sent = await link.statistics().framesSent
    let request = Task { try await link.request(type: 1, timeout: .seconds(600)) }
    try await until("the request to be sent") { await link.statistics().framesSent > sent }
    request.cancel()
    // Were cancellation ignored, this would wait ten minutes and end in a timeout instead.
    await #expect(throws: CancellationError.self) { try await request.value }
    // The link is still usable, and a late answer to the cancelled request is not mistaken for news.
    await link.close()
    await silent.close()
  }

  @Test func aCancelledWaitForReconnectionEndsAtOnce() async throws {
    let script = ScriptedConnector([.echo])
    let slow = ReconnectPolicy(maximumAttempts: 3, initialDelay: .seconds(60), maximumDelay: .seconds(60))
    let link = RadioLink(connector: script.connector, configuration: .init(reconnect: slow), logger: quiet)
    let log = EventLog(link)
    try await link.start()
    await script.dropLatest()
    #expect(await eventually { log.lostCount == 1 })
    let request = Task { try await link.request(type: 1) }
    // Pacing: the request is cancelled while it waits for the reconnection (nothing to observe).
    try await Task.sleep(for: .milliseconds(20))
    request.cancel()
    await #expect(throws: CancellationError.self) { try await request.value }
    await link.close()
  }
}

@Suite struct InMemoryPairTests {
  @Test func aPairNobodyHoldsIsFreed() async throws {
    weak var weakA: InMemoryRadioTransport?
    weak var weakB: InMemoryRadioTransport?
    do {
      let (a, b) = InMemoryRadioTransport.pair()
      weakA = a
      weakB = b
      try await a.send([1])
      #expect(try await b.receive() == [1])
    }
    #expect(weakA == nil)
    #expect(weakB == nil)
  }

  @Test func droppingOneEndEndsTheOther() async throws {
    let survivor: InMemoryRadioTransport = {
      let (dropped, survivor) = InMemoryRadioTransport.pair()
      _ = dropped
      return survivor
    }()
    #expect(try await survivor.receive() == nil)
    await #expect(throws: RadioError.closed) { try await survivor.send([1]) }
  }
}
