import CommandLineKit
import CosmonautService
import CosmonautServiceInterface
import FoundationEssentials
import MissionControlInterface
import Scaffold
import Spacesuit
import SpacesuitService
import SpacesuitServiceInterface
import TsUPMissionControl

/// The live services of `cosmonaut-ru`: the cosmonaut service in TsUP's dialect over its own store
/// (`cosmonaut-ru.sqlite`), and the suit link, built from the command line and the environment.
@MainActor
struct LiveServices: AppServices {
  let cosmonaut: any CosmonautClient
  let suit: any SpacesuitClient
  /// Copies the cosmonaut's store (`backup`).
  private let backUpStore: @Sendable (URL) async throws -> URL

  /// `--tsup <url>` (default `$ISS_TSUP_URL`; none: offline).
  static let tsup = MissionControl(.tsup).option(purpose: Strings.optionTsupPurpose)
  static let options: [any Parameter] = [tsup, SpacesuitDomain.connectionOption]

  init(launch: Launch) throws {
    let client = try LiveCosmonautClient.opening(
      store: launch.file("cosmonaut-ru.sqlite"), dialect: .tsup,
      address: try MissionControl(.tsup).address(launch, option: Self.tsup), analytics: launch.analytics,
      logger: launch.logger)
    (cosmonaut, backUpStore) = (client, client.backup(into:))
    suit = SpacesuitClients.connectingOnFirstUse(
      launch.options[SpacesuitDomain.connectionOption], keepingStateIn: launch.file("suit-state.json"),
      logger: launch.logger, analytics: launch.analytics)
  }

  func backup(to directory: URL) async throws -> [URL] {
    [try await backUpStore(directory)]
  }
}
