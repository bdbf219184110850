import Peripheries
import Scaffold

/// The composition root of `iss-overview`: the domain it hosts and how its live services are
/// built. Scaffold reads the command line and runs the routes.
@main
enum ISSOverviewApp {
  static func main() async {
    await launcher.main()
  }

  /// The app: its name, version, options, domain and live services.
  @MainActor static var launcher: AppLauncher<LiveServices> {
    AppLauncher(
      name: "iss-overview", version: "0.1.0",
      abstract: Strings.appAbstract,
      options: LiveServices.options, partners: ShippedPartners.catalogue,
      domains: [
        .domain {
          PeripheriesDomain(
            power: $0.power, thermal: $0.thermal, docking: $0.docking, schedule: $0.schedule, features: $1.features)
        }
      ],
      services: LiveServices.init)
  }
}
