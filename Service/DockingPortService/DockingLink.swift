import DockingPortServiceInterface
import Radio

/// The docking system on the station's bus: type bytes from 0x30 (requests 0x30 status, 0x31
/// command; answers 0xB0, 0xB1, failure 0xBF), "docking" in the wire's failure text,
/// "docking.command" in analytics.
extension DockingSystem: CommandDeviceProtocol {
  public static let identity = CommandDeviceIdentity(
    firstRequest: 0x30, wireName: "docking", inProcessEndpoint: "in-process:docking-system",
    module: "DockingPortService", commandEvent: "docking.command")  // untranslated: names on the wire and in analytics
}

extension LiveCommandDevice: DockingPortClient where P == DockingSystem {}

/// The docking system over a Radio link, connected on first use (and reconnected by the link).
public typealias LiveDockingPortClient = LiveCommandDevice<DockingSystem>

/// A simulated docking system shared by every link to it, on a clock that may run faster than the
/// wall; `nominal(logger:)` is one on a usual day in real time.
public typealias DockingPortSimulation = DeviceSimulation<CommandDevice<DockingSimulator>>
