import CommandLineKit
import CosmonautService
import Foundation
import LaboratoryService
import Logging
import Network
import Persistence
import Radio
import Scaffold

/// The live services of `laboratory`: the labs over Radio (simulated in-process, or on a socket),
/// the lab's own store (`laboratory.sqlite`) and the cosmonaut's (`cosmonaut.sqlite`, shared with
/// `cosmonaut` on the same data directory), and Houston.
@MainActor
struct LiveServices: AppServices {
  let lab: LiveLaboratoryClient
  let cosmonaut: LiveCosmonautClient

  /// `--houston <url>` (default `$ISS_HOUSTON_URL`; none: offline).
  static let houston = Option(
    "houston", .httpURL, placeholder: "url", environment: "ISS_HOUSTON_URL",
    help: "Houston's base URL for the catalogue, the schedule and results; unset, results wait and the kept "
      + "copies are shown. Requests carry the token in $ISS_HOUSTON_TOKEN (default iss-dev).")
  /// `--lab simulated|unix:PATH` (default `$ISS_LAB`, else labs simulated in-process).
  static let lab = Option(
    "lab",
    ValueFormat<LabConnection>(
      expectation: "simulated or unix:PATH, e.g. unix:/tmp/lab.sock", completion: .values(["simulated", "unix:"]),
      read: LabConnection.init(argument:), write: \.description),
    placeholder: "lab", environment: "ISS_LAB",
    help: "simulated (labs simulated in-process, the default) or unix:PATH for lab-sim on a socket.")
  static let options: [any Parameter] = [houston, lab]

  init(launch: Launch) throws {
    var houston: AuthenticatedClient?
    if let url = launch.options[Self.houston] {
      guard let token = AuthToken(launch.environment["ISS_HOUSTON_TOKEN"] ?? "iss-dev") else {
        throw UsageError("ISS_HOUSTON_TOKEN is empty; set it to Houston's token, or unset it for the development token")
      }
      let retry = RetryPolicy(
        maxAttempts: 3, initialBackoff: .milliseconds(200), multiplier: 2, maxBackoff: .seconds(2))
      houston = AuthenticatedClient(
        client: HTTPClient(configuration: ClientConfiguration(baseURL: url, timeout: .seconds(5), retry: retry)),
        token: token)
    }
    // Each store that cannot be opened says why itself (damaged, another program's, disk full, busy).
    let labStore = try EntityStore(configuration: StoreConfiguration(fileURL: launch.file("laboratory.sqlite")))
    let cosmonautStore = try EntityStore(configuration: StoreConfiguration(fileURL: launch.file("cosmonaut.sqlite")))
    let (logger, analytics) = (launch.logger, launch.analytics)
    lab = LiveLaboratoryClient(
      store: labStore, houston: houston, connector: (launch.options[Self.lab] ?? .simulated).connector(logger: logger),
      analytics: analytics, logger: logger.scoped(to: "LaboratoryService"))
    cosmonaut = LiveCosmonautClient(
      store: cosmonautStore, houston: houston, analytics: analytics, logger: logger.scoped(to: "CosmonautService"))
  }
}

/// Where the labs are: simulated in this process, or `lab-sim` (or the labs) on a socket.
enum LabConnection: Sendable, Equatable, CustomStringConvertible {
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

  /// The socket, or nominal labs simulated in this process in real time.
  func connector(logger: Logging.Logger) -> RadioConnector {
    switch self {
    case .unixSocket(let path): .unixSocket(path: path)
    case .simulated:
      LabSimulation(simulator: LabSimulator(start: Date()), clock: Date.init, logger: logger.scoped(to: "LabSimulator"))
        .connector
    }
  }
}
