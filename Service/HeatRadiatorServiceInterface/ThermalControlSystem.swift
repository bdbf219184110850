import DeviceServiceInterface

/// The station's thermal control system as its clients know it: what it reports, is told and refuses, and this
/// module's words for it (`device.name`, `error.rejected`, … in `Strings/`).
public enum ThermalControlSystem: DeviceKind {
  public static let contract = DeviceContract(
    status: ThermalStatus.self, command: ThermalCommand.self, refusal: ThermalRefusal.self, words: Strings.table)
}

/// What can go wrong talking to the thermal control system: unreachable (69), rejected (65), protocolViolation (70).
public typealias HeatRadiatorError = DeviceError<ThermalControlSystem>

/// The thermal control system's answer to a command.
public typealias ThermalAcknowledgement = ThermalControlSystem.Acknowledgement
