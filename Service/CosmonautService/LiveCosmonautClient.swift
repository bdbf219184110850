import AppAnalytics
import Foundation
import Logging
import Network
import Persistence

/// The cosmonaut client the app uses: data in an `EntityStore` (SQLite), changes queued in an
/// outbox in the same store and delivered to Houston by `sync()`.
///
/// Every change and its outbox entry are written in ONE store transaction (BEGIN IMMEDIATE), so
/// they commit together or not at all, and concurrent writers (tasks or processes) lose no update.
public final class LiveCosmonautClient: CosmonautClient {
  /// Module name used for analytics and logs.
  static let module = "CosmonautService"

  private let store: EntityStore
  private let houston: AuthenticatedClient?
  private let analytics: Analytics
  private let logger: Logger
  private let now: @Sendable () -> Date
  private let statusReportInterval: Duration
  /// Runs every store call: SQLite blocks (fsync, and up to the busy timeout while another process
  /// holds the write lock), which must never hold one of the few cooperative-pool threads.
  private let storeQueue = DispatchQueue(label: "CosmonautService.store")

  /// Creates a client. `houston` nil = offline: changes queue up, `sync()` throws `houstonNotConfigured`.
  public init(
    store: EntityStore, houston: AuthenticatedClient?, analytics: Analytics, logger: Logger,
    now: @escaping @Sendable () -> Date = Date.init, statusReportInterval: Duration = .seconds(900)
  ) {
    self.store = store
    self.houston = houston
    self.analytics = analytics
    self.logger = logger
    self.now = now
    self.statusReportInterval = statusReportInterval
  }

  // MARK: Profile

  public func profile() async throws -> CosmonautProfile {
    try await reporting("profile") {
      try await onStore {
        try self.store.get(CosmonautProfile.self, key: Keys.profile, in: Collections.profile) ?? .empty
      }
    }
  }

  public func updateProfile(_ update: ProfileUpdate) async throws -> CosmonautProfile {
    try await reporting("updateProfile") {
      let updated = try await onStore {
        try self.store.transaction { transaction in
          let current =
            try transaction.get(CosmonautProfile.self, key: Keys.profile, in: Collections.profile) ?? .empty
          let updated = try ProfileRules.apply(update, to: current)
          try transaction.put(updated, key: Keys.profile, in: Collections.profile)
          try self.enqueue(OutboxEntry.profileUpdatedKind, ReportPayload(profile: updated), in: transaction)
          return updated
        }
      }
      logger.info("profile updated")
      return updated
    }
  }

  // MARK: Supplies

  public func supplies() async throws -> [SupplyItem] {
    try await reporting("supplies") {
      try await onStore {
        if let inventory = try self.store.get([SupplyItem].self, key: Keys.inventory, in: Collections.supplies) {
          return inventory
        }
        return try self.store.transaction { transaction in try self.inventory(in: transaction) }
      }
    }
  }

  public func consume(_ itemID: String, quantity: Int) async throws -> SupplyItem {
    try await reporting("consume", ["item": itemID, "quantity": String(quantity)]) {
      try await onStore { try self.change(.consume, itemID, quantity: quantity) }
    }
  }

  public func restock(_ itemID: String, quantity: Int) async throws -> SupplyItem {
    try await reporting("restock", ["item": itemID, "quantity": String(quantity)]) {
      try await onStore { try self.change(.restock, itemID, quantity: quantity) }
    }
  }

  /// Read-modify-write of the inventory plus the outbox entry, in one transaction.
  private func change(_ action: SupplyChange.Action, _ itemID: String, quantity: Int) throws -> SupplyItem {
    let item = try store.transaction { transaction in
      var items = try inventory(in: transaction)
      let (item, change) = try InventoryRules.apply(action, itemID, quantity: quantity, to: &items)
      try transaction.put(items, key: Keys.inventory, in: Collections.supplies)
      try enqueue(OutboxEntry.suppliesChangedKind, ReportPayload(change: change), in: transaction)
      return item
    }
    logger.info("\(action.rawValue) \(quantity) \(item.unit) of \(item.id); \(item.quantity) left")
    if item.isLow { logger.warning("\(item.name) is low: \(item.quantity) \(item.unit)") }
    return item
  }

  /// The stored inventory, seeded with the default inventory when there is none.
  private func inventory(in transaction: StoreTransaction) throws -> [SupplyItem] {
    if let items = try transaction.get([SupplyItem].self, key: Keys.inventory, in: Collections.supplies) {
      return items
    }
    try transaction.put(SupplyItem.defaultInventory, key: Keys.inventory, in: Collections.supplies)
    logger.notice("supplies seeded with the default inventory")
    return SupplyItem.defaultInventory
  }

  // MARK: Station position

