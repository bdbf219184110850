import CommandLineKit
import CosmonautService
import CosmonautServiceInterface
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

  /// `--houston <url>` (default `$ISS_HOUSTON_URL`; none: offline).
  static let houston = MissionControl(.houston).option(purpose: Strings.optionHoustonPurpose)
  static let options: [any Parameter] = [houston, SpacesuitDomain.connectionOption]

  init(launch: Launch) throws {
    cosmonaut = try LiveCosmonautClient.opening(
      store: launch.file("cosmonaut.sqlite"), dialect: .houston,
      address: try MissionControl(.houston).address(launch, option: Self.houston), analytics: launch.analytics,
      logger: launch.logger)
    suit = SpacesuitClients.connectingOnFirstUse(
      launch.options[SpacesuitDomain.connectionOption], keepingStateIn: launch.file("suit-state.json"),
      logger: launch.logger, analytics: launch.analytics)
  }
}
