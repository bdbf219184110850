import AppAnalytics
import Foundation
import Logging
import Radio
import SpacesuitServiceInterface
import Synchronization
import Testing

@testable import SpacesuitService

@Suite struct ConnectingTests {

  @Test func aSocketPathTooLongIsBadUsageNamingThePathOnce() async throws {
    let path = "/tmp/" + String(repeating: "x", count: 120) + ".sock"
    let expected = try #require(#expect(throws: SpacesuitError.self) { try SuitConnection.parse("unix:\(path)") })
    #expect(
      expected.userMessage
        == "the suit socket path \(path) is \(path.utf8.count) bytes; a Unix socket path may have at most "
        + "\(maximumUnixSocketPathLength): use a shorter one")
    // The lenient initializer lets it through; connecting refuses it the same way, as bad usage.
    let connection = try #require(SuitConnection(argument: "unix:\(path)"))
    let error = await #expect(throws: SpacesuitError.self) {
      try await SpacesuitClients.live(
        connection, logger: .disabled(module: "SpacesuitServiceTests"), analytics: .disabled)
    }
    #expect(error == expected)
    #expect(error?.kind == .usage)
    #expect(error?.userMessage.components(separatedBy: path).count == 2, "the path appears once")
  }

}

/// `watchUpdates` over a real socket while the suit process goes away and comes back.
@Suite struct WatchThroughOutageTests {
  let logger = Logger.disabled(module: "SpacesuitServiceTests")

  @Test func watchSaysTheLinkIsLostAndBackAndKeepsSampling() async throws {
    let path = "/tmp/iss-\(UUID().uuidString.prefix(8)).sock"
    var listener = try UnixSocketListener(path: path)
    var server = SimulatedSuitServer(simulator: SuitSimulator(seed: 9, start: Date()), logger: logger)
    var serving = Task { [listener, server] in await server.serve(listener: listener) }
    let fast = ReconnectPolicy(maximumAttempts: 20, initialDelay: .milliseconds(20), maximumDelay: .milliseconds(50))
    let client = try await SpacesuitClients.live(
      .unixSocket(path: path), logger: logger, analytics: .disabled,
      configuration: .init(requestTimeout: .seconds(60), reconnect: fast))

    var updates: [SuitWatchUpdate] = []
    var restarted = false
    for try await update in client.watchUpdates(count: 12, interval: .milliseconds(20)) {
      updates.append(update)
      if updates.count == 3 {
        listener.close()  // the suit process stops
        await serving.value
      }
      if case .link(.reconnecting(2, _)) = update, !restarted {
        restarted = true
        listener = try UnixSocketListener(path: path)
        server = SimulatedSuitServer(simulator: SuitSimulator(seed: 9, start: Date()), logger: logger)
        serving = Task { [listener, server] in await server.serve(listener: listener) }
      }
    }
    let samples = updates.filter { if case .sample = $0 { true } else { false } }
    #expect(samples.count == 12, "every sample asked for arrives, the outage notwithstanding")
    #expect(updates.contains(.link(.reconnecting(attempt: 1, maximumAttempts: 20))))
    #expect(updates.contains(.link(.reconnected)))
    let reconnectedAt = try #require(updates.firstIndex(of: .link(.reconnected)))
    #expect(updates[reconnectedAt...].contains { if case .sample = $0 { true } else { false } })
    #expect(
      SuitLinkEvent.reconnecting(attempt: 2, maximumAttempts: 10).message
        == "suit link lost; reconnecting (attempt 2 of 10)…")
    listener.close()
    await serving.value
  }

  @Test func aWatchEndsUnreachableOnlyWhenTheBackoffIsSpent() async throws {
    let path = "/tmp/iss-\(UUID().uuidString.prefix(8)).sock"
    let listener = try UnixSocketListener(path: path)
    let server = SimulatedSuitServer(simulator: SuitSimulator(seed: 9, start: Date()), logger: logger)
    let serving = Task { await server.serve(listener: listener) }
    let policy = ReconnectPolicy(maximumAttempts: 3, initialDelay: .milliseconds(10), maximumDelay: .milliseconds(10))
    let client = try await SpacesuitClients.live(
      .unixSocket(path: path), logger: logger, analytics: .disabled,
      configuration: .init(requestTimeout: .seconds(60), reconnect: policy))
    var attempts: [Int] = []
    var samples = 0
    let error = await #expect(throws: SpacesuitError.self) {
      for try await update in client.watchUpdates(count: nil, interval: .milliseconds(10)) {
        switch update {
        case .sample:
          samples += 1
          if samples == 2 {
            listener.close()
            await serving.value
          }
        case .link(.reconnecting(let attempt, _)): attempts.append(attempt)
        case .link(.reconnected): Issue.record("nothing to reconnect to")
        }
      }
    }
    #expect(attempts == [1, 2, 3])
    #expect(error?.kind == .unavailable)
    #expect(error?.userMessage.contains("3 reconnect attempts failed") == true, "\(error?.userMessage ?? "")")
  }
}