  public func stationPosition() async throws -> PositionReading {
    try await reporting("stationPosition") {
      if let houston {
        do {
          let position = try await houston.send(
            HTTPRequest(method: .get, path: "/v1/station/position"), decoding: StationPosition.self)
          try await onStore { try self.store.put(position, key: Keys.lastPosition, in: Collections.meta) }
          return PositionReading(position: position, isLive: true)
        } catch NetworkError.decoding(let keyPath, let reason) {
          let place = keyPath.isEmpty ? "the station position" : "station position key \"\(keyPath)\""
          throw CosmonautServiceError.invalidResponse("\(place): \(reason)")
        } catch let error as NetworkError {
          record(error, "stationPosition")
          logger.warning("Houston unavailable, using the last known position: \(error)")
        }
      }
      let cached = try await onStore {
        try self.store.get(StationPosition.self, key: Keys.lastPosition, in: Collections.meta)
      }
      guard let cached else {
        throw CosmonautServiceError.noPositionYet
      }
      return PositionReading(position: cached, isLive: false)
    }
  }

  // MARK: Sync

  public func pendingSync() async throws -> SyncReport {
    try await reporting("pendingSync") {
      let pending = try await onStore { try self.outbox().map(\.entry) }
      return SyncReport(
        delivered: [], pending: pending, houstonConfigured: houston != nil,
        lastError: pending.first?.lastError)
    }
  }

  /// Queues a status report when one is due, then delivers the outbox in order.
  ///
  /// - Houston not configured: the due report is still queued, then `houstonNotConfigured` is thrown.
  /// - Nothing pending: returns an empty report without contacting Houston.
  /// - All delivered: returns them, `pending` empty (unless something was queued meanwhile).
  /// - Delivery fails after at least one entry was delivered: returns the report with `lastError` set
  ///   and the rest in `pending` (does NOT throw).
  /// - The first entry fails (nothing delivered): throws `houstonUnreachable(reason)`, or
  ///   `houstonRefusedToken` when Houston answered 401/403.
  /// A failed entry gets `attempts + 1` and `lastError`; entries behind it are not tried.
  public func sync() async throws -> SyncReport {
    try await reporting("sync") {
      _ = try await onStore { try self.queueStatusReportIfDue() }
      guard let houston else { throw CosmonautServiceError.houstonNotConfigured }
      var delivered: [OutboxEntry] = []
      for queued in try await onStore({ try self.outbox() }) {
        do {
          try await deliver(queued, via: houston)
        } catch {
          let reason = Self.describe(error)
          try await onStore { try self.markFailed(queued.entry.id, reason: reason) }
          logger.warning("sync stopped at \(queued.entry.kind) \(queued.entry.id): \(reason)")
          guard !delivered.isEmpty else { throw Self.map(error) }
          record(Self.map(error), "sync")
          let pending = try await onStore { try self.outbox().map(\.entry) }
          return SyncReport(delivered: delivered, pending: pending, houstonConfigured: true, lastError: reason)
        }
        if let entry = try await onStore({ try self.markDelivered(queued) }) { delivered.append(entry) }
      }
      logger.info("sync delivered \(delivered.count) report(s)")
      let pending = try await onStore { try self.outbox().map(\.entry) }
      return SyncReport(delivered: delivered, pending: pending, houstonConfigured: true)
    }
  }

  /// Queues a "status.report" (profile + supplies) when the last one was queued at least
  /// `statusReportInterval` ago (or never). Returns the queued entry, nil when not due.
  @discardableResult
  public func enqueueStatusReportIfDue() async throws -> OutboxEntry? {
    try await reporting("enqueueStatusReportIfDue") { try await onStore { try self.queueStatusReportIfDue() } }
  }

  /// Entries delivered to Houston, oldest first (the last 50).
  public func deliveredHistory() async throws -> [OutboxEntry] {
    try await reporting("deliveredHistory") {
      try await onStore {
        try self.store.all(DeliveredRecord.self, in: Collections.delivered).map(\.value)
          .sorted { $0.sequence < $1.sequence }.map(\.entry)
      }
    }
  }

  @discardableResult
  private func queueStatusReportIfDue() throws -> OutboxEntry? {
    let entry = try store.transaction { transaction -> OutboxEntry? in
      let last = try transaction.get(Timestamp.self, key: Keys.lastStatusReport, in: Collections.meta)
      let date = now()
      guard StatusReportSchedule.isDue(lastQueuedAt: last?.date, now: date, interval: statusReportInterval) else {
        return nil
      }
      let profile = try transaction.get(CosmonautProfile.self, key: Keys.profile, in: Collections.profile) ?? .empty
      let payload = ReportPayload.statusReport(profile: profile, supplies: try inventory(in: transaction))
      let entry = try enqueue(OutboxEntry.statusReportKind, payload, in: transaction)
      try transaction.put(Timestamp(date: date), key: Keys.lastStatusReport, in: Collections.meta)
      return entry
    }
    if entry != nil { logger.info("status report queued") }
    return entry
  }

  @discardableResult
  private func enqueue(
    _ kind: String, _ payload: ReportPayload, in transaction: StoreTransaction
  ) throws
    -> OutboxEntry
  {
    var counter = try transaction.get(Counter.self, key: Keys.outboxSequence, in: Collections.meta) ?? Counter()
    counter.value += 1
    try transaction.put(counter, key: Keys.outboxSequence, in: Collections.meta)
    let entry = OutboxEntry(id: UUID().uuidString.lowercased(), kind: kind, createdAt: now())
    try transaction.put(
      OutboxRecord(entry: entry, sequence: counter.value, payload: payload), key: entry.id, in: Collections.outbox)
    return entry
  }

