import DeviceServiceInterface

/// Talks to the station's power system: telemetry (wings, joints, batteries, orbit) and commands.
public protocol SolarArrayClient: Sendable {
  /// The power system now.
  func status() async throws -> PowerStatus
  /// Carries out `command`; throws `SolarArrayError.rejected` when the power system refuses it.
  func send(_ command: PowerCommand) async throws -> PowerAcknowledgement
  /// What happens to the link to the power system from now on, for a watching screen to say so.
  func linkNews() -> AsyncStream<DeviceLinkNews>
}
