import CosmonautServiceFakes
import CosmonautServiceInterface
import PartnerConfiguration
import Testing

@testable import Cosmonaut

/// The domain delivers in the background only in the interactive app, only when its app asks for
/// it, and only while the partner's `backgroundSync` toggle is on; it stops with the app.
@MainActor @Suite struct BackgroundDeliveryTests {
  /// A fake with a change waiting (and the status report due).
  func client() async throws -> FakeCosmonautClient {
    let client = FakeCosmonautClient()
    _ = try await client.consume("water", quantity: 1)
    return client
  }

  /// Whether what waits leaves the outbox within a bounded wait (`checks` × 25 ms).
  func delivers(_ client: FakeCosmonautClient, checks: Int = 200) async -> Bool {
    for _ in 0..<checks {
      if await client.outbox.isEmpty { return true }
      try? await Task.sleep(for: .milliseconds(25))
    }
    return false
  }

  @Test func theInteractiveAppDeliversInTheBackgroundUntilItStops() async throws {
    let client = try await client()
    let domain = CosmonautDomain(client: client, deliversInBackground: true)
    await domain.start(interactive: true)
    #expect(await delivers(client))
    #expect(await client.deliveredHistory.map(\.kind).contains("supplies.changed"))
    await domain.stop()
  }

  @Test(arguments: [
    (interactive: false, deliversInBackground: true, toggle: true),
    (interactive: true, deliversInBackground: false, toggle: true),
    (interactive: true, deliversInBackground: true, toggle: false),
  ])
  func otherwiseNothingIsDeliveredUnasked(interactive: Bool, deliversInBackground: Bool, toggle: Bool) async throws {
    let client = try await client()
    let domain = CosmonautDomain(
      client: client, features: FeatureToggles(["backgroundSync": toggle]),
      deliversInBackground: deliversInBackground)
    await domain.start(interactive: interactive)
    // Rounds in the background would empty the outbox at once (the first test: well within this wait).
    #expect(await !delivers(client, checks: 20))
    #expect(await client.outbox.map(\.kind) == ["supplies.changed"])
    await domain.stop()
    #expect(await client.deliveredHistory.isEmpty)
  }
}
