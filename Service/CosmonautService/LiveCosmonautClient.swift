import AppAnalytics
import CosmonautServiceInterface
import Foundation
import Localization
import Logging
import Network
import Persistence
import Synchronization

/// The cosmonaut client of the Houston flavour (`cosmonaut`, `laboratory`): data in an `EntityStore`
/// (SQLite), changes queued in an `Outbox` in the same store and delivered to Houston through
/// `AcknowledgedDelivery`, in Houston's dialect (`POST /v1/reports`, `GET /v1/station/position`).
///
/// Every change and its outbox entry are written in ONE store transaction (BEGIN IMMEDIATE), so
/// they commit together or not at all, and concurrent writers (tasks or processes) lose no update.
public final class LiveCosmonautClient: CosmonautClient {
  /// Module name used for analytics and logs.
  static let module = "CosmonautService"
  /// The Houston endpoint reports are POSTed to, one per request.
  static let reportsPath = "/v1/reports"
  /// The Houston endpoint that takes up to `batchSize` reports per request, in order.
  static let batchPath = "/v1/reports/batch"
  /// How many reports go in one request to `batchPath`.
  static let batchSize = 64

  private let store: EntityStore
  private let outbox: Outbox<ReportPayload>
  private let houston: AuthenticatedClient?
  private let budget: MissionControlBudget
  private let analytics: Analytics
  private let logger: Logger
  private let now: @Sendable () -> Date
  private let statusReportInterval: Duration
  /// Houston, as the app shows it.
  public let controlCenter = ControlCenter.houston
  /// The background rounds, nudged after every change this client makes.
  private let background = BackgroundRounds()
  /// Set when Houston answered that it has no batch endpoint: reports go one per request from then on.
  private let houstonLacksBatches = Mutex(false)

  /// Creates a client. `houston` nil = offline: changes queue up, `sync()` throws `houstonNotConfigured`.
  public init(
    store: EntityStore, houston: AuthenticatedClient?, analytics: Analytics, logger: Logger,
    now: @escaping @Sendable () -> Date = Date.init, statusReportInterval: Duration = .seconds(900),
    budget: MissionControlBudget = .interactive
  ) {
    self.store = store
    self.outbox = Outbox(store: store, name: Collections.prefix)
    self.houston = houston
    self.budget = budget
    self.analytics = analytics
    self.logger = logger
    self.now = now
    self.statusReportInterval = statusReportInterval
  }

  // MARK: Profile

  public func profile() async throws -> CosmonautProfile {
    try await reporting("profile") {
      try await store.perform { store in
        try store.get(CosmonautProfile.self, key: Keys.profile, in: Collections.profile) ?? .empty
      }
    }
  }

  public func updateProfile(_ update: ProfileUpdate) async throws -> CosmonautProfile {
    try await reporting("updateProfile") {
      let (outbox, now) = (outbox, now)
      let updated = try await store.perform { store in
        try store.transaction { transaction in
          let current =
            try transaction.get(CosmonautProfile.self, key: Keys.profile, in: Collections.profile) ?? .empty
          let updated = try current.applying(update)
          try transaction.put(updated, key: Keys.profile, in: Collections.profile)
          try outbox.enqueue(
            OutboxEntry.profileUpdatedKind, ReportPayload(profile: updated), createdAt: now(), in: transaction)
          return updated
        }
      }
      logger.info("profile updated", metadata: ["fields": update.fieldNames.joined(separator: ",")])
      changed()
      return updated
    }
  }

  // MARK: Supplies

  public func supplies() async throws -> [SupplyItem] {
    try await reporting("supplies") {
      let logger = logger
      return try await store.perform { store in
        if let inventory = try store.get([SupplyItem].self, key: Keys.inventory, in: Collections.supplies) {
          return inventory
        }
        return try store.transaction { try Self.inventory(in: $0, logger: logger) }
      }
    }
  }

  public func consume(_ itemID: String, quantity: Int) async throws -> SupplyItem {
    try await change(.consume, itemID, quantity: quantity)
  }

  public func restock(_ itemID: String, quantity: Int) async throws -> SupplyItem {
    try await change(.restock, itemID, quantity: quantity)
  }

