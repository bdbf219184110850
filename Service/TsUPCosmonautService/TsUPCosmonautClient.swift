import AppAnalytics
import CosmonautServiceInterface
import Foundation
import Localization
import Logging
import Network
import Persistence

/// The cosmonaut client of the Roscosmos flavour (`cosmonaut-ru`): it reports to TsUP, the Mission
/// Control Centre in Korolyov, in TsUP's dialect (`TsUPWire`: `GET /api/v2/orbit` in SI units,
/// `POST /api/v2/telemetry` messages filed by TsUP's own types, Moscow time throughout).
///
/// The cosmonaut's data is one record in an `EntityStore` (SQLite); each change rewrites it and
/// queues its report in an `Outbox` (Core's) in the same `BEGIN IMMEDIATE` transaction, so the two
/// commit together and concurrent writers lose no update. Reports go out through Core's
/// `AcknowledgedDelivery`: delivered only when TsUP acknowledges the key, set aside when TsUP refuses
/// one for good, queued with the reason otherwise.
public final class TsUPCosmonautClient: CosmonautClient {
  /// TsUP, as the app shows it (Moscow time).
  public let controlCenter = ControlCenter.tsup
  /// The module name errors and events are recorded under.
  static let module = "TsUPCosmonautService"
  /// The outbox's name and the prefix of this client's collections.
  static let name = "tsup"
  static let recordCollection = "tsup.crew"
  static let recordKey = "record"

  private let store: EntityStore
  private let outbox: Outbox<TsUPWire.Body>
  private let tsup: AuthenticatedClient?
  private let budget: MissionControlBudget
  private let analytics: Analytics
  private let logger: Logger
  private let now: @Sendable () -> Date
  private let statusReportInterval: Duration
  /// The background rounds, nudged after every change this client makes.
  private let background = BackgroundRounds()

  /// Creates a client. `tsup` nil = offline: changes queue up, `sync()` throws `notConfigured`.
  public init(
    store: EntityStore, tsup: AuthenticatedClient?, analytics: Analytics, logger: Logger,
    now: @escaping @Sendable () -> Date = Date.init, statusReportInterval: Duration = .seconds(900),
    budget: MissionControlBudget = .interactive
  ) {
    self.store = store
    self.outbox = Outbox(store: store, name: Self.name)
    self.tsup = tsup
    self.budget = budget
    self.analytics = analytics
    self.logger = logger
    self.now = now
    self.statusReportInterval = statusReportInterval
  }

  // MARK: The cosmonaut's record

  public func profile() async throws -> CosmonautProfile {
    try await reading("profile") { $0.profile }
  }

  public func supplies() async throws -> [SupplyItem] {
    try await reading("supplies") { $0.inventory }
  }

  public func lastKnownPosition() async throws -> PositionReading? {
    try await reading("lastKnownPosition") { record in
      record.lastOrbit.map { PositionReading(position: $0, isLive: false) }
    }
  }

  public func updateProfile(_ update: ProfileUpdate) async throws -> CosmonautProfile {
    let profile = try await changing("updateProfile", OutboxEntry.profileUpdatedKind) { record in
      record.profile = try record.profile.applying(update)
      return (record.profile, TsUPWire.Body(crewMember: .init(record.profile)))
    }
    logger.info("crew record queued for TsUP", metadata: ["fields": update.fieldNames.joined(separator: ",")])
    return profile
  }

  public func consume(_ itemID: String, quantity: Int) async throws -> SupplyItem {
    try await move(.consume, itemID, quantity: quantity)
  }

  public func restock(_ itemID: String, quantity: Int) async throws -> SupplyItem {
    try await move(.restock, itemID, quantity: quantity)
  }

