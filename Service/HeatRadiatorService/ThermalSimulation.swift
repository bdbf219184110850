import FoundationEssentials
import HeatRadiatorServiceInterface
import Logging
import Radio

extension HeatRadiatorSimulator: CommandDeviceModel {
  public typealias Device = ThermalProtocol
}

/// The thermal control system over a Radio link, connected on first use (and reconnected by the link).
public typealias LiveHeatRadiatorClient = LiveCommandDevice<ThermalProtocol>

/// The thermal control system as a device on the station's bus: one request frame in, one answer out.
public typealias HeatRadiatorDevice = CommandDevice<HeatRadiatorSimulator>

/// A simulated thermal control system shared by every link to it, on a clock that may run faster than the wall.
public typealias HeatRadiatorSimulation = DeviceSimulation<HeatRadiatorDevice>

extension DeviceSimulation where Device == HeatRadiatorDevice {
  /// A nominal thermal control system simulated in this process in real time: what an app
  /// connects to when its station is `simulated`.
  public static func nominal(logger: Logger) -> HeatRadiatorSimulation {
    HeatRadiatorSimulation(simulator: HeatRadiatorSimulator(start: Date()), clock: Date.init, logger: logger)
  }
}
