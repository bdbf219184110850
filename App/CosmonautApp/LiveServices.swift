import CommandLineKit
import CosmonautService
import CosmonautServiceInterface
import FoundationEssentials
import HoustonMissionControl
import MissionControlInterface
import Scaffold
import Spacesuit
import SpacesuitService
import SpacesuitServiceInterface

/// The live services of `cosmonaut`: the cosmonaut service in Houston's dialect over its store
/// (`cosmonaut.sqlite`), and the suit link, built from the command line and the environment.
@MainActor
struct LiveServices: AppServices {
  let cosmonaut: any CosmonautClient
  let suit: any SpacesuitClient
  /// Copies the cosmonaut's store (`backup`).
  private let backUpStore: @Sendable (URL) async throws -> URL

  /// `--houston <url>` (default `$ISS_HOUSTON_URL`; none: offline).
  static let houston = MissionControl(.houston).option(purpose: Strings.optionHoustonPurpose)
  static let options: [any Parameter] = [houston, SpacesuitDomain.connectionOption]

  init(launch: Launch) throws {
    let client = try LiveCosmonautClient.opening(
      store: launch.file("cosmonaut.sqlite"), dialect: .houston,
      address: try MissionControl(.houston).address(launch, option: Self.houston), analytics: launch.analytics,
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