  private func move(_ action: SupplyChange.Action, _ itemID: String, quantity: Int) async throws -> SupplyItem {
    let item = try await changing(action.rawValue, OutboxEntry.suppliesChangedKind) { record in
      let (item, change) = try SupplyItem.apply(action, itemID, quantity: quantity, to: &record.inventory)
      return (item, TsUPWire.Body(movement: .init(change)))
    }
    logger.info("\(action.rawValue) \(quantity) \(item.unit) of \(item.id); \(item.quantity) left")
    if item.isLow { logger.warning("\(item.name) is low: \(item.quantity) \(item.unit)") }
    return item
  }

  /// Reads the record (the default one before the first change).
  private func reading<Value: Sendable>(
    _ operation: String, _ read: @escaping @Sendable (CrewRecord) -> Value
  ) async throws -> Value {
    try await recording(operation) {
      try await store.perform { store in
        read(try store.get(CrewRecord.self, key: Self.recordKey, in: Self.recordCollection) ?? CrewRecord())
      }
    }
  }

  /// Changes the record and queues the report `change` returns, in one transaction.
  private func changing<Value: Sendable>(
    _ operation: String, _ kind: String,
    _ change: @escaping @Sendable (inout CrewRecord) throws -> (Value, TsUPWire.Body)
  ) async throws -> Value {
    try await recording(operation) {
      let (outbox, now) = (outbox, now)
      let value = try await store.perform { store in
        try store.transaction { transaction in
          var record =
            try transaction.get(CrewRecord.self, key: Self.recordKey, in: Self.recordCollection) ?? CrewRecord()
          let (value, body) = try change(&record)
          try transaction.put(record, key: Self.recordKey, in: Self.recordCollection)
          try outbox.enqueue(kind, body, createdAt: now(), in: transaction)
          return value
        }
      }
      background.nudge()
      return value
    }
  }

  // MARK: The orbit

  public func stationPosition(
    progress: @escaping @Sendable (MissionControlProgress) -> Void
  ) async throws -> PositionReading {
    try await recording("stationPosition") {
      var offlineReason: LocalizedText?
      if let tsup {
        progress(.contactingOrbit)
        let personal = PersonalData(try await profile())
        do {
          let position = try await orbit(
            from: tsup, progress: MissionControlProgress.relay(progress, center: .tsup, personal: personal))
          do {
            try await store.perform { store in
              try store.transaction { transaction in
                var record =
                  try transaction.get(CrewRecord.self, key: Self.recordKey, in: Self.recordCollection) ?? CrewRecord()
                record.lastOrbit = position
                try transaction.put(record, key: Self.recordKey, in: Self.recordCollection)
              }
            }
          } catch {
            // Keeping a copy is a convenience; the live orbit is still worth showing.
            logger.warning("cannot keep the orbit: \(Self.map(error, personal: personal))")
          }
          return PositionReading(position: position, isLive: true)
        } catch is CancellationError {
          throw CancellationError()
        } catch {
          let mapped = Self.map(error, personal: personal)
          offlineReason = mapped.translatedMessage
          analytics.recordError(mapped, module: Self.module, context: ["operation": "stationPosition"])
          logger.warning("TsUP's orbit not used, showing the last one kept: \(mapped.userMessage)")
          progress(.fellBack(reason: mapped.translatedMessage))
        }
      }
      guard let kept = try await lastKnownPosition() else { throw CosmonautServiceError.noPositionYet(.tsup) }
      return PositionReading(position: kept.position, isLive: false, offlineReason: offlineReason)
    }
  }

  /// The orbit TsUP computes now, in the interface's units.
  private func orbit(
    from tsup: AuthenticatedClient, progress: @escaping @Sendable (HTTPProgress) -> Void
  ) async throws -> StationPosition {
    var request = HTTPRequest(method: .get, path: TsUPWire.orbitPath)
    request.totalTimeout = budget.position
    let orbit = try await tsup.send(request, decoding: TsUPWire.Orbit.self, progress: progress)
    guard let position = orbit.position else {
      throw CosmonautServiceError.invalidResponse(.tsup, reason: Strings.orbitOutOfRange)
    }
    return position
  }

