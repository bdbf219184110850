import DeviceServiceInterface

/// The station's docking system as its clients know it: what it reports, is told and refuses, and this
/// module's words for it (`device.name`, `error.rejected`, … in `Strings/`).
public enum DockingSystem: DeviceKind {
  public static let contract = DeviceContract(
    status: DockingStatus.self, command: DockingCommand.self, refusal: DockingRefusal.self, result: PortStatus.self,
    words: Strings.table)
}

/// What can go wrong talking to the docking system: unreachable (69), rejected (65), protocolViolation (70).
public typealias DockingPortError = DeviceError<DockingSystem>

/// The docking system's answer to a step; its `result` is the port once the step was carried out.
public typealias DockingAcknowledgement = DockingSystem.Acknowledgement
