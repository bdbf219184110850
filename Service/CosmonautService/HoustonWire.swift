import CosmonautServiceInterface
import FoundationEssentials
import Network

extension ControlCenter {
  /// Mission Control Center Houston, as `cosmonaut` and `laboratory` show it: times in UTC.
  public static let houston = ControlCenter(
    name: "Houston", option: "--houston URL", variable: "ISS_HOUSTON_URL", clock: .utc)
}

/// Houston's dialect: where the station position is read and where reports go.
enum HoustonWire {
  /// Where the station is now: `GET`, answered with a `StationPosition`.
  static let positionPath = "/v1/station/position"
  /// Reports: one per request to `POST /v1/reports` (a `ReportEnvelope` with its `Idempotency-Key`),
  /// or up to 64 per request to `POST /v1/reports/batch` as `{"reports":[{"key":…,"report":…}]}`;
  /// Houston acknowledges each by its key.
  static let dialect = DeliveryDialect(path: "/v1/reports", batchPath: "/v1/reports/batch", batchSize: 64)
}

/// The `payload` of a report sent to Houston; absent fields are omitted from the JSON.
public struct ReportPayload: Codable, Sendable, Equatable {
  var profile: CosmonautProfile?
  var change: SupplyChange?
  var supplies: [SupplyItem]?
  var lowStock: [String]?

  /// Payload of a "status.report": the whole picture.
  static func statusReport(profile: CosmonautProfile, supplies: [SupplyItem]) -> ReportPayload {
    ReportPayload(profile: profile, supplies: supplies, lowStock: supplies.filter(\.isLow).map(\.id))
  }
}

/// The JSON body of `POST /v1/reports`.
public struct ReportEnvelope: Codable, Sendable, Equatable {
  var id: String
  var kind: String
  var createdAt: Date
  var payload: ReportPayload
}