  // MARK: Delivery

  public func pendingSync() async throws -> SyncReport {
    try await recording("pendingSync") { try await report(delivered: []) }
  }

  public func syncStatus() async throws -> SyncStatus {
    try await recording("syncStatus") {
      let outbox = outbox
      let (pending, setAside) = try await store.perform { _ in (try outbox.pendingCount(), try outbox.setAsideCount()) }
      return SyncStatus(pending: pending, setAside: setAside, houstonConfigured: tsup != nil)
    }
  }

  /// Queues a status summary when one is due, then delivers the outbox to TsUP in order; see
  /// `CosmonautClient.sync(progress:)`. When delivery stops before anything was delivered or set
  /// aside, the error is thrown; otherwise the report carries it in `lastError` and `failure`.
  public func sync(progress: @escaping @Sendable (MissionControlProgress) -> Void) async throws -> SyncReport {
    try await recording("sync") { try await deliver(progress: progress) }
  }

  public func setAsideReports() async throws -> [OutboxEntry] {
    try await recording("setAsideReports") {
      let outbox = outbox
      return try await store.perform { _ in try outbox.setAside().map(\.entry) }
    }
  }

  public func retrySetAside(_ id: String) async throws -> OutboxEntry {
    let entry = try await recording("retrySetAside") { [outbox] in
      try await store.perform { _ in try outbox.retry(id) }
    }
    logger.notice("set-aside report back in the outbox", metadata: ["kind": entry.kind, "key": entry.id])
    background.nudge()
    return entry
  }

  public func discardSetAside(_ id: String) async throws -> OutboxEntry {
    let entry = try await recording("discardSetAside") { [outbox] in
      try await store.perform { _ in try outbox.discard(id) }
    }
    logger.notice("set-aside report discarded", metadata: ["kind": entry.kind, "key": entry.id])
    analytics.track("sync.discarded", ["kind": entry.kind])
    return entry
  }

  public func startBackgroundSync(
    every interval: Duration, onStatus: @escaping @Sendable (SyncStatus) -> Void
  ) -> BackgroundSync {
    // Each round queues a due summary and delivers what waits; a failure is logged, not thrown.
    background.start(
      every: interval,
      round: { [self] in
        guard tsup != nil else {
          try await queueStatusSummaryIfDue()
          return nil
        }
        return try await deliver(progress: { _ in })
      },
      status: { [self] in try await syncStatus() },
      failure: { [logger] error in
        let mapped = Self.map(error, personal: .none)
        logger.notice("background sync: \(mapped.userMessage)")
        return mapped.translatedMessage
      },
      onStatus: onStatus)
  }

  private func deliver(progress: @escaping @Sendable (MissionControlProgress) -> Void) async throws -> SyncReport {
    try await queueStatusSummaryIfDue()
    guard let tsup else { throw CosmonautServiceError.notConfigured(.tsup) }
    let personal = PersonalData(try await profile())
    let outbox = outbox
    let total = try await store.perform { _ in try outbox.pendingCount() }
    let delivery = AcknowledgedDelivery(client: tsup, path: TsUPWire.telemetryPath)
    let (budget, logger, relay) = (
      budget, logger, MissionControlProgress.relay(progress, center: .tsup, personal: personal)
    )
    var done = 0
    let round = try await outbox.deliver(now: now) { item -> DeliveryVerdict in
      progress(.contactingReport(done + 1, of: total))
      let message = TsUPWire.Message(entry: item.entry, body: item.payload)
      switch try await delivery.deliver(message, key: item.entry.id, totalTimeout: budget.report, progress: relay) {
      case .acknowledged:
        done += 1
        progress(.delivered(done, of: total))
        return .delivered
      case .refused(let status, let reason):
        logger.warning("TsUP refused a report", metadata: ["type": message.header.type, "status": "\(status)"])
        return DeliveryReason.refusal(by: .tsup, status: status, reason: reason, personal: personal)
      case .failed(let error):
        return .failed(DeliveryFailure(error, center: .tsup, personal: personal))
      }
    }
    var report = try await report(delivered: round.delivered)
    if !round.setAside.isEmpty { analytics.track("sync.setAside", ["count": String(round.setAside.count)]) }
    if let stopped = round.stopped {
      let failure = (stopped.error as? DeliveryFailure)?.error ?? Self.map(stopped.error, personal: personal)
      logger.warning("delivery to TsUP stopped at \(stopped.message.kind): \(failure.userMessage)")
      guard !round.delivered.isEmpty || !round.setAside.isEmpty else { throw failure }
      record(failure, "sync")
      report.lastErrorText = stopped.message.lastErrorText ?? failure.translatedMessage
      report.failure = failure
    }
    logger.info("TsUP acknowledged \(report.delivered.count) report(s)")
    return report
  }

