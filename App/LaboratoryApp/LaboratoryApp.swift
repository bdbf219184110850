import Cosmonaut
import Laboratory
import Scaffold

/// The composition root of `laboratory`: the domains it hosts, in main-menu order, and how their
/// live services are built. The Cosmonaut domain comes as it is: the profile names who runs an
/// experiment, and its supplies are the ones a run draws. Scaffold reads the command line and runs the routes.
@main
enum LaboratoryApp {
  static func main() async {
    await launcher.main()
  }

  /// The app: its name, version, options, domains and live services.
  @MainActor static var launcher: AppLauncher<LiveServices> {
    AppLauncher(
      name: "laboratory", version: "0.1.0",
      abstract: Strings.appAbstract,
      options: LiveServices.options, partners: ShippedPartners.catalogue,
      domains: [
        .domain { LaboratoryDomain(lab: $0.lab, cosmonaut: $0.cosmonaut, features: $1.features) },
        .domain { CosmonautDomain(client: $0.cosmonaut, features: $1.features) },
      ],
      services: LiveServices.init)
  }
}
