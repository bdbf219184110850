import AppAnalytics
import CommandLineKit
import DockingPortService
import Foundation
import HeatRadiatorService
import Logging
import Network
import Peripheries
import Persistence
import Radio
import Scaffold
import SolarArrayService

/// The live services of `iss-overview`: the station's power, thermal and docking systems over
/// Radio (simulated in-process, or on a socket), and Houston's vehicle schedule kept in SQLite.
@MainActor
struct LiveServices: AppServices {
  let power: LiveSolarArrayClient
  let thermal: LiveHeatRadiatorClient
  let docking: LiveDockingPortClient
  let schedule: LiveVehicleScheduleClient

  /// `--houston <url>` (default `$ISS_HOUSTON_URL`; none: the kept schedule only).
  static let houston = MissionControl.houston.option(
    purpose: Strings.optionHoustonPurpose)
  /// `--station simulated|unix:PATH` (default `$ISS_STATION`, else a station simulated in-process).
  static let station = DeviceConnection.option(
    "station", device: Strings.optionStationDevice, bench: "station-sim", environment: "ISS_STATION")
  static let options: [any Parameter] = [houston, station]

  init(launch: Launch) throws {
    let houston = try MissionControl.houston.client(launch, option: Self.houston)
    let file = launch.file("iss-overview.sqlite")
    // A store that cannot be opened says why itself (damaged, another program's, disk full, busy).
    let store = try EntityStore(configuration: StoreConfiguration(fileURL: file))
    let (logger, analytics) = (launch.logger, launch.analytics)
    schedule = LiveVehicleScheduleClient(
      houston: houston, store: store, analytics: analytics, logger: logger.scoped(to: "DockingPortService"))
    let connectors = (launch.options[Self.station] ?? .simulated).connectors(logger: logger)
    power = LiveSolarArrayClient(
      connector: connectors.power, logger: logger.scoped(to: "SolarArrayService"), analytics: analytics)
    thermal = LiveHeatRadiatorClient(
      connector: connectors.thermal, logger: logger.scoped(to: "HeatRadiatorService"), analytics: analytics)
    docking = LiveDockingPortClient(
      connector: connectors.docking, logger: logger.scoped(to: "DockingPortService"), analytics: analytics)
  }
}

extension DeviceConnection {
  /// One connector per system: the same socket for all three, or three in-process simulations
  /// of a nominal station in real time.
  func connectors(logger: Logging.Logger) -> (power: RadioConnector, thermal: RadioConnector, docking: RadioConnector) {
    switch self {
    case .unixSocket(let path):
      return (.unixSocket(path: path), .unixSocket(path: path), .unixSocket(path: path))
    case .simulated:
      let start = Date()
      let simulator = logger.scoped(to: "StationSimulator")
      return (
        SolarArraySimulation(
          simulator: SolarArraySimulator(start: start, scenario: .nominal(at: start)), clock: Date.init,
          logger: simulator
        ).connector,
        HeatRadiatorSimulation(simulator: HeatRadiatorSimulator(start: start), clock: Date.init, logger: simulator)
          .connector,
        DockingPortSimulation(simulator: DockingSimulator(start: start), clock: Date.init, logger: simulator).connector
      )
    }
  }
}
