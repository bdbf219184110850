import DockingPortServiceInterface
import FoundationEssentials
import Logging
import Radio

extension DockingSimulator: CommandDeviceModel {
  public typealias Device = DockingProtocol
}

/// The docking system over a Radio link, connected on first use (and reconnected by the link).
public typealias LiveDockingPortClient = LiveCommandDevice<DockingProtocol>

/// The docking system as a device on the station's bus: one request frame in, one answer out.
public typealias DockingPortDevice = CommandDevice<DockingSimulator>

/// A simulated docking system shared by every link to it, on a clock that may run faster than the wall.
public typealias DockingPortSimulation = DeviceSimulation<DockingPortDevice>

extension DeviceSimulation where Device == DockingPortDevice {
  /// A docking system on a usual day simulated in this process in real time: what an app connects
  /// to when its station is `simulated`.
  public static func nominal(logger: Logger) -> DockingPortSimulation {
    DockingPortSimulation(simulator: DockingSimulator(start: Date()), clock: Date.init, logger: logger)
  }
}