  /// Read-modify-write of the inventory plus the outbox entry, in one transaction.
  private func change(_ action: SupplyChange.Action, _ itemID: String, quantity: Int) async throws -> SupplyItem {
    try await reporting(action.rawValue, ["item": itemID, "quantity": String(quantity)]) {
      let (outbox, now, logger) = (outbox, now, logger)
      let item = try await store.perform { store in
        try store.transaction { transaction in
          var items = try Self.inventory(in: transaction, logger: logger)
          let (item, change) = try SupplyItem.apply(action, itemID, quantity: quantity, to: &items)
          try transaction.put(items, key: Keys.inventory, in: Collections.supplies)
          try outbox.enqueue(
            OutboxEntry.suppliesChangedKind, ReportPayload(change: change), createdAt: now(), in: transaction)
          return item
        }
      }
      logger.info("\(action.rawValue) \(quantity) \(item.unit) of \(item.id); \(item.quantity) left")
      if item.isLow { logger.warning("\(item.name) is low: \(item.quantity) \(item.unit)") }
      changed()
      return item
    }
  }

  /// The stored inventory, seeded with the default inventory when there is none.
  private static func inventory(in transaction: StoreTransaction, logger: Logger) throws -> [SupplyItem] {
    if let items = try transaction.get([SupplyItem].self, key: Keys.inventory, in: Collections.supplies) {
      return items
    }
    try transaction.put(SupplyItem.defaultInventory, key: Keys.inventory, in: Collections.supplies)
    logger.notice("supplies seeded with the default inventory")
    return SupplyItem.defaultInventory
  }

  // MARK: Station position

  public func lastKnownPosition() async throws -> PositionReading? {
    try await reporting("lastKnownPosition") {
      try await store.perform { store in
        try store.get(StationPosition.self, key: Keys.lastPosition, in: Collections.meta)
      }.map { PositionReading(position: $0, isLive: false) }
    }
  }

  public func stationPosition(
    progress: @escaping @Sendable (MissionControlProgress) -> Void
  ) async throws -> PositionReading {
    try await reporting("stationPosition") {
      var offlineReason: LocalizedText?
      if let houston {
        progress(.contactingStationPosition)
        let personal = try await personalData()
        do {
          var request = HTTPRequest(method: .get, path: "/v1/station/position")
          request.totalTimeout = budget.position
          let position = try await houston.send(
            request, decoding: StationPosition.self,
            progress: MissionControlProgress.relay(progress, center: .houston, personal: personal))
          do {
            try await store.perform { try $0.put(position, key: Keys.lastPosition, in: Collections.meta) }
          } catch {
            // Keeping a copy is a convenience; the live position is still worth showing.
            logger.warning("cannot keep the station position: \(Self.map(error, personal: personal))")
          }
          return PositionReading(position: position, isLive: true)
        } catch is CancellationError {
          throw CancellationError()
        } catch {
          let mapped = Self.map(error, personal: personal)
          offlineReason = mapped.translatedMessage
          analytics.recordError(mapped, module: Self.module, context: ["operation": "stationPosition"])
          logger.warning("Houston's position not used, showing the last known one: \(mapped.userMessage)")
          progress(.fellBack(reason: mapped.translatedMessage))
        }
      }
      guard let cached = try await lastKnownPosition() else { throw CosmonautServiceError.noPositionYet(.houston) }
      return PositionReading(position: cached.position, isLive: false, offlineReason: offlineReason)
    }
  }

  // MARK: Sync

  public func pendingSync() async throws -> SyncReport {
    try await reporting("pendingSync") {
      let outbox = outbox
      let (pending, setAside) = try await store.perform { _ in
        (try outbox.pendingMessages(), try outbox.setAside().map(\.entry))
      }
      return SyncReport(
        delivered: [], pending: pending, setAside: setAside,
        houstonConfigured: houston != nil, lastError: pending.first?.lastErrorText)
    }
  }

  public func syncStatus() async throws -> SyncStatus {
    try await reporting("syncStatus") {
      let outbox = outbox
      let (pending, setAside) = try await store.perform { _ in (try outbox.pendingCount(), try outbox.setAsideCount()) }
      return SyncStatus(pending: pending, setAside: setAside, houstonConfigured: houston != nil)
    }
  }

  /// Queues a status report when one is due, then delivers the outbox in order.
  ///
  /// - Houston not configured: the due report is still queued, then `houstonNotConfigured` is thrown.
  /// - Nothing pending: returns an empty report without contacting Houston.
  /// - Each report counts as delivered only when Houston's answer acknowledges its key; one Houston
  ///   refuses for good (a 4xx with Houston's JSON explanation, other than 401/403/404/405/408/409/
  ///   429) is set aside with Houston's reason and delivery goes on.
  /// - Delivery stops at the first report that fails otherwise (unreachable, too slow, 5xx, wrong
  ///   token, an answer that is not an acknowledgement): it stays first in the queue with
  ///   `attempts + 1` and `lastError`. When nothing was delivered or set aside before, the error is
  ///   thrown (`houstonUnreachable`, `houstonFailed`, `houstonRefusedToken`, `invalidResponse`);
  ///   otherwise the report is returned with `lastError` and `failure` set.
  public func sync(progress: @escaping @Sendable (MissionControlProgress) -> Void) async throws -> SyncReport {
    try await reporting("sync") { try await deliverQueued(progress: progress) }
  }

