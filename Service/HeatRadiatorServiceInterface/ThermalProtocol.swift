import Radio

/// The thermal control system's messages inside Radio frames: `CommandDeviceProtocol`'s status and command
/// requests in the band 0x20…0x2F, with `ThermalStatus`, `ThermalCommand` and `ThermalAcknowledgement` as bodies.
public enum ThermalProtocol: CommandDeviceProtocol {
  public typealias Status = ThermalStatus
  public typealias Command = ThermalCommand
  public typealias Acknowledgement = ThermalAcknowledgement
  public typealias Failure = HeatRadiatorError

  /// Type bytes from 0x20; "thermal" on the wire; "thermal.command" in analytics; this module's words.
  public static let identity = CommandDeviceIdentity(
    firstRequest: 0x20, wireName: "thermal", inProcessEndpoint: "in-process:thermal-control-system",
    module: "HeatRadiatorService", commandEvent: "thermal.command",  // untranslated: the module name in analytics
    name: Strings.deviceName, unreachableHint: Strings.deviceUnreachableHint)
}

extension ThermalAcknowledgement: CommandDeviceAcknowledgement {}
