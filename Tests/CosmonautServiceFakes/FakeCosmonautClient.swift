import CosmonautServiceInterface
import FoundationEssentials
import Localization
import MissionControlInterface
import Secrets

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
  private var queue: [QueuedReport] = []
  private var history: [QueuedReport] = []
  private var setAsideEntries: [(entry: QueuedReport, sequence: Int)] = []
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
  public var outbox: [QueuedReport] { queue }
  /// Entries delivered so far (the last 50), oldest first.
  public var deliveredHistory: [QueuedReport] { history }
  /// From now on, mission control refuses reports of `kind` for good with `reason` (nil: accepts them again).
  public func refuse(kind: String, reason: String?) { refusals[kind] = reason }

  // MARK: CosmonautClient

  public func profile() async throws -> CosmonautProfile { storedProfile }

  public func updateProfile(_ update: ProfileUpdate) async throws -> CosmonautProfile {
    storedProfile = try storedProfile.applying(update)
    enqueue(QueuedReport.profileUpdatedKind)
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
    enqueue(QueuedReport.suppliesChangedKind)
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
      delivered: [], pending: outbox, setAside: setAsideEntries.map(\.entry), isConfigured: houstonConfigured,
      lastError: queue.first?.lastErrorText)
  }

  public func syncStatus() async throws -> SyncStatus {
    SyncStatus(pending: queue.count, setAside: setAsideEntries.count, isConfigured: houstonConfigured)
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
        queue[0].lastErrorText = .verbatim(reason)
      }
      throw CosmonautServiceError.unreachable(controlCenter, reason: .verbatim(reason))
    }
    var delivered: [QueuedReport] = []
    for queued in queue {
      var entry = queued
      entry.attempts += 1
      progress(.contactingReport(delivered.count + 1, of: queue.count))
      if let reason = refusals[entry.kind] {
        let refused = Strings.reportRefused(center: controlCenter.localizedName, status: "422", reason: reason)
        entry.lastError = refused.description
        entry.lastErrorText = refused
        entry.lastReason = ReportReason(
          code: "refused", values: ["center": controlCenter.name, "status": "422", "reason": reason])
        setAsideEntries.append((entry, sequences[entry.id] ?? 0))
      } else {
        entry.lastError = nil
        entry.lastErrorText = nil
        entry.lastReason = nil
        delivered.append(entry)
        progress(.delivered(delivered.count, of: queue.count))
      }
    }
    queue.removeAll()
    history = Array((history + delivered).suffix(50))
    return SyncReport(
      delivered: delivered, pending: [], setAside: setAsideEntries.map(\.entry), isConfigured: true)
  }

  public func setAsideReports() async throws -> [QueuedReport] { setAsideEntries.map(\.entry) }

  public func retrySetAside(_ id: String) async throws -> QueuedReport {
    var taken = try takeSetAside(id)
    taken.entry.lastError = nil
    taken.entry.lastErrorText = nil
    taken.entry.lastReason = nil
    let position = queue.firstIndex { (sequences[$0.id] ?? 0) > taken.sequence } ?? queue.endIndex
    queue.insert(taken.entry, at: position)
    return taken.entry
  }

  public func discardSetAside(_ id: String) async throws -> QueuedReport {
    try takeSetAside(id).entry
  }

  private func takeSetAside(_ id: String) throws -> (entry: QueuedReport, sequence: Int) {
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
    let rounds = Task { [self] in
      while !Task.isCancelled {
        _ = try? await sync()
        if let status = try? await syncStatus() { onStatus(status) }
        try? await Task.sleep(for: interval)
      }
    }
    return BackgroundSync(nudge: {}, stop: { rounds.cancel() })
  }

  /// Queues a status report when due, as a live client does before each sync.
  @discardableResult
  public func enqueueStatusReportIfDue() -> QueuedReport? {
    let date = now()
    guard StatusReportSchedule.isDue(lastQueuedAt: lastStatusReport, now: date, interval: statusReportInterval) else {
      return nil
    }
    lastStatusReport = date
    return enqueue(QueuedReport.statusReportKind)
  }

  @discardableResult
  private func enqueue(_ kind: String) -> QueuedReport {
    let id = "00000000-0000-0000-0000-" + String(String(nextID).suffix(12)).leftPadded(to: 12)
    nextID += 1
    let entry = QueuedReport(id: id, kind: kind, createdAt: now())
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
  /// Houston as the fake stands for it (the Houston dialect's own is not linked into tests of the
  /// domains): times in UTC, no tokens.
  public static let fakeHouston = ControlCenter(
    id: "houston", name: "Houston", localizedName: Strings.centerHouston, clock: .utc,
    secrets: Secrets(entries: [:], isDevelopment: true, centres: ["houston", "tsup"]))
  /// TsUP as the fake stands for it: times in Moscow time, no tokens.
  public static let fakeTsUP = ControlCenter(
    id: "tsup", name: "TsUP", localizedName: Strings.centerTsup, clock: .moscow,
    secrets: Secrets(entries: [:], isDevelopment: true, centres: ["houston", "tsup"]))
}
