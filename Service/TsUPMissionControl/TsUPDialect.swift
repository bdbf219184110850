import CosmonautServiceInterface
import MissionControlInterface

extension MissionControlProgress {
  /// Asking TsUP for the station's orbit.
  public static let contactingOrbit = contacting(Strings.progressOrbit)
}

extension CosmonautDialect where Payload == TsUPWire.Body, Body == TsUPWire.Message, PositionAnswer == TsUPWire.Orbit {
  /// TsUP's dialect: messages filed by TsUP's own types (`crew.record`, `consumables.movement`,
  /// `status.summary`) to `POST /api/v2/telemetry`, up to 64 per request to
  /// `POST /api/v2/telemetry/batch` as `{"messages":[Message,…]}`, each acknowledged by its key; the
  /// orbit at `GET /api/v2/orbit` in SI units; Moscow time in everything it sends and shows. The
  /// outbox keeps each report in TsUP's words; the client keeps its data under `tsup.…` in its store.
  public static var tsup: Self {
    CosmonautDialect(
      center: .tsup, storeNamespace: "tsup",
      reports: ReportEndpoints(
        path: TsUPWire.telemetryPath, batchPath: TsUPWire.telemetryBatchPath, batchSize: 64,
        batchLayout: .bare(list: "messages"), acknowledgement: .byKey),
      payload: TsUPWire.Body.init, body: TsUPWire.Message.init, positionPath: TsUPWire.orbitPath,
      askingForPosition: .contactingOrbit,
      position: { orbit throws(CosmonautServiceError) in
        guard let position = orbit.position else {
          throw .invalidResponse(.tsup, reason: Strings.orbitOutOfRange)
        }
        return position
      })
  }
}
