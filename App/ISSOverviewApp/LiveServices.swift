import AppAnalytics
import CommandLineKit
import DockingPortService
import Foundation
import HeatRadiatorService
import Logging
import Network
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
  static let houston = Option(
    "houston", .httpURL, placeholder: "url", environment: "ISS_HOUSTON_URL",
    help: "Houston's base URL for the vehicle schedule; unset, the copy kept from the last time is shown. "
      + "Requests carry the token in $ISS_HOUSTON_TOKEN (default iss-dev).")
  /// `--station simulated|unix:PATH` (default `$ISS_STATION`, else a station simulated in-process).
  static let station = Option(
    "station",
    ValueFormat<StationConnection>(
      expectation: "simulated or unix:PATH, e.g. unix:/tmp/station.sock", completion: .values(["simulated", "unix:"]),
      read: StationConnection.init(argument:), write: \.description),
    placeholder: "station", environment: "ISS_STATION",
    help: "simulated (a station simulated in-process, the default) or unix:PATH for station-sim on a socket.")
  static let options: [any Parameter] = [houston, station]

  init(launch: Launch) throws {
    var houston: AuthenticatedClient?
    if let url = launch.options[Self.houston] {
      let token = launch.environment["ISS_HOUSTON_TOKEN"] ?? "iss-dev"
      guard let token = AuthToken(token) else {
        throw UsageError("ISS_HOUSTON_TOKEN is empty; set it to Houston's token, or unset it for the development token")
      }
      let retry = RetryPolicy(
        maxAttempts: 3, initialBackoff: .milliseconds(200), multiplier: 2, maxBackoff: .seconds(2))
      let configuration = ClientConfiguration(baseURL: url, timeout: .seconds(5), retry: retry)
      houston = AuthenticatedClient(client: HTTPClient(configuration: configuration), token: token)
    }
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

/// Where the station is: simulated in this process, or `station-sim` (or the station) on a socket.
enum StationConnection: Sendable, Equatable, CustomStringConvertible {
  case simulated
  case unixSocket(path: String)

  /// Reads `simulated` or `unix:PATH`.
  init?(argument: String) {
    if argument == "simulated" {
      self = .simulated
    } else if argument.hasPrefix("unix:"), argument.count > 5 {
      self = .unixSocket(path: String(argument.dropFirst(5)))
    } else {
      return nil
    }
  }

  var description: String {
    switch self {
    case .simulated: "simulated"
    case .unixSocket(let path): "unix:\(path)"
    }
  }

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
