import Foundation

/// A deterministic, in-memory `CosmonautClient` for domain tests and previews.
///
/// Applies the same validation and stock rules as `LiveCosmonautClient`. Outbox ids are
/// predictable ("00000000-0000-0000-0000-000000000001", …); the clock is fixed unless injected.
/// Houston is simulated by two switches: configured (else `sync()` throws `houstonNotConfigured`)
/// and reachable (else `sync()` throws `houstonUnreachable` and `stationPosition()` is not live).
public actor FakeCosmonautClient: CosmonautClient {
  private var storedProfile: CosmonautProfile
  private var inventory: [SupplyItem]
  private var lastPosition: PositionReading?
  private var queue: [(entry: OutboxEntry, payload: ReportPayload)] = []
  private var history: [OutboxEntry] = []
  private var nextID = 1
  private var lastStatusReport: Date?
  private var houstonConfigured: Bool
  private var houstonReachable: Bool
  private let now: @Sendable () -> Date
  private let statusReportInterval: Duration

  /// Creates a fake with the given data; `position` nil = no position known yet.
  public init(
    profile: CosmonautProfile = .sample, supplies: [SupplyItem] = SupplyItem.defaultInventory,
    position: PositionReading? = PositionReading(position: .sample, isLive: true),
    houstonConfigured: Bool = true, houstonReachable: Bool = true,
    now: @escaping @Sendable () -> Date = { StationPosition.sample.timestamp },
    statusReportInterval: Duration = .seconds(900)
  ) {
    self.storedProfile = profile
    self.inventory = supplies
    self.lastPosition = position
    self.houstonConfigured = houstonConfigured
    self.houstonReachable = houstonReachable
    self.now = now
    self.statusReportInterval = statusReportInterval
  }

  // MARK: Test controls

  /// Switches the simulated Houston on or off.
  public func setHoustonReachable(_ reachable: Bool) { houstonReachable = reachable }
  /// Sets whether a Houston connection is configured.
  public func setHoustonConfigured(_ configured: Bool) { houstonConfigured = configured }
  /// Replaces the position Houston reports (nil = none known).
  public func setPosition(_ position: PositionReading?) { lastPosition = position }
  /// Entries waiting for delivery, in order.
  public var outbox: [OutboxEntry] { queue.map(\.entry) }
  /// Entries delivered so far (the last 50), oldest first.
  public var deliveredHistory: [OutboxEntry] { history }

  // MARK: CosmonautClient

  public func profile() async throws -> CosmonautProfile { storedProfile }

  public func updateProfile(_ update: ProfileUpdate) async throws -> CosmonautProfile {
    storedProfile = try ProfileRules.apply(update, to: storedProfile)
    enqueue(OutboxEntry.profileUpdatedKind, ReportPayload(profile: storedProfile))
    return storedProfile
  }

  public func supplies() async throws -> [SupplyItem] { inventory }

  public func consume(_ itemID: String, quantity: Int) async throws -> SupplyItem {
    try change(.consume, itemID, quantity: quantity)
  }

  public func restock(_ itemID: String, quantity: Int) async throws -> SupplyItem {
    try change(.restock, itemID, quantity: quantity)
  }

  private func change(_ action: SupplyChange.Action, _ itemID: String, quantity: Int) throws -> SupplyItem {
    var items = inventory
    let (item, change) = try InventoryRules.apply(action, itemID, quantity: quantity, to: &items)
    inventory = items
    enqueue(OutboxEntry.suppliesChangedKind, ReportPayload(change: change))
    return item
  }

  public func stationPosition() async throws -> PositionReading {
    guard var reading = lastPosition else { throw CosmonautServiceError.noPositionYet }
    if !(houstonConfigured && houstonReachable) { reading.isLive = false }
    return reading
  }

  public func pendingSync() async throws -> SyncReport {
    SyncReport(
      delivered: [], pending: outbox, houstonConfigured: houstonConfigured, lastError: queue.first?.entry.lastError)
  }

  /// Same outcomes as `LiveCosmonautClient.sync()`; the fake Houston either takes everything or nothing.
  public func sync() async throws -> SyncReport {
    enqueueStatusReportIfDue()
    guard houstonConfigured else { throw CosmonautServiceError.houstonNotConfigured }
    guard houstonReachable else {
      let reason = "fake Houston is unreachable"
      if !queue.isEmpty {
        queue[0].entry.attempts += 1
        queue[0].entry.lastError = reason
      }
      throw CosmonautServiceError.houstonUnreachable(reason)
    }
    let delivered = queue.map { queued in
      var entry = queued.entry
      entry.attempts += 1
      entry.lastError = nil
      return entry
    }
    queue.removeAll()
    history = Array((history + delivered).suffix(OutboxLimits.deliveredHistory))
    return SyncReport(delivered: delivered, pending: [], houstonConfigured: true)
  }

  /// Queues a status report when due (see `LiveCosmonautClient.enqueueStatusReportIfDue()`).
  @discardableResult
  public func enqueueStatusReportIfDue() -> OutboxEntry? {
    let date = now()
    guard StatusReportSchedule.isDue(lastQueuedAt: lastStatusReport, now: date, interval: statusReportInterval) else {
      return nil
    }
    lastStatusReport = date
    return enqueue(OutboxEntry.statusReportKind, .statusReport(profile: storedProfile, supplies: inventory))
  }

  @discardableResult
  private func enqueue(_ kind: String, _ payload: ReportPayload) -> OutboxEntry {
    let id = "00000000-0000-0000-0000-" + String(String(nextID).suffix(12)).leftPadded(to: 12)
    nextID += 1
    let entry = OutboxEntry(id: id, kind: kind, createdAt: now())
    queue.append((entry, payload))
    return entry
  }
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    count >= length ? self : String(repeating: "0", count: length - count) + self
  }
}
