import CosmonautServiceInterface
import Foundation
import Localization
import MissionControlInterface
import Secrets

/// The centre the tests' client reports to: shaped like Houston (the same name, option and clock),
/// declared here because the client speaks any centre's dialect and this module links none of them
/// (`HoustonMissionControl`'s own is tested with the real client in `CosmonautAppTests`).
extension ControlCenter {
  static let houston = ControlCenter(
    id: "houston", name: "Houston", localizedName: LocalizedText("center.name", in: testNames), clock: .utc,
    secrets: Secrets(entries: [:], isDevelopment: true, centres: ["houston"]))
}

/// The centre's name in both languages.
private let testNames = StringTable(
  module: "CosmonautServiceTests", texts: [.english: ["center.name": "Houston"], .russian: ["center.name": "Хьюстон"]])

/// What the outbox keeps for a report: the profile, the change, or the whole picture.
struct TestPayload: Codable, Sendable, Equatable {
  var profile: CosmonautProfile?
  var change: SupplyChange?
  var supplies: [SupplyItem]?

  init(_ report: CosmonautReport) {
    switch report {
    case .profileUpdated(let profile): self.profile = profile
    case .suppliesChanged(let change): self.change = change
    case .statusReport(let profile, let supplies):
      self.profile = profile
      self.supplies = supplies
    }
  }
}

/// What the centre gets for a queued report: its key, kind and date, and the payload.
struct TestEnvelope: Encodable, Sendable {
  var id: String
  var kind: String
  var createdAt: Date
  var payload: TestPayload

  init(_ report: QueuedReport, _ payload: TestPayload) {
    id = report.id
    kind = report.kind
    createdAt = report.createdAt
    self.payload = payload
  }
}

extension CosmonautDialect where Payload == TestPayload, Body == TestEnvelope, PositionAnswer == StationPosition {
  /// A Houston-shaped dialect: one report per request to `/v1/reports`, batches of 64 to
  /// `/v1/reports/batch` as `{"reports":[{"key":…,"report":…}]}`, the position at
  /// `/v1/station/position` in the interface's units; data kept under `cosmonaut.…`.
  static var test: Self {
    CosmonautDialect(
      center: .houston, storeNamespace: "cosmonaut",
      reports: ReportEndpoints(
        path: "/v1/reports", batchPath: "/v1/reports/batch", batchSize: 64,
        batchLayout: .keyed(list: "reports", key: "key", body: "report"), acknowledgement: .byKey),
      payload: TestPayload.init, body: TestEnvelope.init, positionPath: "/v1/station/position",
      askingForPosition: .contactingStationPosition, position: { $0 })
  }
}
