import DeviceServiceInterface

/// Talks to the station's thermal control system: telemetry (loops and radiator wings) and commands.
public protocol HeatRadiatorClient: Sendable {
  /// The thermal control system now.
  func status() async throws -> ThermalStatus
  /// Carries out `command`; throws `HeatRadiatorError.rejected` when the thermal control system refuses it.
  func send(_ command: ThermalCommand) async throws -> ThermalAcknowledgement
  /// What happens to the link to the thermal control system from now on, for a watching screen to say so.
  func linkNews() -> AsyncStream<DeviceLinkNews>
}
