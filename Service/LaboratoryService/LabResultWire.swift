import FoundationEssentials
import LaboratoryServiceInterface
import MissionControlInterface

/// How lab results reach Houston: one per request to `POST /v1/lab/results` (an `Envelope` with its
/// `Idempotency-Key`), or up to 64 per request to `POST /v1/lab/results/batch` as
/// `{"results":[{"key":…,"result":…}]}`; Houston acknowledges each by its key.
enum LabResultWire {
  /// The endpoints and the batch's layout.
  static let endpoints = ReportEndpoints(
    path: "/v1/lab/results", batchPath: "/v1/lab/results/batch", batchSize: 64,
    batchLayout: .keyed(list: "results", key: "key", body: "result"), acknowledgement: .byKey)

  /// The JSON body of `POST /v1/lab/results`: a queued result.
  struct Envelope: Codable, Sendable {
    var id: String
    var kind: String
    var createdAt: Date
    var payload: LabResultPayload

    /// What Houston gets for a queued result.
    init(_ result: QueuedReport, _ payload: LabResultPayload) {
      id = result.id
      kind = result.kind
      createdAt = result.createdAt
      self.payload = payload
    }
  }
}
