import Foundation
import Radio

/// The thermal control system's messages inside Radio frames: `CommandDeviceProtocol`'s status and command
/// requests in the band 0x20…0x2F, with `ThermalStatus`, `ThermalCommand` and `ThermalAcknowledgement` as bodies.
public enum ThermalProtocol: CommandDeviceProtocol {
  public typealias Model = HeatRadiatorSimulator
  public typealias Failure = HeatRadiatorError

  /// Type bytes from 0x20; "thermal" on the wire; "thermal.command" in analytics; this module's words.
  public static let identity = CommandDeviceIdentity(
    firstRequest: 0x20, wireName: "thermal", inProcessEndpoint: "in-process:thermal-control-system",
    module: "HeatRadiatorService", commandEvent: "thermal.command",  // untranslated: the module name in analytics
    name: Strings.deviceName, unreachableHint: Strings.deviceUnreachableHint)
}

/// The thermal control system as a device on the station's bus: one request frame in, one answer out.
public typealias HeatRadiatorDevice = CommandDevice<ThermalProtocol>

/// A simulated thermal control system shared by every link to it, on a clock that may run faster than the wall.
public typealias HeatRadiatorSimulation = DeviceSimulation<HeatRadiatorDevice>

extension HeatRadiatorSimulator: CommandDeviceModel {
  /// A nominal thermal control system whose clock starts at `date`.
  public static func nominal(at date: Date) -> Self { Self(start: date) }
}

extension ThermalAcknowledgement: CommandDeviceAcknowledgement {}
