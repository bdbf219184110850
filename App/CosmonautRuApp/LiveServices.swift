import CommandLineKit
import CosmonautService
import CosmonautServiceInterface
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

  /// `--tsup <url>` (default `$ISS_TSUP_URL`; none: offline).
  static let tsup = MissionControl(.tsup).option(purpose: Strings.optionTsupPurpose)
  static let options: [any Parameter] = [tsup, SpacesuitDomain.connectionOption]

  init(launch: Launch) throws {
    cosmonaut = try LiveCosmonautClient.opening(
      store: launch.file("cosmonaut-ru.sqlite"), dialect: .tsup,
      address: try MissionControl(.tsup).address(launch, option: Self.tsup), analytics: launch.analytics,
      logger: launch.logger)
    suit = SpacesuitClients.connectingOnFirstUse(
      launch.options[SpacesuitDomain.connectionOption], keepingStateIn: launch.file("suit-state.json"),
      logger: launch.logger, analytics: launch.analytics)
  }
}
