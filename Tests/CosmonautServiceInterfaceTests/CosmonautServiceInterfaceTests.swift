import Testing

@testable import CosmonautServiceInterface

/// A fake provider, the way domain tests will use the interface.
private struct FakeCosmonautServiceProvider: CosmonautServiceProviding {
  let result: CosmonautServiceStatus
  func status() async throws -> CosmonautServiceStatus { result }
}

@Test func aFakeProviderReportsItsStatus() async throws {
  let provider: any CosmonautServiceProviding = FakeCosmonautServiceProvider(
    result: CosmonautServiceStatus(isReady: true, detail: "online"))
  #expect(try await provider.status() == CosmonautServiceStatus(isReady: true, detail: "online"))
}
