import DeviceServiceInterface
import Localization

/// The station's power system as its clients know it: `PowerStatus`, `PowerCommand`, `PowerRefusal`
/// and this module's words for it.
public enum PowerSystem: DeviceKind {
  public typealias Status = PowerStatus
  public typealias Command = PowerCommand
  public typealias Refusal = PowerRefusal
  public static let words = DeviceWords(
    name: Strings.deviceName, unreachableHint: Strings.deviceUnreachableHint,
    refused: { Strings.errorRejected(reason: $0) }, unreadable: { Strings.errorProtocolViolation(reason: $0) })
}

/// Talks to the station's power system: telemetry (wings, joints, batteries, orbit) and commands.
public protocol SolarArrayClient: Sendable {
  /// The power system now.
  func status() async throws -> PowerStatus
  /// Carries out `command`; throws `SolarArrayError.rejected` when the power system refuses it.
  func send(_ command: PowerCommand) async throws -> PowerAcknowledgement
  /// What happens to the link to the power system from now on, for a watching screen to say so.
  func linkNews() -> AsyncStream<DeviceLinkNews>
}

/// What can go wrong talking to the power system: unreachable (69), rejected (65), protocolViolation (70).
public typealias SolarArrayError = DeviceError<PowerSystem>

/// The power system's answer to a command.
public typealias PowerAcknowledgement = PowerSystem.Acknowledgement
