import CosmonautServiceInterface
import FoundationEssentials
import Localization
import Persistence

/// A deterministic, in-memory `CosmonautClient` for domain tests and previews.
///
/// Applies the models' own rules, as every live client does. Outbox ids are predictable
/// ("00000000-0000-0000-0000-000000000001", …); the clock is fixed unless injected. Mission control
/// (`controlCenter`, Houston unless given) is simulated by two switches: configured (else `sync()`
/// throws `notConfigured`) and reachable (else `sync()` throws `unreachable` and `stationPosition()`
/// is not live), plus `refuse(kind:reason:)`: reports of that kind are set aside as refused.
public actor FakeCosmonautClient: CosmonautClient {
  private var storedProfile: CosmonautProfile
  private var inventory: [SupplyItem]
  private var lastPosition: PositionReading?
  private var queue: [OutboxEntry] = []
  private var history: [OutboxEntry] = []
  private var setAsideEntries: [(entry: OutboxEntry, sequence: Int)] = []
  private var refusals: [String: String] = [:]
  private var sequences: [String: Int] = [:]
  private var nextID = 1
  private var lastStatusReport: Date?
  private var houstonConfigured: Bool
  private var houstonReachable: Bool
  private let now: @Sendable () -> Date
  private let statusReportInterval: Duration
  /// The mission control this fake stands for.
  public nonisolated let controlCenter: ControlCenter

  /// Creates a fake with the given data; `position` nil = no position known yet.
  public init(
    profile: CosmonautProfile = .sample, supplies: [SupplyItem] = SupplyItem.defaultInventory,
    position: PositionReading? = PositionReading(position: .sample, isLive: true),
    houstonConfigured: Bool = true, houstonReachable: Bool = true,
    now: @escaping @Sendable () -> Date = { StationPosition.sample.timestamp },
    statusReportInterval: Duration = .seconds(900),
    controlCenter: ControlCenter = .fakeHouston
  ) {
    self.controlCenter = controlCenter
    self.storedProfile = profile
    self.inventory = supplies
    self.lastPosition = position
    self.houstonConfigured = houstonConfigured
    self.houstonReachable = houstonReachable
    self.now = now
    self.statusReportInterval = statusReportInterval
  }

  // MARK: Test controls

  /// Switches the simulated mission control on or off.
  public func setHoustonReachable(_ reachable: Bool) { houstonReachable = reachable }
  /// Sets whether a mission control connection is configured.
  public func setHoustonConfigured(_ configured: Bool) { houstonConfigured = configured }
  /// Replaces the position mission control reports (nil = none known).
  public func setPosition(_ position: PositionReading?) { lastPosition = position }
  /// Entries waiting for delivery, in order.
  public var outbox: [OutboxEntry] { queue }
  /// Entries delivered so far (the last 50), oldest first.
  public var deliveredHistory: [OutboxEntry] { history }
  /// From now on, mission control refuses reports of `kind` for good with `reason` (nil: accepts them again).
  public func refuse(kind: String, reason: String?) { refusals[kind] = reason }

  // MARK: CosmonautClient

  public func profile() async throws -> CosmonautProfile { storedProfile }

  public func updateProfile(_ update: ProfileUpdate) async throws -> CosmonautProfile {
    storedProfile = try storedProfile.applying(update)
    enqueue(OutboxEntry.profileUpdatedKind)
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
    let (item, _) = try SupplyItem.apply(action, itemID, quantity: quantity, to: &items)
    inventory = items
    enqueue(OutboxEntry.suppliesChangedKind)
    return item
  }

  public func lastKnownPosition() async throws -> PositionReading? {
    lastPosition.map { PositionReading(position: $0.position, isLive: false) }
  }

  public func stationPosition(
    progress: @escaping @Sendable (MissionControlProgress) -> Void
  ) async throws -> PositionReading {
    guard var reading = lastPosition else { throw CosmonautServiceError.noPositionYet(controlCenter) }
    if houstonConfigured {
      progress(.contactingStationPosition)
      if !houstonReachable {
        reading.isLive = false
        reading.offlineReason =
          CosmonautServiceError.unreachable(
            controlCenter, reason: .verbatim("fake \(controlCenter.name) is unreachable")
          )
          .translatedMessage
        progress(.fellBack(reason: reading.offlineReason ?? .verbatim("")))
      }
    } else {
      reading.isLive = false
    }
    return reading
  }

  public func pendingSync() async throws -> SyncReport {
    SyncReport(
      delivered: [], pending: outbox, setAside: setAsideEntries.map(\.entry), houstonConfigured: houstonConfigured,
      lastError: queue.first?.lastErrorText)
  }

  public func syncStatus() async throws -> SyncStatus {
    SyncStatus(pending: queue.count, setAside: setAsideEntries.count, houstonConfigured: houstonConfigured)
  }

  /// Same outcomes as a live client's `sync()`; the fake mission control takes everything it does
  /// not refuse, or (unreachable) nothing.
  public func sync(progress: @escaping @Sendable (MissionControlProgress) -> Void) async throws -> SyncReport {
    enqueueStatusReportIfDue()
    guard houstonConfigured else { throw CosmonautServiceError.notConfigured(controlCenter) }
    guard houstonReachable else {
      let reason = "fake \(controlCenter.name) is unreachable"
      if !queue.isEmpty {
        queue[0].attempts += 1
        queue[0].lastError = reason
      }
      throw CosmonautServiceError.unreachable(controlCenter, reason: .verbatim(reason))
    }
    var delivered: [OutboxEntry] = []
    for queued in queue {
      var entry = queued
      entry.attempts += 1
      progress(.contactingReport(delivered.count + 1, of: queue.count))
      if let reason = refusals[entry.kind] {
        let refused = DeliveryReason.refused(center: controlCenter.name, status: 422, reason: reason)
        entry.lastError = refused.text.description
        entry.lastReason = refused.stored
        setAsideEntries.append((entry, sequences[entry.id] ?? 0))
      } else {
        entry.lastError = nil
        entry.lastReason = nil
        delivered.append(entry)
        progress(.delivered(delivered.count, of: queue.count))
      }
    }
    queue.removeAll()
    history = Array((history + delivered).suffix(50))
    return SyncReport(
      delivered: delivered, pending: [], setAside: setAsideEntries.map(\.entry), houstonConfigured: true)
  }

  public func setAsideReports() async throws -> [OutboxEntry] { setAsideEntries.map(\.entry) }

  public func retrySetAside(_ id: String) async throws -> OutboxEntry {
    var taken = try takeSetAside(id)
    taken.entry.lastError = nil
    taken.entry.lastReason = nil
    let position = queue.firstIndex { (sequences[$0.id] ?? 0) > taken.sequence } ?? queue.endIndex
    queue.insert(taken.entry, at: position)
    return taken.entry
  }

  public func discardSetAside(_ id: String) async throws -> OutboxEntry {
    try takeSetAside(id).entry
  }

  private func takeSetAside(_ id: String) throws -> (entry: OutboxEntry, sequence: Int) {
    let wanted = id.lowercased()
    let matches = setAsideEntries.indices.filter {
      setAsideEntries[$0].entry.id == wanted || (!wanted.isEmpty && setAsideEntries[$0].entry.id.hasPrefix(wanted))
    }
    guard matches.count == 1, let index = matches.first else {
      throw CosmonautServiceError.noSuchSetAsideReport(
        .verbatim(
          matches.isEmpty
            ? "no set-aside report has the key \"\(id)\""
            : "the key \"\(id)\" matches \(matches.count) set-aside reports"
        ))
    }
    return setAsideEntries.remove(at: index)
  }

  public nonisolated func startBackgroundSync(
    every interval: Duration, onStatus: @escaping @Sendable (SyncStatus) -> Void
  ) -> BackgroundSync {
    let syncer = OutboxSyncer(interval: interval) { [self] in
      _ = try? await sync()
      if let status = try? await syncStatus() { onStatus(status) }
    }
    syncer.start()
    return BackgroundSync(nudge: syncer.nudge, stop: syncer.stop)
  }

  /// Queues a status report when due, as a live client does before each sync.
  @discardableResult
  public func enqueueStatusReportIfDue() -> OutboxEntry? {
    let date = now()
    guard StatusReportSchedule.isDue(lastQueuedAt: lastStatusReport, now: date, interval: statusReportInterval) else {
      return nil
    }
    lastStatusReport = date
    return enqueue(OutboxEntry.statusReportKind)
  }

  @discardableResult
  private func enqueue(_ kind: String) -> OutboxEntry {
    let id = "00000000-0000-0000-0000-" + String(String(nextID).suffix(12)).leftPadded(to: 12)
    nextID += 1
    let entry = OutboxEntry(id: id, kind: kind, createdAt: now())
    sequences[id] = nextID - 1
    queue.append(entry)
    return entry
  }
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    count >= length ? self : String(repeating: "0", count: length - count) + self
  }
}

extension ControlCenter {
  /// Houston as the fake stands for it (the Houston implementation's own is not linked into tests
  /// of the domains): times in UTC.
  public static let fakeHouston = ControlCenter(
    name: "Houston", setting: "--houston URL or ISS_HOUSTON_URL", clock: .utc)
  /// TsUP as the fake stands for it: times in Moscow time.
  public static let fakeTsUP = ControlCenter(name: "TsUP", setting: "--tsup URL or ISS_TSUP_URL", clock: .moscow)
}
