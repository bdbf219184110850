import Cosmonaut
import FoundationEssentials
import Localization
import Scaffold
import Spacesuit

/// The composition root of `cosmonaut-ru`, the Roscosmos flavour of the Cosmonaut app: the same
/// domains as `cosmonaut`, reporting to TsUP (the Mission Control Centre in Korolyov) through
/// `TsUPCosmonautService`; it carries no Houston code. Scaffold reads the command line and runs the routes.
@main
enum CosmonautRuApp {
  static func main() async {
    await launcher.main()
  }

  /// Moscow time, in which TsUP and its cosmonauts read every date.
  static let moscowTime = TimeZoneRule.moscow

  /// The app: its name, version, options, domains and live services.
  @MainActor static var launcher: AppLauncher<LiveServices> {
    AppLauncher(
      name: "cosmonaut-ru", version: "0.1.0",
      abstract: Strings.appAbstract,
      options: LiveServices.options, partners: ShippedPartners.catalogue, partner: "roscosmos", defaultLanguage: .russian, timeZone: moscowTime,
      domains: [
        .domain { CosmonautDomain(client: $0.cosmonaut, features: $1.features, deliversInBackground: true) },
        .domain { SpacesuitDomain(client: $0.suit) },
      ],
      services: LiveServices.init)
  }
}
