import MissionControlInterface

/// How one mission control is spoken to about a cosmonaut: everything that differs between the
/// centres an app may report to, and nothing else. The live client (`CosmonautService`) keeps the
/// data, queues, schedules, delivers and logs alike for every centre; a flavour of the app is the
/// value it hands that client (`HoustonMissionControl`'s, `TsUPMissionControl`'s).
///
/// - `Payload`: what the outbox keeps for a report (the centre's words, written when it is queued).
/// - `Body`: what the centre gets for a queued report.
/// - `PositionAnswer`: what the centre answers when asked for the station position.
public struct CosmonautDialect<
  Payload: Codable & Sendable, Body: Encodable & Sendable, PositionAnswer: Decodable & Sendable
>: Sendable {
  /// The centre: its name, how it is configured, its clock, its tokens.
  public var center: ControlCenter
  /// The prefix of the client's collections in its store and the name of its outbox ("cosmonaut",
  /// "tsup"): a store written for one centre is read back by the same dialect.
  public var storeNamespace: String
  /// Where reports go and how they are batched and acknowledged.
  public var reports: ReportEndpoints
  /// What the outbox keeps for a report.
  public var payload: @Sendable (CosmonautReport) -> Payload
  /// What the centre gets for a queued report (its key, kind and date) and its payload.
  public var body: @Sendable (QueuedReport, Payload) -> Body
  /// Where the centre tells the station position (`GET`).
  public var positionPath: String
  /// What the client says it is doing while it asks ("the station position", "the station's orbit").
  public var askingForPosition: MissionControlProgress
  /// The position an answer gives, in the interface's units; throws
  /// `CosmonautServiceError.invalidResponse` when it gives none.
  public var position: @Sendable (PositionAnswer) throws(CosmonautServiceError) -> StationPosition

  /// A dialect (see the properties).
  public init(
    center: ControlCenter, storeNamespace: String, reports: ReportEndpoints,
    payload: @escaping @Sendable (CosmonautReport) -> Payload,
    body: @escaping @Sendable (QueuedReport, Payload) -> Body, positionPath: String,
    askingForPosition: MissionControlProgress,
    position: @escaping @Sendable (PositionAnswer) throws(CosmonautServiceError) -> StationPosition
  ) {
    self.center = center
    self.storeNamespace = storeNamespace
    self.reports = reports
    self.payload = payload
    self.body = body
    self.positionPath = positionPath
    self.askingForPosition = askingForPosition
    self.position = position
  }
}
