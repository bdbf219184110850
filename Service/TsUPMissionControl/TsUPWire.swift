import CosmonautServiceInterface
import FoundationEssentials
import MissionControlInterface

/// TsUP's dialect: its own endpoints and payload shapes, SI units (metres, metres per second) and
/// Moscow time (UTC+3) in every time it sends or receives.
public enum TsUPWire {
  /// Where the station is now: `GET`, answered with an `Orbit`.
  static let orbitPath = "/api/v2/orbit"
  /// Where reports go: `POST` a `Message` with an `Idempotency-Key`; TsUP acknowledges the key.
  static let telemetryPath = "/api/v2/telemetry"
  /// Where up to 64 reports go in one request: `POST {"messages":[Message,…]}` (each names its key
  /// in its header); TsUP acknowledges each key, in order, as `{"results":[{"key":…,"status":…},…]}`.
  static let telemetryBatchPath = "/api/v2/telemetry/batch"
  /// Moscow time's offset from UTC.
  static let moscowOffset = 3 * 3600

  /// `date` as TsUP writes times: ISO 8601 in Moscow time, "2026-11-22T08:00:00+03:00".
  static func moscowTime(_ date: Date) -> String {
    date.formatted(moscowStyle)
  }

  /// ISO 8601 to the second with a `+03:00` offset (what `ISO8601DateFormatter` writes in that zone).
  private static let moscowStyle = Date.ISO8601FormatStyle(
    timeZoneSeparator: .colon, timeZone: TimeZone(secondsFromGMT: moscowOffset) ?? .gmt)

  /// A time TsUP wrote (ISO 8601 to the second, with an offset or `Z`), or nil; a fraction of a
  /// second is refused, as `ISO8601DateFormatter` refuses it.
  static func date(_ text: String) -> Date? {
    guard !text.contains(".") else { return nil }
    return try? Date.ISO8601FormatStyle().parse(text)
  }

  /// The body of `GET /api/v2/orbit`.
  public struct Orbit: Decodable, Sendable {
    struct Elements: Decodable, Sendable {
      let latitudeDegrees: Double
      let longitudeDegrees: Double
      let altitudeMetres: Double
      let velocityMetresPerSecond: Double

      enum CodingKeys: String, CodingKey {
        case latitudeDegrees = "latitude_deg", longitudeDegrees = "longitude_deg", altitudeMetres = "altitude_m"
        case velocityMetresPerSecond = "velocity_m_s"
      }
    }

    let orbit: Elements
    /// When the elements hold, in Moscow time.
    let epoch: String

    /// The position in the interface's units (kilometres, kilometres per second); nil when the
    /// epoch is no time or a value is out of range.
    var position: StationPosition? {
      guard let timestamp = TsUPWire.date(epoch), (-90...90).contains(orbit.latitudeDegrees),
        (-180...180).contains(orbit.longitudeDegrees), orbit.altitudeMetres > 0, orbit.velocityMetresPerSecond > 0
      else { return nil }
      return StationPosition(
        latitude: orbit.latitudeDegrees, longitude: orbit.longitudeDegrees, altitudeKm: orbit.altitudeMetres / 1000,
        speedKmPerSecond: orbit.velocityMetresPerSecond / 1000, timestamp: timestamp)
    }
  }

  /// What a report says, in TsUP's words; kept in the outbox until it is delivered.
  public struct Body: Codable, Sendable, Equatable {
    /// The cosmonaut's record: profile fields under TsUP's names.
    struct CrewMember: Codable, Sendable, Equatable {
      var fullName: String
      var agency: String
      var position: String
      var expedition: String

      init(_ profile: CosmonautProfile) {
        fullName = profile.name
        agency = profile.agency
        position = profile.role
        expedition = profile.mission
      }

      enum CodingKeys: String, CodingKey {
        case fullName = "full_name", agency, position, expedition
      }
    }

    /// One consumable taken or added.
    struct Movement: Codable, Sendable, Equatable {
      var item: String
      /// "expenditure" (taken) or "replenishment" (added).
      var operation: String
      var amount: Int
      var remaining: Int
      var unit: String

      init(_ change: SupplyChange) {
        item = change.itemID
        operation = change.action == .consume ? "expenditure" : "replenishment"
        amount = change.quantity
        remaining = change.quantityAfter
        unit = change.unit
      }
    }

    /// One line of the inventory.
    struct Consumable: Codable, Sendable, Equatable {
      var item: String
      var remaining: Int
      var unit: String
      var low: Bool

      init(_ item: SupplyItem) {
        self.item = item.id
        remaining = item.quantity
        unit = item.unit
        low = item.isLow
      }
    }

    var crewMember: CrewMember?
    var movement: Movement?
    var consumables: [Consumable]?

    /// What TsUP gets for `report`: the crew record, a movement, or (a status summary) the whole record.
    init(_ report: CosmonautReport) {
      switch report {
      case .profileUpdated(let profile): crewMember = CrewMember(profile)
      case .suppliesChanged(let change): movement = Movement(change)
      case .statusReport(let profile, let supplies):
        crewMember = CrewMember(profile)
        consumables = supplies.map(Consumable.init)
      }
    }

    enum CodingKeys: String, CodingKey {
      case crewMember = "crew_member", movement, consumables
    }
  }

  /// The body of `POST /api/v2/telemetry`: a header TsUP files the message by, and the body.
  public struct Message: Encodable, Sendable {
    struct Header: Encodable, Sendable {
      /// The idempotency key, also in the `Idempotency-Key` header.
      let key: String
      /// TsUP's type for the report (`type(of:)`).
      let type: String
      /// When the report was composed, in Moscow time.
      let composed: String
    }

    let header: Header
    let body: Body

    /// What TsUP gets for a queued report: a header TsUP files it by, composed in Moscow time.
    init(_ report: QueuedReport, _ body: Body) {
      header = Header(
        key: report.id, type: TsUPWire.type(of: report.kind), composed: TsUPWire.moscowTime(report.createdAt))
      self.body = body
    }
  }

  /// TsUP's name for a report kind: "crew.record", "consumables.movement", "status.summary".
  static func type(of kind: String) -> String {
    switch kind {
    case QueuedReport.profileUpdatedKind: "crew.record"
    case QueuedReport.suppliesChangedKind: "consumables.movement"
    case QueuedReport.statusReportKind: "status.summary"
    default: kind
    }
  }
}
