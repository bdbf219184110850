import CosmonautServiceInterface
import FoundationEssentials
import Logging
import MissionControlInterface
import Persistence

/// Where a cosmonaut client keeps its data in its store, under its dialect's namespace
/// (`cosmonaut.profile`, `cosmonaut.supplies`, `cosmonaut.meta`; `tsup.…` for TsUP), and the reads and
/// writes every change is made of. Blocking: call inside `store.perform`.
struct CosmonautStore: Sendable {
  let namespace: String

  var profileCollection: String { "\(namespace).profile" }
  var suppliesCollection: String { "\(namespace).supplies" }
  var metaCollection: String { "\(namespace).meta" }
  /// Where an earlier version kept everything in one record (TsUP's `tsup.crew`, key `record`).
  var legacyRecordCollection: String { "\(namespace).crew" }

  static let profileKey = "current"
  static let inventoryKey = "inventory"
  static let positionKey = "station.position"
  static let statusReportKey = "statusReport.lastQueuedAt"
  static let legacyRecordKey = "record"

  func profile(in store: some EntityReading) throws -> CosmonautProfile {
    try store.get(CosmonautProfile.self, key: Self.profileKey, in: profileCollection)
      ?? legacyRecord(in: store)?.profile ?? .empty
  }

  func putProfile(_ profile: CosmonautProfile, in transaction: StoreTransaction) throws {
    try transaction.put(profile, key: Self.profileKey, in: profileCollection)
  }

  /// The stored inventory; nil before the first one is kept. One that cannot be right (a stock
  /// below zero, an item listed twice) is refused with the store's line, never acted on.
  func storedInventory(in store: some EntityReading) throws -> [SupplyItem]? {
    if let items = try store.get([SupplyItem].self, key: Self.inventoryKey, in: suppliesCollection) {
      return try checked(items, key: Self.inventoryKey, in: suppliesCollection, store: store)
    }
    guard let record = try legacyRecord(in: store) else { return nil }
    return try checked(record.inventory, key: Self.legacyRecordKey, in: legacyRecordCollection, store: store)
  }

  /// `items`, or the store's `impossibleValue` error naming `collection`/`key` and why.
  private func checked(
    _ items: [SupplyItem], key: String, in collection: String, store: some EntityReading
  ) throws -> [SupplyItem] {
    if let reason = SupplyItem.impossibility(of: items) {
      throw store.impossibleValue(reason, in: collection, key: key)
    }
    return items
  }

  /// The stored inventory, seeded with the default inventory when there is none.
  func inventory(in transaction: StoreTransaction, logger: Logger) throws -> [SupplyItem] {
    if let items = try storedInventory(in: transaction) { return items }
    try putInventory(SupplyItem.defaultInventory, in: transaction)
    logger.notice("supplies seeded with the default inventory")
    return SupplyItem.defaultInventory
  }

  func putInventory(_ items: [SupplyItem], in transaction: StoreTransaction) throws {
    try transaction.put(items, key: Self.inventoryKey, in: suppliesCollection)
  }

  /// The position kept last; one off the globe is refused with the store's line.
  func position(in store: some EntityReading) throws -> StationPosition? {
    if let position = try store.get(StationPosition.self, key: Self.positionKey, in: metaCollection) {
      if let reason = position.impossibility {
        throw store.impossibleValue(reason, in: metaCollection, key: Self.positionKey)
      }
      return position
    }
    guard let position = try legacyRecord(in: store)?.lastOrbit else { return nil }
    if let reason = position.impossibility {
      throw store.impossibleValue(reason, in: legacyRecordCollection, key: Self.legacyRecordKey)
    }
    return position
  }

  func putPosition(_ position: StationPosition, in transaction: StoreTransaction) throws {
    try transaction.put(position, key: Self.positionKey, in: metaCollection)
  }

  func lastStatusReport(in store: some EntityReading) throws -> Date? {
    try store.get(Timestamp.self, key: Self.statusReportKey, in: metaCollection)?.date
      ?? legacyRecord(in: store)?.lastStatusSummary
  }

  func putLastStatusReport(_ date: Date, in transaction: StoreTransaction) throws {
    try transaction.put(Timestamp(date: date), key: Self.statusReportKey, in: metaCollection)
  }

  /// The record an earlier version kept whole, until it is moved (reads of a store that cannot be
  /// written see it there).
  private func legacyRecord(in store: some EntityReading) throws -> LegacyRecord? {
    try store.get(LegacyRecord.self, key: Self.legacyRecordKey, in: legacyRecordCollection)
  }

  /// Moves a record an earlier version kept whole (profile, inventory, last position, last status
  /// report in one document) into this layout, in one transaction; nothing when there is none.
  func migrateLegacyRecord(in transaction: StoreTransaction, logger: Logger) throws {
    guard let record = try legacyRecord(in: transaction) else { return }
    if try transaction.get(CosmonautProfile.self, key: Self.profileKey, in: profileCollection) == nil {
      try putProfile(record.profile, in: transaction)
    }
    if try transaction.get([SupplyItem].self, key: Self.inventoryKey, in: suppliesCollection) == nil {
      try putInventory(record.inventory, in: transaction)
    }
    if let orbit = record.lastOrbit,
      try transaction.get(StationPosition.self, key: Self.positionKey, in: metaCollection) == nil
    {
      try putPosition(orbit, in: transaction)
    }
    if let date = record.lastStatusSummary,
      try transaction.get(Timestamp.self, key: Self.statusReportKey, in: metaCollection) == nil
    {
      try putLastStatusReport(date, in: transaction)
    }
    _ = try transaction.delete(key: Self.legacyRecordKey, in: legacyRecordCollection)
    logger.notice("the cosmonaut's record moved to the store's collections")
  }
}

/// When something happened, as the store keeps it.
struct Timestamp: Codable, Sendable, Equatable { var date: Date }

/// Everything an earlier version kept in one document, rewritten by each change.
struct LegacyRecord: Codable, Sendable {
  var profile = CosmonautProfile.empty
  var inventory = SupplyItem.defaultInventory
  var lastOrbit: StationPosition?
  var lastStatusSummary: Date?
}
