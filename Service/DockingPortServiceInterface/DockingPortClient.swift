import DeviceServiceInterface
import Localization

/// The station's docking system as its clients know it: `DockingStatus`, `DockingCommand`,
/// `DockingRefusal`, the port a step leaves (`PortStatus`) and this module's words for it.
public enum DockingSystem: DeviceKind {
  public typealias Status = DockingStatus
  public typealias Command = DockingCommand
  public typealias Refusal = DockingRefusal
  public typealias Result = PortStatus
  public static let words = DeviceWords(
    name: Strings.deviceName, unreachableHint: Strings.deviceUnreachableHint,
    refused: { Strings.errorRejected(reason: $0) }, unreadable: { Strings.errorProtocolViolation(reason: $0) })
}

/// Talks to the station's docking system: telemetry (ports and the vehicles at them) and the steps of the procedure.
public protocol DockingPortClient: Sendable {
  /// Every port now.
  func status() async throws -> DockingStatus
  /// Carries out one step; throws `DockingPortError.rejected` when the docking system refuses it.
  func send(_ command: DockingCommand) async throws -> DockingAcknowledgement
  /// What happens to the link to the docking system from now on, for a watching screen to say so.
  func linkNews() -> AsyncStream<DeviceLinkNews>
}

/// What can go wrong talking to the docking system: unreachable (69), rejected (65), protocolViolation (70).
public typealias DockingPortError = DeviceError<DockingSystem>

/// The docking system's answer to a step; its `result` is the port once the step was carried out.
public typealias DockingAcknowledgement = DockingSystem.Acknowledgement
