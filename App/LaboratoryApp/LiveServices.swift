import CommandLineKit
import CosmonautService
import CosmonautServiceInterface
import FoundationEssentials
import HoustonMissionControl
import Laboratory
import LaboratoryService
import MissionControlInterface
import Persistence
import Scaffold

/// The live services of `laboratory`: the labs over Radio (simulated in-process, or on a socket),
/// the lab's own store (`laboratory.sqlite`) and the cosmonaut's (`cosmonaut.sqlite`, shared with
/// `cosmonaut` on the same data directory), and Houston, one client for both.
@MainActor
struct LiveServices: AppServices {
  let lab: LiveLaboratoryClient
  let cosmonaut: any CosmonautClient
  /// The cosmonaut's store (`cosmonaut.sqlite`), copied by `backup` after the lab's.
  private let cosmonautStore: EntityStore

  /// `--houston <url>` (default `$ISS_HOUSTON_URL`; none: offline).
  static let houston = MissionControl(.houston).option(purpose: Strings.optionHoustonPurpose)
  /// `--lab simulated|unix:PATH` (default `$ISS_LAB`, else labs simulated in-process).
  static let lab = DeviceConnection.option(
    "lab", device: Strings.optionLabDevice, bench: "lab-sim", environment: "ISS_LAB")
  static let options: [any Parameter] = [houston, lab]

  init(launch: Launch) throws {
    let (logger, analytics) = (launch.logger, launch.analytics)
    let houston = MissionControlClient(
      center: .houston, address: try MissionControl(.houston).address(launch, option: Self.houston))
    // Each store that cannot be opened says why itself (damaged, another program's, disk full, busy).
    let labStore = try EntityStore(configuration: StoreConfiguration(fileURL: launch.file("laboratory.sqlite")))
    let cosmonautStore = try EntityStore(configuration: StoreConfiguration(fileURL: launch.file("cosmonaut.sqlite")))
    self.cosmonautStore = cosmonautStore
    lab = LiveLaboratoryClient(
      store: labStore, missionControl: houston,
      connector: (launch.options[Self.lab] ?? .simulated).connector(
        simulating: LabSimulation(
          simulator: LabSimulator(start: Date()), clock: Date.init, logger: logger.scoped(to: "LabSimulator"))),
      analytics: analytics, logger: logger.scoped(to: "LaboratoryService"))
    cosmonaut = LiveCosmonautClient(
      store: cosmonautStore, dialect: .houston, missionControl: houston, analytics: analytics,
      logger: logger.scoped(to: "CosmonautService"))
  }

  func backup(to directory: URL) async throws -> [URL] {
    [try await lab.backup(into: directory), try await cosmonautStore.backup(into: directory)]
  }
}

/// The mission control client makes the laboratory's results channel (the two services link neither
/// each other nor each other's modules; the app composes them).
extension MissionControlClient: ResultsChannels {}
