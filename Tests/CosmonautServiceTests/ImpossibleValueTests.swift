import CosmonautServiceInterface
import Foundation
import Persistence
import Testing

@testable import CosmonautService

/// A store holding a value that can never be right is refused with the store's own line (exit 65),
/// never acted on, and nothing changes.
@Suite struct ImpossibleValueTests {
  private func inventory(_ change: (inout [SupplyItem]) -> Void) -> [SupplyItem] {
    var items = SupplyItem.defaultInventory
    change(&items)
    return items
  }

  @Test(arguments: [
    ("water", "has a stock of -5"),
    ("threshold", "low-stock threshold of -1"),
    ("twice", "listed more than once"),
    ("unnamed", "has no id"),
  ])
  func anImpossibleInventoryIsRefusedNamingTheFileAndChangesNothing(kind: String, says: String) async throws {
    let harness = try Harness()
    let store = try harness.makeStore()
    let items = inventory { items in
      switch kind {
      case "water": items[1].quantity = -5
      case "threshold": items[0].lowStockThreshold = -1
      case "twice": items.append(SupplyItem.defaultInventory[1].with(id: "WATER"))
      default: items[2].id = ""
      }
    }
    try store.put(items, key: CosmonautStore.inventoryKey, in: "cosmonaut.supplies")
    let client = try harness.makeClient(store: store)
    for attempt in [
      { _ = try await client.supplies() }, { _ = try await client.consume("food", quantity: 1) },
      { _ = try await client.restock("food", quantity: 1) },
    ] as [@Sendable () async throws -> Void] {
      let error = await #expect(throws: CosmonautServiceError.self) { try await attempt() }
      #expect(error?.kind == .rejected)
      #expect(error?.userMessage.contains(harness.storeURL.path) == true, "\(String(describing: error))")
      #expect(error?.userMessage.contains("cosmonaut.supplies/inventory") == true)
      #expect(error?.userMessage.contains(says) == true, "\(String(describing: error))")
      #expect(error?.userMessage.contains("backup") == true)
    }
    #expect(try store.get([SupplyItem].self, key: CosmonautStore.inventoryKey, in: "cosmonaut.supplies") == items)
    #expect(try await client.pendingSync().pending.isEmpty)
  }

  @Test func anImpossibleInventoryInAnEarlierVersionsRecordIsRefusedToo() async throws {
    let harness = try Harness()
    let store = try harness.makeStore()
    var record = LegacyRecord()
    record.inventory[0].quantity = -3
    try store.put(record, key: CosmonautStore.legacyRecordKey, in: "cosmonaut.crew")
    let error = await #expect(throws: CosmonautServiceError.self) {
      try await harness.makeClient(store: store).supplies()
    }
    #expect(error?.kind == .rejected)
    #expect(error?.userMessage.contains("cosmonaut.crew/record") == true, "\(String(describing: error))")
    #expect(try store.get(LegacyRecord.self, key: CosmonautStore.legacyRecordKey, in: "cosmonaut.crew") != nil)
  }

  @Test func aKeptPositionOffTheGlobeIsRefused() async throws {
    let harness = try Harness()
    let store = try harness.makeStore()
    var position = StationPosition.sample
    position.latitude = 123
    try store.put(position, key: CosmonautStore.positionKey, in: "cosmonaut.meta")
    let error = await #expect(throws: CosmonautServiceError.self) {
      try await harness.makeClient(store: store).lastKnownPosition()
    }
    #expect(error?.kind == .rejected)
    #expect(error?.userMessage.contains("(123.0, ") == true, "\(String(describing: error))")
  }

  @Test(arguments: [
    #"{"latitude":91,"longitude":0,"altitudeKm":420,"speedKmPerSecond":7.66,"timestamp":"2026-11-22T05:00:00Z"}"#,
    #"{"latitude":0,"longitude":-180.5,"altitudeKm":420,"speedKmPerSecond":7.66,"timestamp":"2026-11-22T05:00:00Z"}"#,
  ])
  func aPositionOffTheGlobeFromMissionControlIsNeitherKeptNorShownLive(body: String) async throws {
    let harness = try Harness(houston: FakeHouston(positionBody: body))
    let client = try harness.makeClient()
    let error = await #expect(throws: CosmonautServiceError.self) { try await client.stationPosition() }
    #expect(error == .noPositionYet(.houston))
    #expect(try await client.lastKnownPosition() == nil)
    #expect(harness.recordedErrors.contains { $0.properties["message"]?.contains("off the globe") == true })
  }

  @Test func theRulesAcceptWhatCanBeRight() {
    #expect(SupplyItem.impossibility(of: SupplyItem.defaultInventory) == nil)
    #expect(SupplyItem.impossibility(of: []) == nil)
    var empty = SupplyItem.defaultInventory
    empty[0].quantity = 0
    #expect(SupplyItem.impossibility(of: empty) == nil)
    #expect(StationPosition.sample.impossibility == nil)
    var edge = StationPosition.sample
    (edge.latitude, edge.longitude) = (-90, 180)
    #expect(edge.impossibility == nil)
    edge.altitudeKm = .nan
    #expect(edge.impossibility != nil)
  }
}

extension SupplyItem {
  fileprivate func with(id: String) -> SupplyItem {
    var copy = self
    copy.id = id
    return copy
  }
}
