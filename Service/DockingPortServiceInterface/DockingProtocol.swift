import Radio

/// The docking system's messages inside Radio frames: `CommandDeviceProtocol`'s status and command
/// requests in the band 0x30…0x3F, with `DockingStatus`, `DockingCommand` and `DockingAcknowledgement` as bodies.
public enum DockingProtocol: CommandDeviceProtocol {
  public typealias Status = DockingStatus
  public typealias Command = DockingCommand
  public typealias Acknowledgement = DockingAcknowledgement
  public typealias Failure = DockingPortError

  /// Type bytes from 0x30; "docking" on the wire; "docking.command" in analytics; this module's words.
  public static let identity = CommandDeviceIdentity(
    firstRequest: 0x30, wireName: "docking", inProcessEndpoint: "in-process:docking-system",
    module: "DockingPortService", commandEvent: "docking.command",  // untranslated: the module name in analytics
    name: Strings.deviceName, unreachableHint: Strings.deviceUnreachableHint)
}

extension DockingAcknowledgement: CommandDeviceAcknowledgement {}
