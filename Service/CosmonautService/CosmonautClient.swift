/// The cosmonaut's data: profile, supplies, station position and delivery of changes to Houston.
///
/// Implementations: `LiveCosmonautClient` (SQLite store + Houston over HTTP) and
/// `FakeCosmonautClient` (deterministic, in memory). Both apply the same validation rules.
public protocol CosmonautClient: Sendable {
  /// The stored profile (empty fields while unset).
  func profile() async throws -> CosmonautProfile
  /// Validates and stores the given fields; queues a "profile.updated" report. Returns the new profile.
  func updateProfile(_ update: ProfileUpdate) async throws -> CosmonautProfile
  /// The supplies inventory, seeded with `SupplyItem.defaultInventory` on first use.
  func supplies() async throws -> [SupplyItem]
  /// Takes `quantity` of an item (id matched case-insensitively); never below zero; queues "supplies.changed".
  func consume(_ itemID: String, quantity: Int) async throws -> SupplyItem
  /// Adds `quantity` of an item (id matched case-insensitively); queues "supplies.changed".
  func restock(_ itemID: String, quantity: Int) async throws -> SupplyItem
  /// Live when Houston answers, else the last known position (`isLive == false`).
  func stationPosition() async throws -> PositionReading
  /// What waits for delivery; delivers nothing.
  func pendingSync() async throws -> SyncReport
  /// Queues a status report when one is due, then delivers the outbox to Houston in order.
  func sync() async throws -> SyncReport
}
