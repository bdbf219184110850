import CosmonautServiceInterface
import Foundation
import Persistence
import Testing

@testable import CosmonautService

@Suite struct SuppliesTests {
  @Test func suppliesAreSeededWithTheDefaultInventoryOnce() async throws {
    let harness = try Harness()
    let client = try harness.makeClient()
    #expect(try await client.supplies() == SupplyItem.defaultInventory)
    _ = try await client.consume("water", quantity: 10)
    let again = try await harness.makeClient().supplies()
    #expect(again.first { $0.id == "water" }?.quantity == 390)
    #expect(again.count == SupplyItem.defaultInventory.count)
  }

  @Test func defaultInventoryIsSensible() {
    let inventory = SupplyItem.defaultInventory
    #expect(Set(inventory.map(\.id)).count == inventory.count)
    #expect(inventory.allSatisfy { $0.quantity > $0.lowStockThreshold && $0.lowStockThreshold > 0 })
    #expect(inventory.allSatisfy { $0.id == $0.id.lowercased() && !$0.unit.isEmpty })
    #expect(Set(inventory.map(\.category)).isSuperset(of: [.food, .water, .oxygen, .medical, .hygiene]))
  }

  @Test func consumeAndRestockChangeTheStockAndQueueEntries() async throws {
    let harness = try Harness()
    let client = try harness.makeClient()
    let consumed = try await client.consume("Water", quantity: 25)
    #expect(consumed.id == "water")
    #expect(consumed.quantity == 375)
    let restocked = try await client.restock(" OXYGEN ", quantity: 4)
    #expect(restocked.quantity == 28)
    let pending = try await client.pendingSync().pending
    #expect(pending.map(\.kind) == ["supplies.changed", "supplies.changed"])
    #expect(Set(pending.map(\.id)).count == 2)
  }

  @Test func consumingDownToTheThresholdMarksTheItemLow() async throws {
    let harness = try Harness()
    let client = try harness.makeClient()
    let item = try await client.consume("medical", quantity: 4)
    #expect(item.quantity == 2)
    #expect(item.isLow)
    let empty = try await client.consume("medical", quantity: 2)
    #expect(empty.quantity == 0)
  }

  @Test func consumingTooMuchThrowsAndChangesNothing() async throws {
    let harness = try Harness()
    let client = try harness.makeClient()
    _ = try await client.supplies()
    await #expect(
      throws: CosmonautServiceError.insufficientStock(item: "water", requested: 401, available: 400, unit: "L")
    ) {
      try await client.consume("water", quantity: 401)
    }
    #expect(try await client.supplies() == SupplyItem.defaultInventory)
    #expect(try await client.pendingSync().pending.isEmpty)
    let error = CosmonautServiceError.insufficientStock(item: "water", requested: 401, available: 400, unit: "L")
    #expect(error.kind == .rejected)
    #expect(error.userMessage.contains("only 400 L in stock"))
    #expect(harness.recordedErrors.count == 1)
    #expect(harness.recordedErrors.first?.properties["kind"] == "rejected")
    #expect(harness.recordedErrors.first?.properties["operation"] == "consume")
  }

  @Test(arguments: [0, -3])
  func nonPositiveQuantitiesAreRejected(quantity: Int) async throws {
    let harness = try Harness()
    let client = try harness.makeClient()
    await #expect(throws: CosmonautServiceError.invalidQuantity(quantity)) {
      try await client.consume("food", quantity: quantity)
    }
    await #expect(throws: CosmonautServiceError.invalidQuantity(quantity)) {
      try await client.restock("food", quantity: quantity)
    }
    #expect(try await client.pendingSync().pending.isEmpty)
  }

  @Test func restockThatWouldOverflowIsRejected() async throws {
    let harness = try Harness()
    let client = try harness.makeClient()
    let before = try await client.supplies().first { $0.id == "food" }?.quantity
    let error = await #expect(throws: CosmonautServiceError.stockOverflow(item: "food")) {
      try await client.restock("food", quantity: Int.max)
    }
    #expect(error?.kind == .rejected)
    #expect(try await client.supplies().first { $0.id == "food" }?.quantity == before)
  }

  @Test func unknownItemListsTheValidIDs() async throws {
    let harness = try Harness()
    let client = try harness.makeClient()
    let error = await #expect(throws: CosmonautServiceError.unknownItem("plutonium")) {
      try await client.consume("plutonium", quantity: 1)
    }
    #expect(error?.kind == .usage)
    for id in SupplyItem.defaultInventory.map(\.id) { #expect(error?.userMessage.contains(id) == true) }
  }

  @Test func concurrentConsumesFromManyTasksLoseNoUpdate() async throws {
    let harness = try Harness()
    let client = try harness.makeClient()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<40 { group.addTask { _ = try await client.consume("water", quantity: 2) } }
      try await group.waitForAll()
    }
    #expect(try await client.supplies().first { $0.id == "water" }?.quantity == 320)
    #expect(try await client.pendingSync().pending.count == 40)
  }

  @Test func concurrentConsumesFromTwoClientsOnTheSameFileLoseNoUpdate() async throws {
    let harness = try Harness()
    // Two stores = two SQLite connections, as two processes would have.
    let first = try harness.makeClient(store: harness.makeStore())
    let second = try harness.makeClient(store: harness.makeStore())
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<40 {
        let client = index.isMultiple(of: 2) ? first : second
        group.addTask { _ = try await client.consume("food", quantity: 1) }
        group.addTask { _ = try await client.restock("oxygen", quantity: 1) }
      }
      try await group.waitForAll()
    }
    let supplies = try await first.supplies()
    #expect(supplies.first { $0.id == "food" }?.quantity == 140)
    #expect(supplies.first { $0.id == "oxygen" }?.quantity == 64)
    let pending = try await second.pendingSync().pending
    #expect(pending.count == 80)
    #expect(Set(pending.map(\.id)).count == 80)
  }

  @Test func storageFailuresSurfaceAsStorageErrors() async throws {
    let harness = try Harness()
    let store = try harness.makeStore()
    try store.put("not an inventory", key: "inventory", in: "cosmonaut.supplies")
    let client = try harness.makeClient(store: store)
    let error = await #expect(throws: CosmonautServiceError.self) { try await client.supplies() }
    guard case .storage = error else {
      Issue.record("expected storage, got \(String(describing: error))")
      return
    }
    #expect(error?.kind == .internal)
  }

  @Test func callsWaitingForAnotherWritersLockDoNotStarveTheTaskPool() async throws {
    let harness = try Harness()
    let store = try EntityStore(configuration: StoreConfiguration(fileURL: harness.storeURL, busyTimeout: .seconds(5)))
    let client = try harness.makeClient(store: store)
    _ = try await client.supplies()
    // Another connection (as another process would) holds the write lock on its own thread until released.
    let holder = try harness.makeStore()
    let release = DispatchSemaphore(value: 0)
    await withCheckedContinuation { (locked: CheckedContinuation<Void, Never>) in
      Thread {
        _ = try? holder.transaction { _ in
          locked.resume()
          release.wait()
        }
      }.start()
    }
    // More waiting calls than the pool has threads: if they blocked pool threads while SQLite waits for
    // the lock, the release below could not run until their busy timeout made them all fail.
    let callers = ProcessInfo.processInfo.activeProcessorCount + 2
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<callers {
        group.addTask { _ = try await client.consume("water", quantity: 1) }
      }
      await Task.yield()
      release.signal()
      try await group.waitForAll()
    }
    let water = try await client.supplies().first { $0.id == "water" }
    #expect(water?.quantity == 400 - callers)
  }
}