  /// Queues a "status.report" (profile + supplies) when the last one was queued at least
  /// `statusReportInterval` ago (or never). Returns the queued entry, nil when not due.
  @discardableResult
  public func enqueueStatusReportIfDue() async throws -> OutboxEntry? {
    try await reporting("enqueueStatusReportIfDue") { try await queueStatusReportIfDue() }
  }

  /// Entries delivered to Houston, oldest first (the last 50).
  public func deliveredHistory() async throws -> [OutboxEntry] {
    try await reporting("deliveredHistory") {
      let outbox = outbox
      return try await store.perform { _ in try outbox.history().map(\.entry) }
    }
  }

  public func setAsideReports() async throws -> [OutboxEntry] {
    try await reporting("setAsideReports") {
      let outbox = outbox
      return try await store.perform { _ in try outbox.setAside().map(\.entry) }
    }
  }

  public func retrySetAside(_ id: String) async throws -> OutboxEntry {
    try await reporting("retrySetAside") {
      let outbox = outbox
      let entry = try await store.perform { _ in try outbox.retry(id) }
      logger.notice("set-aside report back in the outbox", metadata: ["kind": entry.kind, "key": entry.id])
      changed()
      return entry
    }
  }

  public func discardSetAside(_ id: String) async throws -> OutboxEntry {
    try await reporting("discardSetAside") {
      let outbox = outbox
      let entry = try await store.perform { _ in try outbox.discard(id) }
      logger.notice("set-aside report discarded", metadata: ["kind": entry.kind, "key": entry.id])
      analytics.track("sync.discarded", ["kind": entry.kind])
      return entry
    }
  }

  public func startBackgroundSync(
    every interval: Duration, onStatus: @escaping @Sendable (SyncStatus) -> Void
  ) -> BackgroundSync {
    // Each round queues a due status report and delivers what waits; a failure is logged (Houston
    // being away is expected), not thrown.
    background.start(
      every: interval,
      round: { [self] in
        guard houston != nil else {
          try await queueStatusReportIfDue()
          return nil
        }
        return try await deliverQueued(progress: { _ in })
      },
      status: { [self] in try await syncStatus() },
      failure: { [logger] error in
        let mapped = Self.map(error, personal: PersonalData.none)
        logger.notice("background sync: \(mapped.userMessage)")
        return mapped.translatedMessage
      },
      onStatus: onStatus)
  }

  /// The delivery round behind `sync(progress:)`; errors thrown are `CosmonautServiceError`s.
  private func deliverQueued(progress: @escaping @Sendable (MissionControlProgress) -> Void) async throws -> SyncReport
  {
    try await queueStatusReportIfDue()
    guard let houston else { throw CosmonautServiceError.notConfigured(.houston) }
    let personal = try await personalData()
    let outbox = outbox
    let total = try await store.perform { _ in try outbox.pendingCount() }
    let (budget, logger) = (budget, logger)
    let single = AcknowledgedDelivery(client: houston, path: Self.reportsPath)
    let batch = AcknowledgedBatchDelivery(client: houston, path: Self.batchPath)
    var batching = !houstonLacksBatches.withLock { $0 }
    var done = 0
    func verdict(_ item: OutboxItem<ReportPayload>, _ outcome: AcknowledgedDelivery.Outcome) -> DeliveryVerdict {
      switch outcome {
      case .acknowledged:
        done += 1
        progress(.delivered(done, of: total))
        return .delivered
      case .refused(let status, let reason):
        logger.warning(
          "report set aside", metadata: ["kind": item.entry.kind, "key": item.entry.id, "status": "\(status)"])
        return DeliveryReason.refusal(by: .houston, status: status, reason: reason, personal: personal)
      case .failed(let error):
        return .failed(DeliveryFailure(error, center: .houston, personal: personal))
      }
    }
    let round = try await outbox.deliver(inGroupsOf: Self.batchSize, now: now) { items -> [DeliveryVerdict] in
      progress(.contactingReport(done + 1, of: total))
      if batching {
        let messages = items.map { AcknowledgedBatchDelivery.Message(key: $0.entry.id, report: Self.envelope($0)) }
        switch try await batch.deliver(
          messages, totalTimeout: budget.report,
          progress: MissionControlProgress.relay(progress, center: .houston, personal: personal))
        {
        case .answered(let outcomes): return zip(items, outcomes).map(verdict)
        case .failed(let error): return [verdict(items[0], .failed(error))]
        case .unsupported:
          batching = false
          houstonLacksBatches.withLock { $0 = true }
          logger.notice("Houston has no batch endpoint; delivering one report per request")
        }
      }
      var verdicts: [DeliveryVerdict] = []
      for item in items {
        let outcome = try await single.deliver(
          Self.envelope(item), key: item.entry.id, totalTimeout: budget.report,
          progress: MissionControlProgress.relay(progress, center: .houston, personal: personal))
        verdicts.append(verdict(item, outcome))
        if case .failed = outcome { break }
      }
      return verdicts
    }
    let (pending, setAside) = try await store.perform { _ in
      (try outbox.pendingMessages(), try outbox.setAside().map(\.entry))
    }
    var report = SyncReport(
      delivered: round.delivered, pending: pending,
      setAside: setAside, houstonConfigured: true)
    if !round.setAside.isEmpty {
      analytics.track("sync.setAside", ["count": String(round.setAside.count)])
    }
    if let stopped = round.stopped {
      let failure = (stopped.error as? DeliveryFailure)?.error ?? Self.map(stopped.error, personal: personal)
      logger.warning("sync stopped at \(stopped.message.kind) \(stopped.message.id): \(failure.userMessage)")
      guard !round.delivered.isEmpty || !round.setAside.isEmpty else { throw failure }
      record(failure, "sync")
      report.lastErrorText = stopped.message.lastErrorText ?? failure.translatedMessage
      report.failure = failure
    }
    logger.info("sync delivered \(report.delivered.count) report(s)")
    return report
  }

