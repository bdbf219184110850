import DeviceServiceInterface

/// Talks to the station's docking system: telemetry (ports and the vehicles at them) and the steps of the procedure.
public protocol DockingPortClient: Sendable {
  /// Every port now.
  func status() async throws -> DockingStatus
  /// Carries out one step; throws `DockingPortError.rejected` when the docking system refuses it.
  func send(_ command: DockingCommand) async throws -> DockingAcknowledgement
  /// What happens to the link to the docking system from now on, for a watching screen to say so.
  func linkNews() -> AsyncStream<DeviceLinkNews>
}
