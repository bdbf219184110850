import MissionControlInterface

/// The cosmonaut's data: profile, supplies, station position and delivery of changes to mission control.
///
/// What the domains use. The live implementation (`CosmonautService`) speaks the dialect of the
/// centre an app reports to (`CosmonautDialect`: Houston's, TsUP's), and tests use a fake. Every
/// implementation applies the models' own rules (`CosmonautProfile.applying(_:)`,
/// `SupplyItem.apply(_:_:quantity:to:)`).
public protocol CosmonautClient: Sendable {
  /// The mission control this client reports to: its name, how to configure it, its clock.
  var controlCenter: ControlCenter { get }
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
  /// The last position mission control sent (`isLive == false`), without contacting it; nil when none yet.
  func lastKnownPosition() async throws -> PositionReading?
  /// Live when mission control answers within a short, bounded wait; else at once the last known
  /// position (`isLive == false`, `offlineReason` says why). `progress` hears what is going on meanwhile.
  func stationPosition(progress: @escaping @Sendable (MissionControlProgress) -> Void) async throws -> PositionReading
  /// What waits for delivery and what mission control refused; delivers nothing.
  func pendingSync() async throws -> SyncReport
  /// Queues a status report when one is due, then delivers the outbox in order: a report counts as
  /// delivered only when mission control acknowledges its key; one it refuses for good is set aside
  /// and the rest go on. `progress` hears about each report and each retry.
  func sync(progress: @escaping @Sendable (MissionControlProgress) -> Void) async throws -> SyncReport
  /// Counts of what waits (pending, set aside); cheap enough to show on every screen.
  func syncStatus() async throws -> SyncStatus
  /// The reports mission control refused for good, oldest first, each with its reason in `lastError`.
  func setAsideReports() async throws -> [QueuedReport]
  /// Puts a set-aside report back into the outbox, at its original place; returns it.
  /// `id` is its key or a prefix only it has (e.g. the 8 characters a table shows).
  func retrySetAside(_ id: String) async throws -> QueuedReport
  /// Deletes a set-aside report for good (mission control will never see it); returns it.
  func discardSetAside(_ id: String) async throws -> QueuedReport
  /// Starts delivering in the background while the app runs: at once, every `interval`, and soon
  /// after each change; queues the periodic status report when due. `onStatus` hears the counts
  /// after every round. Stop it (awaiting `stop()`) before the app exits.
  func startBackgroundSync(
    every interval: Duration, onStatus: @escaping @Sendable (SyncStatus) -> Void
  ) -> BackgroundSync
}

extension CosmonautClient {
  /// `stationPosition(progress:)` without progress.
  public func stationPosition() async throws -> PositionReading {
    try await stationPosition(progress: { _ in })
  }

  /// `sync(progress:)` without progress.
  public func sync() async throws -> SyncReport {
    try await sync(progress: { _ in })
  }
}
