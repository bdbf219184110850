import CosmonautServiceInterface
import FoundationEssentials
import MissionControlInterface

extension CosmonautDialect where Payload == ReportPayload, Body == ReportEnvelope, PositionAnswer == StationPosition {
  /// Houston's dialect: reports one per request to `POST /v1/reports` (a `ReportEnvelope` with its
  /// `Idempotency-Key`), or up to 64 per request to `POST /v1/reports/batch` as
  /// `{"reports":[{"key":…,"report":…}]}`, each acknowledged by its key; the station position at
  /// `GET /v1/station/position`, in the interface's own units. The client keeps its data under
  /// `cosmonaut.…` in its store.
  public static var houston: Self {
    CosmonautDialect(
      center: .houston, storeNamespace: "cosmonaut",
      reports: ReportEndpoints(
        path: "/v1/reports", batchPath: "/v1/reports/batch", batchSize: 64,
        batchLayout: .keyed(list: "reports", key: "key", body: "report"), acknowledgement: .byKey),
      payload: ReportPayload.init, body: ReportEnvelope.init, positionPath: "/v1/station/position",
      askingForPosition: .contactingStationPosition, position: { $0 })
  }
}
