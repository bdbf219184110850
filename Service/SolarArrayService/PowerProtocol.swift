import Foundation
import Radio

/// The power system's messages inside Radio frames: `CommandDeviceProtocol`'s status and command
/// requests in the band 0x10…0x1F, with `PowerStatus`, `PowerCommand` and `PowerAcknowledgement` as bodies.
public enum PowerProtocol: CommandDeviceProtocol {
  public typealias Model = SolarArraySimulator
  public typealias Failure = SolarArrayError

  /// Type bytes from 0x10; "power" on the wire; "power.command" in analytics; this module's words.
  public static let identity = CommandDeviceIdentity(
    firstRequest: 0x10, wireName: "power", inProcessEndpoint: "in-process:power-system",
    module: "SolarArrayService", commandEvent: "power.command",  // untranslated: the module name in analytics
    name: Strings.deviceName, unreachableHint: Strings.deviceUnreachableHint)
}

/// The power system as a device on the station's bus: one request frame in, one answer out.
public typealias SolarArrayDevice = CommandDevice<PowerProtocol>

/// A simulated power system shared by every link to it, on a clock that may run faster than the wall.
public typealias SolarArraySimulation = DeviceSimulation<SolarArrayDevice>

extension SolarArraySimulator: CommandDeviceModel {
  /// A nominal power system whose clock starts at `date`.
  public static func nominal(at date: Date) -> Self { Self(start: date) }
}

extension PowerAcknowledgement: CommandDeviceAcknowledgement {}
