import CommandLineKit
import Cosmonaut
import CosmonautService
import FoundationEssentials
import Laboratory
import LaboratoryService
import Logging
import Network
import Persistence
import Scaffold

/// The live services of `laboratory`: the labs over Radio (simulated in-process, or on a socket),
/// the lab's own store (`laboratory.sqlite`) and the cosmonaut's (`cosmonaut.sqlite`, shared with
/// `cosmonaut` on the same data directory), and Houston.
@MainActor
struct LiveServices: AppServices {
  let lab: LiveLaboratoryClient
  let cosmonaut: LiveCosmonautClient
  /// The lab's store and the cosmonaut's, for `backup`.
  private let stores: [EntityStore]

  /// `--houston <url>` (default `$ISS_HOUSTON_URL`; none: offline).
  static let houston = MissionControl.houston.option(purpose: Strings.optionHoustonPurpose)
  /// `--lab simulated|unix:PATH` (default `$ISS_LAB`, else labs simulated in-process).
  static let lab = DeviceConnection.option(
    "lab", device: Strings.optionLabDevice, bench: "lab-sim", environment: "ISS_LAB")
  static let options: [any Parameter] = [houston, lab]

  init(launch: Launch) throws {
    let houston = try MissionControl.houston.client(launch, option: Self.houston)
    // Each store that cannot be opened says why itself (damaged, another program's, disk full, busy).
    let labStore = try EntityStore(configuration: StoreConfiguration(fileURL: launch.file("laboratory.sqlite")))
    let cosmonautStore = try EntityStore(configuration: StoreConfiguration(fileURL: launch.file("cosmonaut.sqlite")))
    stores = [labStore, cosmonautStore]
    let (logger, analytics) = (launch.logger, launch.analytics)
    lab = LiveLaboratoryClient(
      store: labStore, houston: houston,
      connector: (launch.options[Self.lab] ?? .simulated).connector(
        simulating: LabSimulation(
          simulator: LabSimulator(start: Date()), clock: Date.init, logger: logger.scoped(to: "LabSimulator"))),
      analytics: analytics, logger: logger.scoped(to: "LaboratoryService"))
    cosmonaut = LiveCosmonautClient(
      store: cosmonautStore, houston: houston, analytics: analytics, logger: logger.scoped(to: "CosmonautService"))
  }

  func backup(to directory: URL) async throws -> [URL] {
    var files: [URL] = []
    for store in stores { files.append(try await store.backup(into: directory)) }
    return files
  }
}
