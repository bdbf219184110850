import CosmonautServiceFakes
import CosmonautServiceInterface
import Testing

@testable import Cosmonaut

/// A change a typed link asks for is checked against the data before the person is asked.
@MainActor @Suite struct PreflightTests {
  let domain = CosmonautDomain(client: FakeCosmonautClient())

  @Test func anUnknownItemOrATooLargeQuantityIsRefusedBeforeTheQuestion() async throws {
    await #expect(throws: CosmonautServiceError.unknownItem("unobtainium")) {
      try await domain.preflight(.consume(item: "unobtainium", quantity: 2))
    }
    let water = try #require(SupplyItem.defaultInventory.first { $0.id == "water" })
    await #expect(
      throws: CosmonautServiceError.insufficientStock(
        item: water.id, requested: water.quantity + 1, available: water.quantity, unit: water.unit)
    ) { try await domain.preflight(.consume(item: "water", quantity: water.quantity + 1)) }
    try await domain.preflight(.consume(item: "WATER", quantity: 2))
    try await domain.preflight(.restock(item: "water", quantity: 2))
  }

  @Test func aProfileFieldThatIsNotValidOrASetAsideReportThatIsNotThereIsRefused() async throws {
    await #expect(throws: CosmonautServiceError.self) {
      try await domain.preflight(.updateProfile(ProfileUpdate(name: "  ")))
    }
    await #expect(throws: CosmonautServiceError.self) { try await domain.preflight(.retrySetAside(key: "abcd")) }
    try await domain.preflight(.updateProfile(ProfileUpdate(name: "Valentina Orlova")))
    try await domain.preflight(.supplies)
  }
}
