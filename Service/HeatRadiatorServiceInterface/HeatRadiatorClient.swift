import DeviceServiceInterface
import Localization

/// The station's thermal control system as its clients know it: `ThermalStatus`, `ThermalCommand`,
/// `ThermalRefusal` and this module's words for it.
public enum ThermalControlSystem: DeviceKind {
  public typealias Status = ThermalStatus
  public typealias Command = ThermalCommand
  public typealias Refusal = ThermalRefusal
  public static let words = DeviceWords(
    name: Strings.deviceName, unreachableHint: Strings.deviceUnreachableHint,
    refused: { Strings.errorRejected(reason: $0) }, unreadable: { Strings.errorProtocolViolation(reason: $0) })
}

/// Talks to the station's thermal control system: telemetry (loops and radiator wings) and commands.
public protocol HeatRadiatorClient: Sendable {
  /// The thermal control system now.
  func status() async throws -> ThermalStatus
  /// Carries out `command`; throws `HeatRadiatorError.rejected` when the thermal control system refuses it.
  func send(_ command: ThermalCommand) async throws -> ThermalAcknowledgement
  /// What happens to the link to the thermal control system from now on, for a watching screen to say so.
  func linkNews() -> AsyncStream<DeviceLinkNews>
}

/// What can go wrong talking to the thermal control system: unreachable (69), rejected (65), protocolViolation (70).
public typealias HeatRadiatorError = DeviceError<ThermalControlSystem>

/// The thermal control system's answer to a command.
public typealias ThermalAcknowledgement = ThermalControlSystem.Acknowledgement