  private func outbox() throws -> [OutboxRecord] {
    try store.all(OutboxRecord.self, in: Collections.outbox).map(\.value).sorted { $0.sequence < $1.sequence }
  }

  private func deliver(_ record: OutboxRecord, via houston: AuthenticatedClient) async throws {
    let envelope = ReportEnvelope(
      id: record.entry.id, kind: record.entry.kind, createdAt: record.entry.createdAt, payload: record.payload)
    let request = try HTTPRequest.json(
      .post, path: "/v1/reports", body: envelope, headers: [HTTPRequest.idempotencyKeyHeader: record.entry.id])
    _ = try await houston.send(request)
  }

  private func markFailed(_ id: String, reason: String) throws {
    try store.transaction { transaction in
      guard var record = try transaction.get(OutboxRecord.self, key: id, in: Collections.outbox) else { return }
      record.entry.attempts += 1
      record.entry.lastError = reason
      try transaction.put(record, key: id, in: Collections.outbox)
    }
  }

  /// Moves a delivered entry from the outbox to the bounded history; nil if another sync already did.
  private func markDelivered(_ delivered: OutboxRecord) throws -> OutboxEntry? {
    try store.transaction { transaction -> OutboxEntry? in
      let id = delivered.entry.id
      guard var record = try transaction.get(OutboxRecord.self, key: id, in: Collections.outbox) else { return nil }
      try transaction.delete(key: id, in: Collections.outbox)
      record.entry.attempts += 1
      record.entry.lastError = nil
      try transaction.put(
        DeliveredRecord(entry: record.entry, sequence: record.sequence, deliveredAt: now()), key: id,
        in: Collections.delivered)
      let history = try transaction.all(DeliveredRecord.self, in: Collections.delivered).map(\.value)
        .sorted { $0.sequence < $1.sequence }
      for old in history.dropLast(OutboxLimits.deliveredHistory) {
        try transaction.delete(key: old.entry.id, in: Collections.delivered)
      }
      return record.entry
    }
  }

  // MARK: Errors

  /// Runs `body` on `storeQueue` and resumes with its result.
  private func onStore<R: Sendable>(_ body: @escaping @Sendable () throws -> R) async throws -> R {
    try await withCheckedThrowingContinuation { continuation in
      storeQueue.async { continuation.resume(with: Result { try body() }) }
    }
  }

  /// Runs `body`; any error is mapped to `CosmonautServiceError`, recorded, logged and rethrown.
  private func reporting<R>(
    _ operation: String, _ context: [String: String] = [:], _ body: () async throws -> R
  ) async throws -> R {
    do {
      return try await body()
    } catch {
      let mapped = Self.map(error)
      record(mapped, operation, context)
      throw mapped
    }
  }

  private func record(_ error: any Error, _ operation: String, _ context: [String: String] = [:]) {
    var context = context
    context["operation"] = operation
    analytics.recordError(error, module: Self.module, context: context)
    logger.error("\(operation) failed: \(Self.describe(error))", metadata: context)
  }

  static func map(_ error: any Error) -> CosmonautServiceError {
    switch error {
    case let error as CosmonautServiceError: error
    case NetworkError.status(let code, _) where code == 401 || code == 403: .houstonRefusedToken(status: code)
    case let error as NetworkError: .houstonUnreachable(error.description)
    default: .storage(describe(error))
    }
  }

  /// The user message of a `CosmonautServiceError`, the description of any other error.
  static func describe(_ error: any Error) -> String {
    (error as? CosmonautServiceError)?.userMessage ?? String(describing: error)
  }
}

// MARK: - Stored records

/// Collections of the store this client uses.
enum Collections {
  static let profile = "cosmonaut.profile"
  static let supplies = "cosmonaut.supplies"
  static let outbox = "cosmonaut.outbox"
  static let delivered = "cosmonaut.delivered"
  static let meta = "cosmonaut.meta"
}

/// Keys within those collections.
enum Keys {
  static let profile = "current"
  static let inventory = "inventory"
  static let lastPosition = "station.position"
  static let lastStatusReport = "statusReport.lastQueuedAt"
  static let outboxSequence = "outbox.sequence"
}

/// An outbox entry with its payload and its place in the delivery order.
struct OutboxRecord: Codable, Sendable, Equatable {
  var entry: OutboxEntry
  var sequence: Int
  var payload: ReportPayload
}

/// A delivered entry kept in the bounded history.
struct DeliveredRecord: Codable, Sendable, Equatable {
  var entry: OutboxEntry
  var sequence: Int
  var deliveredAt: Date
}

struct Counter: Codable, Sendable, Equatable { var value = 0 }

struct Timestamp: Codable, Sendable, Equatable { var date: Date }
