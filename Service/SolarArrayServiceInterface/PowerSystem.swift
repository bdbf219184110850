import DeviceServiceInterface

/// The station's power system as its clients know it: what it reports, is told and refuses, and this
/// module's words for it (`device.name`, `error.rejected`, … in `Strings/`).
public enum PowerSystem: DeviceKind {
  public static let contract = DeviceContract(
    status: PowerStatus.self, command: PowerCommand.self, refusal: PowerRefusal.self, words: Strings.table)
}

/// What can go wrong talking to the power system: unreachable (69), rejected (65), protocolViolation (70).
public typealias SolarArrayError = DeviceError<PowerSystem>

/// The power system's answer to a command.
public typealias PowerAcknowledgement = PowerSystem.Acknowledgement
