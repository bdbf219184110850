import CommandLineKit
import PartnerConfiguration
import UIComponents

/// One domain an app lists: its commands and what partners may set in it (known before anything is
/// built, for help, parsing and reading the partner) and how to build it from the app's live services.
public struct AppDomain<Services> {
  /// The domain's commands, answering hosted routes.
  let commands: [Command<HostedRoute>]
  /// The domain's command groups.
  let groups: [CommandGroup]
  /// The toggles the domain reads and the screens it draws.
  let vocabulary: PartnerVocabulary
  /// Builds the hosted domain from the live services and the launch.
  let build: @MainActor (Services, Launch) -> AppCoordinator.Domain

  /// The domain `make` builds; its routes' commands join the app's command line.
  @MainActor public static func domain<D: HostedDomain>(_ make: @escaping @MainActor (Services) -> D) -> AppDomain
  where D.Route: CommandRoute {
    domain { services, _ in make(services) }
  }

  /// The domain `make` builds from the live services and the launch — e.g. with the partner's toggles,
  /// `.domain { SomeDomain(client: $0.client, features: $1.features) }`, of which the domain reads its own.
  @MainActor public static func domain<D: HostedDomain>(
    _ make: @escaping @MainActor (Services, Launch) -> D
  ) -> AppDomain
  where D.Route: CommandRoute {
    AppDomain(
      commands: D.Route.commands.map { $0.map(HostedRoute.init(command:)) }, groups: D.Route.groups,
      vocabulary: D.partnerVocabulary, build: { AppCoordinator.Domain(make($0, $1)) })
  }
}
