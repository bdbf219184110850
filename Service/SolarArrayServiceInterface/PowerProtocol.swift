import Radio

/// The power system's messages inside Radio frames: `CommandDeviceProtocol`'s status and command
/// requests in the band 0x10…0x1F, with `PowerStatus`, `PowerCommand` and `PowerAcknowledgement` as bodies.
public enum PowerProtocol: CommandDeviceProtocol {
  public typealias Status = PowerStatus
  public typealias Command = PowerCommand
  public typealias Acknowledgement = PowerAcknowledgement
  public typealias Failure = SolarArrayError

  /// Type bytes from 0x10; "power" on the wire; "power.command" in analytics; this module's words.
  public static let identity = CommandDeviceIdentity(
    firstRequest: 0x10, wireName: "power", inProcessEndpoint: "in-process:power-system",
    module: "SolarArrayService", commandEvent: "power.command",  // untranslated: the module name in analytics
    name: Strings.deviceName, unreachableHint: Strings.deviceUnreachableHint)
}

extension PowerAcknowledgement: CommandDeviceAcknowledgement {}
