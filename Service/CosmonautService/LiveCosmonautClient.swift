import AppAnalytics
import CosmonautServiceInterface
import FoundationEssentials
import Localization
import Logging
import MissionControlInterface
import Persistence

/// The live cosmonaut client of every flavour: the cosmonaut's data in an `EntityStore` (SQLite),
/// each change and its report queued in ONE store transaction (BEGIN IMMEDIATE), so they commit
/// together or not at all and concurrent writers (tasks or processes) lose no update; the reports
/// delivered by its mission control's channel, the station position read from it, all in the
/// centre's dialect (`CosmonautDialect`: Houston's, TsUP's), which is the only thing a flavour adds.
public final class LiveCosmonautClient<
  Payload: Codable & Sendable, Body: Encodable & Sendable, PositionAnswer: Decodable & Sendable
>: CosmonautClient {
  /// The module errors, events and logs are recorded under.
  static var module: String { "CosmonautService" }

  private let store: EntityStore
  private let layout: CosmonautStore
  private let outbox: Outbox<Payload>
  private let dialect: CosmonautDialect<Payload, Body, PositionAnswer>
  private let missionControl: MissionControlClient
  private let reports: any ReportChannel
  private let analytics: Analytics
  private let logger: Logger
  private let now: @Sendable () -> Date
  private let statusReportInterval: Duration

  /// A client over `store` reporting to `missionControl` (offline when it has no connection:
  /// changes queue up, `sync()` throws `notConfigured`) in `dialect`; a status report is queued at
  /// most every `statusReportInterval`.
  public init(
    store: EntityStore, dialect: CosmonautDialect<Payload, Body, PositionAnswer>,
    missionControl: MissionControlClient, analytics: Analytics, logger: Logger,
    now: @escaping @Sendable () -> Date = Date.init, statusReportInterval: Duration = .seconds(900)
  ) {
    self.store = store
    layout = CosmonautStore(namespace: dialect.storeNamespace)
    outbox = Outbox(store: store, name: dialect.storeNamespace)
    self.dialect = dialect
    self.missionControl = missionControl
    reports = missionControl.channel(
      store: store, outbox: dialect.storeNamespace, endpoints: dialect.reports, body: dialect.body, logger: logger,
      analytics: analytics, analyticsEvents: "sync", now: now)
    self.analytics = analytics
    self.logger = logger
    self.now = now
    self.statusReportInterval = statusReportInterval
  }

  /// The centre the client reports to.
  public var controlCenter: ControlCenter { dialect.center }

  /// A consistent copy of the cosmonaut's store in a new file in `directory`, named as the store's
  /// file is, while other processes go on using it; returns the file written (the `backup` command).
  public func backup(into directory: URL) async throws -> URL {
    try await store.backup(into: directory)
  }

  // MARK: Profile

  public func profile() async throws -> CosmonautProfile {
    try await reporting("profile") {
      let layout = layout
      return try await store.perform { try layout.profile(in: $0) }
    }
  }

  public func updateProfile(_ update: ProfileUpdate) async throws -> CosmonautProfile {
    try await reporting("updateProfile") {
      let updated = try await changing { layout, transaction in
        let updated = try layout.profile(in: transaction).applying(update)
        try layout.putProfile(updated, in: transaction)
        return (updated, .profileUpdated(updated))
      }
      logger.info("profile updated", metadata: ["fields": update.fieldNames.joined(separator: ",")])
      return updated
    }
  }

  // MARK: Supplies

  public func supplies() async throws -> [SupplyItem] {
    try await reporting("supplies") {
      let (layout, logger) = (layout, logger)
      return try await store.perform { store in
        if let inventory = try layout.storedInventory(in: store) { return inventory }
        do {
          return try store.transaction { transaction in
            try layout.migrateLegacyRecord(in: transaction, logger: logger)
            return try layout.inventory(in: transaction, logger: logger)
          }
        } catch PersistenceError.readOnly {
          // A store that can only be read: the default inventory, kept once the store can be written.
          return SupplyItem.defaultInventory
        }
      }
    }
  }

  public func consume(_ itemID: String, quantity: Int) async throws -> SupplyItem {
    try await change(.consume, itemID, quantity: quantity)
  }

  public func restock(_ itemID: String, quantity: Int) async throws -> SupplyItem {
    try await change(.restock, itemID, quantity: quantity)
  }

  /// Read-modify-write of the inventory plus its report, in one transaction.
  private func change(_ action: SupplyChange.Action, _ itemID: String, quantity: Int) async throws -> SupplyItem {
    try await reporting(action.rawValue, ["item": itemID, "quantity": String(quantity)]) {
      let logger = logger
      let item = try await changing { layout, transaction in
        var items = try layout.inventory(in: transaction, logger: logger)
        let (item, change) = try SupplyItem.apply(action, itemID, quantity: quantity, to: &items)
        try layout.putInventory(items, in: transaction)
        return (item, .suppliesChanged(change))
      }
      logger.info("\(action.rawValue) \(quantity) \(item.unit) of \(item.id); \(item.quantity) left")
      if item.isLow { logger.warning("\(item.name) is low: \(item.quantity) \(item.unit)") }
      return item
    }
  }

  /// Runs `change` in one write transaction and queues the report it returns in the same one, then
  /// tells the background rounds that something was queued.
  private func changing<Value: Sendable>(
    _ change: @escaping @Sendable (CosmonautStore, StoreTransaction) throws -> (Value, CosmonautReport)
  ) async throws -> Value {
    let (layout, outbox, dialect, now, logger) = (layout, outbox, dialect, now, logger)
    let value = try await store.perform { store in
      try store.transaction { transaction in
        try layout.migrateLegacyRecord(in: transaction, logger: logger)
        let (value, report) = try change(layout, transaction)
        try outbox.enqueue(report.kind, dialect.payload(report), createdAt: now(), in: transaction)
        return value
      }
    }
    reports.nudge()
    return value
  }

  // MARK: Station position

  public func lastKnownPosition() async throws -> PositionReading? {
    try await reporting("lastKnownPosition") {
      let layout = layout
      return try await store.perform { try layout.position(in: $0) }.map {
        PositionReading(position: $0, isLive: false)
      }
    }
  }

  /// Live when the centre answers within the position budget (then kept; failing to keep it is
  /// only logged); else at once the position kept, with why the live one is not shown.
  public func stationPosition(
    progress: @escaping @Sendable (MissionControlProgress) -> Void
  ) async throws -> PositionReading {
    try await reporting("stationPosition") {
      var offlineReason: LocalizedText?
      if missionControl.isConfigured {
        progress(dialect.askingForPosition)
        let personal = PersonalData(try await profile())
        do {
          let position = try await fetchPosition(personal: personal, progress: progress)
          do {
            let layout = layout
            try await store.perform { store in try store.transaction { try layout.putPosition(position, in: $0) } }
          } catch {
            // Keeping a copy is a convenience; the live position is still worth showing.
            logger.warning("cannot keep the station position: \(map(error))")
          }
          return PositionReading(position: position, isLive: true)
        } catch is CancellationError {
          throw CancellationError()
        } catch {
          let mapped = map(error)
          offlineReason = mapped.translatedMessage
          analytics.recordError(mapped, module: Self.module, context: ["operation": "stationPosition"])
          logger.warning("\(controlCenter.name)'s position not used, showing the last one kept: \(mapped.userMessage)")
          progress(.fellBack(reason: mapped.translatedMessage))
        }
      }
      guard let last = try await lastKnownPosition() else { throw CosmonautServiceError.noPositionYet(controlCenter) }
      return PositionReading(position: last.position, isLive: false, offlineReason: offlineReason)
    }
  }

  private func fetchPosition(
    personal: PersonalData, progress: @escaping @Sendable (MissionControlProgress) -> Void
  ) async throws -> StationPosition {
    let center = controlCenter
    let answer = try await missionControl.fetch(
      dialect.positionPath, as: PositionAnswer.self, within: missionControl.budget.position,
      redacting: personal.redact,
      retrying: { attempt, wait, failure in
        // What failed, not the advice of the error the last attempt would end with: the app tries again itself.
        progress(.retrying(attempt: attempt, retryIn: wait, reason: failure.reason))
      })
    let position = try dialect.position(answer)
    // What is kept and shown must be a place on the globe, whoever answered.
    if let reason = position.impossibility { throw CosmonautServiceError.invalidResponse(center, reason: reason) }
    return position
  }

  // MARK: Sync

  public func pendingSync() async throws -> SyncReport {
    try await reporting("pendingSync") {
      let contents = try await reports.contents()
      return SyncReport(
        delivered: [], pending: contents.pending, setAside: contents.setAside, isConfigured: reports.isConfigured,
        lastError: contents.pending.first?.lastErrorText)
    }
  }

  public func syncStatus() async throws -> SyncStatus {
    try await reporting("syncStatus") {
      let counts = try await reports.counts()
      return SyncStatus(pending: counts.pending, setAside: counts.setAside, isConfigured: reports.isConfigured)
    }
  }

  public func sync(progress: @escaping @Sendable (MissionControlProgress) -> Void) async throws -> SyncReport {
    try await reporting("sync") { try await deliver(progress: progress) }
  }

  public func setAsideReports() async throws -> [QueuedReport] {
    try await reporting("setAsideReports") { try await reports.contents().setAside }
  }

  public func retrySetAside(_ id: String) async throws -> QueuedReport {
    try await reporting("retrySetAside") { try await reports.retry(id) }
  }

  public func discardSetAside(_ id: String) async throws -> QueuedReport {
    try await reporting("discardSetAside") { try await reports.discard(id) }
  }

  /// Each round queues a due status report and delivers what waits (only queues, when no centre is
  /// configured), then hands `onStatus` the counts with the round's last error and delivered count.
  /// A round's error is logged and shown, not thrown; a cancelled round publishes nothing.
  public func startBackgroundSync(
    every interval: Duration, onStatus: @escaping @Sendable (SyncStatus) -> Void
  ) -> BackgroundSync {
    reports.startRounds(every: interval) { [self] in
      var (lastError, delivered): (LocalizedText?, Int) = (nil, 0)
      do {
        if reports.isConfigured {
          let report = try await deliver(progress: { _ in })
          (lastError, delivered) = (report.lastErrorText, report.delivered.count)
        } else {
          try await queueStatusReportIfDue()
        }
      } catch is CancellationError {
        return
      } catch {
        let mapped = map(error)
        logger.notice("background sync: \(mapped.userMessage)")
        lastError = mapped.translatedMessage
      }
      guard var current = try? await syncStatus() else { return }
      current.lastErrorText = lastError
      current.lastDelivered = delivered
      onStatus(current)
    }
  }

  /// Queues a status report when one is due, then delivers the outbox in order: a report counts as
  /// delivered only when the centre acknowledges its key; one it refuses for good is set aside and
  /// the rest go on. The error is thrown when nothing was delivered or set aside, else the report carries it.
  private func deliver(progress: @escaping @Sendable (MissionControlProgress) -> Void) async throws -> SyncReport {
    // The transport gets ready (the HTTP helper starts) while the outbox is read.
    reports.prepare()
    try await queueStatusReportIfDue()
    let (center, personal) = (controlCenter, PersonalData(try await profile()))
    let result = try await reports.deliver(
      redacting: personal.redact, describing: \.reason,
      progress: progress)
    var report = SyncReport(
      delivered: result.delivered, pending: result.after.pending, setAside: result.after.setAside, isConfigured: true)
    if let stopped = result.stopped {
      let failure = CosmonautServiceError(stopped.failure, center: center)
      if result.failedAsAWhole { throw failure }
      record(failure, "sync")
      report.lastErrorText = stopped.report.lastErrorText ?? failure.translatedMessage
      report.failure = failure
    }
    return report
  }

  /// Queues a status report (the profile and the inventory) when the last one was queued at least
  /// `statusReportInterval` ago, or never. Returns the queued report, nil when none was due.
  @discardableResult
  public func enqueueStatusReportIfDue() async throws -> QueuedReport? {
    try await reporting("enqueueStatusReportIfDue") { try await queueStatusReportIfDue() }
  }

  /// The reports delivered, oldest first (the last 50).
  public func deliveredHistory() async throws -> [QueuedReport] {
    try await reporting("deliveredHistory") { try await reports.history() }
  }

  @discardableResult
  private func queueStatusReportIfDue() async throws -> QueuedReport? {
    let (layout, outbox, dialect, now, interval, logger) = (layout, outbox, dialect, now, statusReportInterval, logger)
    let message = try await store.perform { store in
      try store.transaction { transaction -> OutboxMessage? in
        try layout.migrateLegacyRecord(in: transaction, logger: logger)
        let date = now()
        let last = try layout.lastStatusReport(in: transaction)
        guard StatusReportSchedule.isDue(lastQueuedAt: last, now: date, interval: interval) else { return nil }
        let report = CosmonautReport.statusReport(
          profile: try layout.profile(in: transaction), supplies: try layout.inventory(in: transaction, logger: logger))
        let message = try outbox.enqueue(report.kind, dialect.payload(report), createdAt: date, in: transaction)
        try layout.putLastStatusReport(date, in: transaction)
        return message
      }
    }
    guard let message else { return nil }
    logger.info("status report queued")
    return QueuedReport(message, center: controlCenter)
  }

  // MARK: Errors

  /// Runs `body`; an error becomes a `CosmonautServiceError` that names the centre, recorded in
  /// analytics and the log, and is rethrown. Cancellation passes through unrecorded.
  private func reporting<Value>(
    _ operation: String, _ context: [String: String] = [:], _ body: () async throws -> Value
  ) async throws -> Value {
    do {
      return try await body()
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      let mapped = map(error)
      record(mapped, operation, context)
      throw mapped
    }
  }

  private func record(_ error: CosmonautServiceError, _ operation: String, _ context: [String: String] = [:]) {
    var context = context
    context["operation"] = operation
    analytics.recordError(error, module: Self.module, context: context)
    logger.error("\(operation) failed: \(error.userMessage)", metadata: context)
  }

  /// The service error for any error: its own as it is, what the centre did in the centre's name,
  /// the store's errors with the store's own line, so it reads in every language.
  private func map(_ error: any Error) -> CosmonautServiceError {
    switch error {
    case let error as CosmonautServiceError: error
    case let failure as MissionControlFailure: CosmonautServiceError(failure, center: controlCenter)
    case let lookup as ReportLookupError: CosmonautServiceError(lookup)
    case let error as PersistenceError: CosmonautServiceError(storing: error)
    case let error as any TranslatedError: .storage(error.translatedMessage)
    default: .storage(.verbatim(String(describing: error)))
    }
  }
}

extension CosmonautServiceError {
  /// The store's error with the store's own line.
  init(storing error: PersistenceError) {
    switch error {
    case .diskFull: self = .diskFull(error.translatedMessage)
    case .busy: self = .storeBusy(error.translatedMessage)
    case _ where error.kind != .internal: self = .storeRefused(error.translatedMessage, kind: error.kind)
    default: self = .storage(error.translatedMessage)
    }
  }
}
