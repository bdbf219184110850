import Cosmonaut
import Scaffold
import Spacesuit

/// The composition root of `cosmonaut`: the domains it hosts, in main-menu order, and how their
/// live services are built. Scaffold reads the command line and runs the routes.
@main
enum CosmonautApp {
  static func main() async {
    await launcher.main()
  }

  /// The app: its name, version, options, domains and live services.
  @MainActor static var launcher: AppLauncher<LiveServices> {
    AppLauncher(
      name: "cosmonaut", version: "0.2.0",
      abstract: Strings.appAbstract,
      options: LiveServices.options, partners: ShippedPartners.catalogue,
      domains: [
        .domain { CosmonautDomain(client: $0.cosmonaut, features: $1.features, deliversInBackground: true) },
        .domain { SpacesuitDomain(client: $0.suit) },
      ],
      services: LiveServices.init)
  }
}