  /// What waits and what TsUP refused, with `delivered`.
  private func report(delivered: [OutboxEntry]) async throws -> SyncReport {
    let outbox = outbox
    let (pending, setAside) = try await store.perform { _ in
      (try outbox.pendingMessages(), try outbox.setAside().map(\.entry))
    }
    return SyncReport(
      delivered: delivered, pending: pending, setAside: setAside, houstonConfigured: tsup != nil,
      lastError: delivered.isEmpty ? pending.first?.lastErrorText : nil)
  }

  /// Queues a "status.report" (TsUP: "status.summary", the whole record) when the last one was
  /// queued at least `statusReportInterval` ago, or never.
  private func queueStatusSummaryIfDue() async throws {
    let (outbox, now, interval) = (outbox, now, statusReportInterval)
    let queued = try await store.perform { store in
      try store.transaction { transaction -> Bool in
        var record =
          try transaction.get(CrewRecord.self, key: Self.recordKey, in: Self.recordCollection) ?? CrewRecord()
        let date = now()
        guard StatusReportSchedule.isDue(lastQueuedAt: record.lastStatusSummary, now: date, interval: interval) else {
          return false
        }
        let body = TsUPWire.Body(
          crewMember: .init(record.profile), consumables: record.inventory.map(TsUPWire.Body.Consumable.init))
        try outbox.enqueue(OutboxEntry.statusReportKind, body, createdAt: date, in: transaction)
        record.lastStatusSummary = date
        try transaction.put(record, key: Self.recordKey, in: Self.recordCollection)
        return true
      }
    }
    if queued { logger.info("status summary queued for TsUP") }
  }

  // MARK: Errors

  /// Runs `body`; an error is mapped to `CosmonautServiceError`, recorded, logged and rethrown.
  private func recording<Value>(_ operation: String, _ body: () async throws -> Value) async throws -> Value {
    do {
      return try await body()
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      let mapped = Self.map(error, personal: .none)
      record(mapped, operation)
      throw mapped
    }
  }

  private func record(_ error: CosmonautServiceError, _ operation: String) {
    analytics.recordError(error, module: Self.module, context: ["operation": operation])
    logger.error("\(operation) failed: \(error.userMessage)", metadata: ["operation": operation])
  }

  /// The service error for any error; TsUP's texts are cleared of `personal` data.
  static func map(_ error: any Error, personal: PersonalData) -> CosmonautServiceError {
    CosmonautServiceError(error, center: .tsup, personal: personal)
  }
}

/// Everything the client keeps besides the outbox: one document, rewritten by each change.
struct CrewRecord: Codable, Sendable {
  var profile = CosmonautProfile.empty
  var inventory = SupplyItem.defaultInventory
  /// The last orbit TsUP sent.
  var lastOrbit: StationPosition?
  /// When the last status summary was queued.
  var lastStatusSummary: Date?
}
