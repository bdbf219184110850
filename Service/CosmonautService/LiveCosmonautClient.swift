import AppAnalytics
import CosmonautServiceInterface
import FoundationEssentials
import Logging
import Network
import Persistence

/// The cosmonaut client of the Houston flavour (`cosmonaut`, `laboratory`): data in an `EntityStore`
/// (SQLite), changes queued in an `Outbox` in the same store and delivered to Houston through the
/// `MissionControlLink` both flavours share, in Houston's dialect (`HoustonWire`: `POST /v1/reports`,
/// `POST /v1/reports/batch`, `GET /v1/station/position`).
///
/// Every change and its outbox entry are written in ONE store transaction (BEGIN IMMEDIATE), so
/// they commit together or not at all, and concurrent writers (tasks or processes) lose no update.
public final class LiveCosmonautClient: MissionControlReporter {
  /// Module name used for analytics and logs.
  static let module = "CosmonautService"
  /// How many reports go in one request to Houston's batch endpoint.
  static let batchSize = HoustonWire.dialect.batchSize

  private let store: EntityStore
  private let outbox: Outbox<ReportPayload>
  private let logger: Logger
  private let now: @Sendable () -> Date
  private let statusReportInterval: Duration
  /// Houston: the outbox's delivery, the budget, errors in Houston's name.
  public let missionControl: MissionControlLink<ReportPayload>

  /// Creates a client. `houston` nil = offline: changes queue up, `sync()` throws `houstonNotConfigured`.
  public init(
    store: EntityStore, houston: AuthenticatedClient?, analytics: Analytics, logger: Logger,
    now: @escaping @Sendable () -> Date = Date.init, statusReportInterval: Duration = .seconds(900),
    budget: MissionControlBudget = .interactive
  ) {
    let outbox = Outbox<ReportPayload>(store: store, name: Collections.prefix)
    self.store = store
    self.outbox = outbox
    self.logger = logger
    self.now = now
    self.statusReportInterval = statusReportInterval
    missionControl = MissionControlLink(
      center: .houston, module: Self.module, outbox: outbox, client: houston, dialect: HoustonWire.dialect,
      budget: budget, analytics: analytics, logger: logger, now: now,
      queueStatusReportIfDue: {
        try await Self.queueStatusReportIfDue(
          in: outbox, now: now, interval: statusReportInterval, logger: logger)
      })
  }

  /// What Houston gets for a queued report.
  public static func body(of item: OutboxItem<ReportPayload>) -> ReportEnvelope {
    ReportEnvelope(id: item.entry.id, kind: item.entry.kind, createdAt: item.entry.createdAt, payload: item.payload)
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
        do {
          return try store.transaction { try Self.inventory(in: $0, logger: logger) }
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

  /// Houston is asked for "the station position" at `GET /v1/station/position`.
  public static let askingForPosition = MissionControlProgress.contactingStationPosition
  /// Where Houston tells the station position.
  public static let positionPath = HoustonWire.positionPath

  /// Houston answers the position in the interface's units.
  public static func position(in answer: StationPosition) -> StationPosition { answer }

  /// Keeps the position Houston sent.
  public func keepPosition(_ position: StationPosition) async throws {
    try await store.perform { try $0.put(position, key: Keys.lastPosition, in: Collections.meta) }
  }

  // MARK: Sync

  /// Queues a "status.report" (profile + supplies) when the last one was queued at least
  /// `statusReportInterval` ago (or never). Returns the queued entry, nil when not due.
  @discardableResult
  public func enqueueStatusReportIfDue() async throws -> OutboxEntry? {
    try await reporting("enqueueStatusReportIfDue") {
      try await Self.queueStatusReportIfDue(in: outbox, now: now, interval: statusReportInterval, logger: logger)
    }
  }

  /// Entries delivered to Houston, oldest first (the last 50).
  public func deliveredHistory() async throws -> [OutboxEntry] {
    try await reporting("deliveredHistory") { try await missionControl.delivery.history() }
  }

  @discardableResult
  private static func queueStatusReportIfDue(
    in outbox: Outbox<ReportPayload>, now: @escaping @Sendable () -> Date, interval: Duration, logger: Logger
  ) async throws -> OutboxEntry? {
    let message = try await outbox.store.perform { store in
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
    missionControl.delivery.nudge()
  }

  // MARK: Errors

  /// Runs `body`; any error is mapped to `CosmonautServiceError`, recorded, logged and rethrown.
  private func reporting<R>(
    _ operation: String, _ context: [String: String] = [:], _ body: () async throws -> R
  ) async throws -> R {
    try await missionControl.reporting(operation, context, body)
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
