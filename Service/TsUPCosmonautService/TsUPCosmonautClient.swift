import AppAnalytics
import CosmonautServiceInterface
import FoundationEssentials
import Localization
import Logging
import Network
import Persistence

/// The cosmonaut client of the Roscosmos flavour (`cosmonaut-ru`): it reports to TsUP, the Mission
/// Control Centre in Korolyov, in TsUP's dialect (`TsUPWire`: `GET /api/v2/orbit` in SI units,
/// `POST /api/v2/telemetry` messages filed by TsUP's own types, batches of them to
/// `POST /api/v2/telemetry/batch`, Moscow time throughout).
///
/// The cosmonaut's data is one record in an `EntityStore` (SQLite); each change rewrites it and
/// queues its report in an `Outbox` (Core's) in the same `BEGIN IMMEDIATE` transaction, so the two
/// commit together and concurrent writers lose no update. Reports go out through the
/// `MissionControlLink` both flavours share: delivered only when TsUP acknowledges the key, set aside
/// when TsUP refuses one for good, queued with the reason otherwise.
public final class TsUPCosmonautClient: MissionControlReporter {
  /// The module name errors and events are recorded under.
  static let module = "TsUPCosmonautService"
  /// The outbox's name and the prefix of this client's collections.
  static let name = "tsup"
  static let recordCollection = "tsup.crew"
  static let recordKey = "record"

  private let store: EntityStore
  private let outbox: Outbox<TsUPWire.Body>
  private let logger: Logger
  private let now: @Sendable () -> Date
  /// TsUP: the outbox's delivery, the budget, errors in TsUP's name.
  public let missionControl: MissionControlLink<TsUPWire.Body>

  /// Creates a client. `tsup` nil = offline: changes queue up, `sync()` throws `notConfigured`.
  public init(
    store: EntityStore, tsup: AuthenticatedClient?, analytics: Analytics, logger: Logger,
    now: @escaping @Sendable () -> Date = Date.init, statusReportInterval: Duration = .seconds(900),
    budget: MissionControlBudget = .interactive
  ) {
    let outbox = Outbox<TsUPWire.Body>(store: store, name: Self.name)
    self.store = store
    self.outbox = outbox
    self.logger = logger
    self.now = now
    missionControl = MissionControlLink(
      center: .tsup, module: Self.module, outbox: outbox, client: tsup, dialect: TsUPWire.dialect, budget: budget,
      analytics: analytics, logger: logger, now: now,
      queueStatusReportIfDue: {
        try await Self.queueStatusSummaryIfDue(in: outbox, now: now, interval: statusReportInterval, logger: logger)
      })
  }

  /// What TsUP gets for a queued report: a message filed by its type, composed in Moscow time.
  public static func body(of item: OutboxItem<TsUPWire.Body>) -> TsUPWire.Message {
    TsUPWire.Message(entry: item.entry, body: item.payload)
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
      missionControl.delivery.nudge()
      return value
    }
  }

  // MARK: The orbit

  /// TsUP is asked for "the orbit" at `GET /api/v2/orbit`.
  public static let askingForPosition = MissionControlProgress.contactingOrbit
  /// Where TsUP tells the orbit.
  public static let positionPath = TsUPWire.orbitPath

  /// The orbit TsUP sent, in the interface's units.
  public static func position(in orbit: TsUPWire.Orbit) throws -> StationPosition {
    guard let position = orbit.position else {
      throw CosmonautServiceError.invalidResponse(.tsup, reason: Strings.orbitOutOfRange)
    }
    return position
  }

  /// Keeps the orbit TsUP sent in the record.
  public func keepPosition(_ position: StationPosition) async throws {
    try await store.perform { store in
      try store.transaction { transaction in
        var record =
          try transaction.get(CrewRecord.self, key: Self.recordKey, in: Self.recordCollection) ?? CrewRecord()
        record.lastOrbit = position
        try transaction.put(record, key: Self.recordKey, in: Self.recordCollection)
      }
    }
  }

  // MARK: The status summary

  /// Queues a "status.report" (TsUP: "status.summary", the whole record) when the last one was
  /// queued at least `interval` ago, or never.
  private static func queueStatusSummaryIfDue(
    in outbox: Outbox<TsUPWire.Body>, now: @escaping @Sendable () -> Date, interval: Duration, logger: Logger
  ) async throws {
    let queued = try await outbox.store.perform { store in
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
    try await missionControl.reporting(operation, [:], body)
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