  @discardableResult
  private func queueStatusReportIfDue() async throws -> OutboxEntry? {
    let (outbox, now, interval, logger) = (outbox, now, statusReportInterval, logger)
    let message = try await store.perform { store in
      try store.transaction { transaction -> OutboxMessage? in
        let last = try transaction.get(Timestamp.self, key: Keys.lastStatusReport, in: Collections.meta)
        let date = now()
        guard StatusReportSchedule.isDue(lastQueuedAt: last?.date, now: date, interval: interval) else {
          return nil
        }
        let profile =
          try transaction.get(CosmonautProfile.self, key: Keys.profile, in: Collections.profile) ?? .empty
        let payload = ReportPayload.statusReport(
          profile: profile, supplies: try Self.inventory(in: transaction, logger: logger))
        let message = try outbox.enqueue(OutboxEntry.statusReportKind, payload, createdAt: date, in: transaction)
        try transaction.put(Timestamp(date: date), key: Keys.lastStatusReport, in: Collections.meta)
        return message
      }
    }
    guard let message else { return nil }
    logger.info("status report queued")
    return message
  }

  /// Tells the running background rounds that something was queued.
  private func changed() {
    background.nudge()
  }

  /// The profile's values, to keep them out of texts that reach logs and analytics.
  private func personalData() async throws -> PersonalData {
    PersonalData(try await profile())
  }

  // MARK: Errors

  /// Runs `body`; any error is mapped to `CosmonautServiceError`, recorded, logged and rethrown.
  /// Cancellation passes through unrecorded.
  private func reporting<R>(
    _ operation: String, _ context: [String: String] = [:], _ body: () async throws -> R
  ) async throws -> R {
    do {
      return try await body()
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      let mapped = Self.map(error, personal: PersonalData.none)
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

  /// The service error for any error; texts that came from Houston are cleared of `personal` data.
  static func map(_ error: any Error, personal: PersonalData) -> CosmonautServiceError {
    CosmonautServiceError(error, center: .houston, personal: personal)
  }
}

// MARK: - Stored records

/// Collections of the store this client uses.
enum Collections {
  /// The prefix of every collection, and the name of the outbox.
  static let prefix = "cosmonaut"
  static let profile = "cosmonaut.profile"
  static let supplies = "cosmonaut.supplies"
  static let meta = "cosmonaut.meta"
}

/// Keys within those collections.
enum Keys {
  static let profile = "current"
  static let inventory = "inventory"
  static let lastPosition = "station.position"
  static let lastStatusReport = "statusReport.lastQueuedAt"
}

struct Timestamp: Codable, Sendable, Equatable { var date: Date }

extension LiveCosmonautClient {
  /// The body Houston gets for a queued report.
  static func envelope(_ item: OutboxItem<ReportPayload>) -> ReportEnvelope {
    ReportEnvelope(id: item.entry.id, kind: item.entry.kind, createdAt: item.entry.createdAt, payload: item.payload)
  }
}
