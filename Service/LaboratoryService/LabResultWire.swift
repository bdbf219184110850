import FoundationEssentials
import LaboratoryServiceInterface
import Network
import Persistence

/// How lab results reach Houston: one per request to `POST /v1/lab/results` (an `Envelope` with its
/// `Idempotency-Key`), or up to 64 per request to `POST /v1/lab/results/batch` as
/// `{"results":[{"key":…,"result":…}]}`; Houston acknowledges each by its key.
enum LabResultWire {
  /// The endpoints and the batch's layout.
  static let dialect = DeliveryDialect(
    path: "/v1/lab/results", batchPath: "/v1/lab/results/batch", batchSize: 64,
    batchLayout: .keyed(list: "results", key: "key", body: "result"))

  /// The JSON body of `POST /v1/lab/results`: a queued result.
  struct Envelope: Codable, Sendable {
    var id: String
    var kind: String
    var createdAt: Date
    var payload: LabResultPayload

    /// What Houston gets for a queued result.
    init(_ item: OutboxItem<LabResultPayload>) {
      id = item.entry.id
      kind = item.entry.kind
      createdAt = item.entry.createdAt
      payload = item.payload
    }
  }
}
