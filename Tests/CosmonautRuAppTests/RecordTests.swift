import CosmonautServiceInterface
import Foundation
import MissionControlInterface
import Testing
import TsUPMissionControl

/// The cosmonaut's record kept on board: what it starts with, what a change does, what survives.
@Suite struct RecordTests {
  @Test func startsEmptyWithTheDefaultInventoryAndKeepsChangesAcrossClients() async throws {
    let harness = try Harness()
    let client = try harness.makeClient(configured: false)
    #expect(try await client.profile() == .empty)
    #expect(try await client.supplies() == SupplyItem.defaultInventory)
    #expect(try await client.lastKnownPosition() == nil)

    _ = try await client.updateProfile(ProfileUpdate(name: "  Yuri Gagarin ", agency: "Roscosmos"))
    #expect(try await client.consume("WATER", quantity: 2).quantity == 398)
    #expect(try await client.restock("food", quantity: 10).quantity == 190)

    let reopened = try harness.makeClient(configured: false)
    #expect(try await reopened.profile() == CosmonautProfile(name: "Yuri Gagarin", agency: "Roscosmos"))
    #expect(try await reopened.supplies().first { $0.id == "water" }?.quantity == 398)
    #expect(
      try await reopened.pendingSync().pending.map(\.kind) == [
        "profile.updated", "supplies.changed", "supplies.changed",
      ])
  }

  @Test func aRefusedChangeChangesNothingAndQueuesNothing() async throws {
    let harness = try Harness()
    let client = try harness.makeClient(configured: false)
    await #expect(
      throws: CosmonautServiceError.insufficientStock(item: "oxygen", requested: 25, available: 24, unit: "canisters")
    ) {
      try await client.consume("oxygen", quantity: 25)
    }
    await #expect(throws: CosmonautServiceError.unknownItem("vodka")) { try await client.consume("vodka", quantity: 1) }
    await #expect(throws: CosmonautServiceError.invalidQuantity(0)) { try await client.restock("food", quantity: 0) }
    let error = await #expect(throws: CosmonautServiceError.self) {
      try await client.updateProfile(ProfileUpdate(name: "   "))
    }
    #expect(error?.kind == .usage)
    #expect(try await client.supplies() == SupplyItem.defaultInventory)
    #expect(try await client.profile() == .empty)
    #expect(try await client.syncStatus() == SyncStatus(pending: 0, setAside: 0, isConfigured: false))
    #expect(harness.recordedErrors.count == 4, "every failure is recorded")
  }

  @Test func twoClientsOnOneStoreLoseNoUpdate() async throws {
    let harness = try Harness()
    let first = try harness.makeClient(store: try harness.makeStore(), configured: false)
    let second = try harness.makeClient(store: try harness.makeStore(), configured: false)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for client in [first, second] {
        group.addTask { for _ in 0..<15 { _ = try await client.consume("water", quantity: 1) } }
      }
      try await group.waitForAll()
    }
    #expect(try await first.supplies().first { $0.id == "water" }?.quantity == 370)
    #expect(try await second.pendingSync().pending.count == 30)
  }
}
