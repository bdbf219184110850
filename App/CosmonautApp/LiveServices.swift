import CommandLineKit
import Cosmonaut
import CosmonautService
import CosmonautServiceInterface
import FoundationEssentials
import Persistence
import Scaffold
import Spacesuit
import SpacesuitService
import SpacesuitServiceInterface

/// The live services of `cosmonaut`: the SQLite store and Houston behind the cosmonaut client, and
/// the suit link, built from the command line and the environment.
@MainActor
final class LiveServices: AppServices {
  let cosmonaut: LiveCosmonautClient
  let suit: any SpacesuitClient
  private let launch: Launch
  /// The cosmonaut's store (`cosmonaut.sqlite`), for `backup`.
  private let store: EntityStore
  /// Delivery to Houston while the interactive app runs.
  private var backgroundSync: BackgroundSync?
  /// How often the interactive app delivers when nothing changes (a change triggers a round soon).
  static let syncInterval: Duration = .seconds(60)

  /// `--houston <url>` (default `$ISS_HOUSTON_URL`; none: offline).
  static let houston = MissionControl.houston.option(
    purpose: Strings.optionHoustonPurpose)
  /// `--suit simulated|unix:PATH` (default `$ISS_SUIT`, else a suit simulated in-process).
  static let suit = SpacesuitDomain.connectionOption
  static let options: [any Parameter] = [houston, suit]

  init(launch: Launch) throws {
    self.launch = launch
    let houston = try MissionControl.houston.client(launch, option: Self.houston)
    // A store that cannot be opened says why itself (damaged, another program's, disk full, busy).
    let store = try EntityStore(configuration: StoreConfiguration(fileURL: launch.file("cosmonaut.sqlite")))
    self.store = store
    cosmonaut = LiveCosmonautClient(
      store: store, houston: houston, analytics: launch.analytics, logger: launch.logger.scoped(to: "CosmonautService"))
    suit = SpacesuitClients.connectingOnFirstUse(
      launch.options[Self.suit], keepingStateIn: launch.file("suit-state.json"), logger: launch.logger,
      analytics: launch.analytics)
  }

  /// The interactive app delivers in the background (and queues the periodic status report when
  /// due) unless the partner switches the Cosmonaut domain's `backgroundSync` off; a scripted
  /// command does only what it was asked.
  func start(interactive: Bool) async {
    guard interactive, launch.features[.backgroundSync] else { return }
    backgroundSync = cosmonaut.startBackgroundSync(every: Self.syncInterval) { _ in }
  }

  func shutdown() async {
    await backgroundSync?.stop()
  }

  func backup(to directory: URL) async throws -> [URL] {
    [try await store.backup(into: directory)]
  }
}
