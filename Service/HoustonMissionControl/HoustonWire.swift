import CosmonautServiceInterface
import FoundationEssentials
import MissionControlInterface

/// The `payload` of a report sent to Houston, as the outbox keeps it; absent fields are omitted
/// from the JSON.
public struct ReportPayload: Codable, Sendable, Equatable {
  var profile: CosmonautProfile?
  var change: SupplyChange?
  var supplies: [SupplyItem]?
  var lowStock: [String]?

  /// What Houston gets for `report`: the profile, the change, or (a status report) the whole picture.
  init(_ report: CosmonautReport) {
    switch report {
    case .profileUpdated(let profile): self.profile = profile
    case .suppliesChanged(let change): self.change = change
    case .statusReport(let profile, let supplies):
      self.profile = profile
      self.supplies = supplies
      lowStock = supplies.filter(\.isLow).map(\.id)
    }
  }
}

/// The JSON body of `POST /v1/reports`.
public struct ReportEnvelope: Codable, Sendable, Equatable {
  var id: String
  var kind: String
  var createdAt: Date
  var payload: ReportPayload

  /// What Houston gets for a queued report.
  init(_ report: QueuedReport, _ payload: ReportPayload) {
    id = report.id
    kind = report.kind
    createdAt = report.createdAt
    self.payload = payload
  }
}
