import CommandLineKit
import UIComponents

/// One domain an app lists: its commands (known before anything is built, for help and parsing)
/// and how to build it from the app's live services.
public struct AppDomain<Services> {
  /// The domain's commands, answering hosted routes.
  let commands: [Command<HostedRoute>]
  /// The domain's command groups.
  let groups: [CommandGroup]
  /// Builds the hosted domain from the live services.
  let build: @MainActor (Services) -> AppCoordinator.Domain

  /// The domain `make` builds; its routes' commands join the app's command line.
  public static func domain<D: HostedDomain>(_ make: @escaping @MainActor (Services) -> D) -> AppDomain
  where D.Route: CommandRoute {
    AppDomain(
      commands: D.Route.commands.map { $0.map(HostedRoute.init) }, groups: D.Route.groups,
      build: { AppCoordinator.Domain(make($0)) })
  }
}
