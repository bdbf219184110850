import FoundationEssentials
import Logging
import Radio
import SolarArrayServiceInterface

extension SolarArraySimulator: CommandDeviceModel {
  public typealias Device = PowerProtocol
}

/// The power system over a Radio link, connected on first use (and reconnected by the link).
public typealias LiveSolarArrayClient = LiveCommandDevice<PowerProtocol>

/// The power system as a device on the station's bus: one request frame in, one answer out.
public typealias SolarArrayDevice = CommandDevice<SolarArraySimulator>

/// A simulated power system shared by every link to it, on a clock that may run faster than the wall.
public typealias SolarArraySimulation = DeviceSimulation<SolarArrayDevice>

extension DeviceSimulation where Device == SolarArrayDevice {
  /// A nominal power system simulated in this process in real time, where the orbit puts the
  /// station now: what an app connects to when its station is `simulated`.
  public static func nominal(logger: Logger) -> SolarArraySimulation {
    let start = Date()
    return SolarArraySimulation(
      simulator: SolarArraySimulator(start: start, scenario: .nominal(at: start)), clock: Date.init, logger: logger)
  }
}
