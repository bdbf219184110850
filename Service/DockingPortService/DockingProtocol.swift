import Foundation
import Radio

/// The docking system's messages inside Radio frames: `CommandDeviceProtocol`'s status and command
/// requests in the band 0x30…0x3F, with `DockingStatus`, `DockingCommand` and `DockingAcknowledgement` as bodies.
public enum DockingProtocol: CommandDeviceProtocol {
  public typealias Model = DockingSimulator
  public typealias Failure = DockingPortError

  /// Type bytes from 0x30; "docking" on the wire; "docking.command" in analytics; this module's words.
  public static let identity = CommandDeviceIdentity(
    firstRequest: 0x30, wireName: "docking", inProcessEndpoint: "in-process:docking-system",
    module: "DockingPortService", commandEvent: "docking.command",  // untranslated: the module name in analytics
    name: Strings.deviceName, unreachableHint: Strings.deviceUnreachableHint)
}

/// The docking system as a device on the station's bus: one request frame in, one answer out.
public typealias DockingPortDevice = CommandDevice<DockingProtocol>

/// A simulated docking system shared by every link to it, on a clock that may run faster than the wall.
public typealias DockingPortSimulation = DeviceSimulation<DockingPortDevice>

extension DockingSimulator: CommandDeviceModel {
  /// A nominal docking system whose clock starts at `date`.
  public static func nominal(at date: Date) -> Self { Self(start: date) }
}

extension DockingAcknowledgement: CommandDeviceAcknowledgement {}
