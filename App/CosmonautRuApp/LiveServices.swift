import CommandLineKit
import CosmonautServiceInterface
import FoundationEssentials
import Persistence
import Scaffold
import Spacesuit
import SpacesuitService
import SpacesuitServiceInterface
import TsUPCosmonautService

/// The live services of `cosmonaut-ru`: its own SQLite store (`cosmonaut-ru.sqlite`) and TsUP
/// behind the cosmonaut client, and the suit link, built from the command line and the environment.
@MainActor
final class LiveServices: AppServices {
  let cosmonaut: TsUPCosmonautClient
  let suit: any SpacesuitClient
  /// The cosmonaut's store (`cosmonaut-ru.sqlite`), for `backup`.
  private let store: EntityStore
  /// Delivery to TsUP while the interactive app runs.
  private var backgroundSync: BackgroundSync?
  /// How often the interactive app delivers when nothing changes (a change triggers a round soon).
  static let syncInterval: Duration = .seconds(60)

  /// `--tsup <url>` (default `$ISS_TSUP_URL`; none: offline).
  static let tsup = MissionControl.tsup.option(purpose: Strings.optionTsupPurpose)
  /// `--suit simulated|unix:PATH` (default `$ISS_SUIT`, else a suit simulated in-process).
  static let suit = SpacesuitDomain.connectionOption
  static let options: [any Parameter] = [tsup, suit]

  init(launch: Launch) throws {
    let tsup = try MissionControl.tsup.client(launch, option: Self.tsup)
    // A store that cannot be opened says why itself (damaged, another program's, disk full, busy).
    let store = try EntityStore(configuration: StoreConfiguration(fileURL: launch.file("cosmonaut-ru.sqlite")))
    self.store = store
    cosmonaut = TsUPCosmonautClient(
      store: store, tsup: tsup, analytics: launch.analytics, logger: launch.logger.scoped(to: "TsUPCosmonautService"))
    suit = SpacesuitClients.connectingOnFirstUse(
      launch.options[Self.suit], keepingStateIn: launch.file("suit-state.json"), logger: launch.logger,
      analytics: launch.analytics)
  }

  /// The interactive app delivers in the background (and queues the periodic status report when
  /// due); a scripted command does only what it was asked.
  func start(interactive: Bool) async {
    guard interactive else { return }
    backgroundSync = cosmonaut.startBackgroundSync(every: Self.syncInterval) { _ in }
  }

  func shutdown() async {
    await backgroundSync?.stop()
  }

  func backup(to directory: URL) async throws -> [URL] {
    [try await store.backup(into: directory)]
  }
}
