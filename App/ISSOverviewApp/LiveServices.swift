import AppAnalytics
import CommandLineKit
import DockingPortService
import FoundationEssentials
import HeatRadiatorService
import HoustonMissionControl
import Logging
import Network
import Peripheries
import Persistence
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
  /// Houston's vehicle schedule as kept (`iss-overview.sqlite`), for `backup`.
  private let store: EntityStore

  /// `--houston <url>` (default `$ISS_HOUSTON_URL`; none: the kept schedule only).
  static let houston = MissionControl(.houston).option(purpose: Strings.optionHoustonPurpose)
  /// `--station simulated|unix:PATH` (default `$ISS_STATION`, else a station simulated in-process).
  static let station = DeviceConnection.option(
    "station", device: Strings.optionStationDevice, bench: "station-sim", environment: "ISS_STATION")
  static let options: [any Parameter] = [houston, station]

  init(launch: Launch) throws {
    let houston = try MissionControl(.houston).address(launch, option: Self.houston).flatMap {
      AuthenticatedClient(interactiveAt: $0.url, token: $0.token)
    }
    let file = launch.file("iss-overview.sqlite")
    // A store that cannot be opened says why itself (damaged, another program's, disk full, busy).
    let store = try EntityStore(configuration: StoreConfiguration(fileURL: file))
    self.store = store
    let (logger, analytics) = (launch.logger, launch.analytics)
    schedule = LiveVehicleScheduleClient(
      houston: houston, store: store, analytics: analytics, logger: logger.scoped(to: "DockingPortService"))
    let station = launch.options[Self.station] ?? .simulated
    let simulators = logger.scoped(to: "StationSimulator")
    power = LiveSolarArrayClient(
      connector: station.connector(simulating: SolarArraySimulation.nominal(logger: simulators)),
      logger: logger.scoped(to: "SolarArrayService"), analytics: analytics)
    thermal = LiveHeatRadiatorClient(
      connector: station.connector(simulating: HeatRadiatorSimulation.nominal(logger: simulators)),
      logger: logger.scoped(to: "HeatRadiatorService"), analytics: analytics)
    docking = LiveDockingPortClient(
      connector: station.connector(simulating: DockingPortSimulation.nominal(logger: simulators)),
      logger: logger.scoped(to: "DockingPortService"), analytics: analytics)
  }

  func backup(to directory: URL) async throws -> [URL] {
    [try await store.backup(into: directory)]
  }
}
