import CosmonautServiceInterface
import Foundation

extension ControlCenter {
  /// Mission Control Center Houston, as `cosmonaut` and `laboratory` show it: times in UTC.
  public static let houston = ControlCenter(
    name: "Houston", option: "--houston URL", variable: "ISS_HOUSTON_URL", clock: .utc)
}

/// The `payload` of a report sent to Houston; absent fields are omitted from the JSON.
struct ReportPayload: Codable, Sendable, Equatable {
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
struct ReportEnvelope: Codable, Sendable, Equatable {
  var id: String
  var kind: String
  var createdAt: Date
  var payload: ReportPayload
}
