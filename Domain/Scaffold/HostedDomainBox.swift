import Localization
import Navigation
import UIComponents

extension AppCoordinator {
  /// One domain the app hosts, its route type erased: its name, its main-menu entries, the
  /// destinations it shows, and its coordinator per presentation.
  public struct Domain {
    /// The module its errors and logs are recorded under.
    let name: String
    /// The domain's route type.
    let routeType: ObjectIdentifier
    /// Its main-menu entries, in order.
    let mainMenu: [MenuEntry<HostedRoute>]
    /// The route showing a destination, when the domain shows it.
    let routeForDestination: (Destination) -> HostedRoute?
    /// What a route changes, if anything.
    let change: (HostedRoute) -> LocalizedText?
    /// Builds the coordinator for one presentation.
    let makeCoordinator: @MainActor (FlowContext) -> HostedCoordinator
    /// The domain's line above the main menu, if any.
    let statusLine: @MainActor () async -> LocalizedText?
    /// Checks a route that changes data against the data before the person is asked (see `HostedDomain.preflight`).
    let preflight: @MainActor (HostedRoute) async throws -> Void
    /// Runs before the first flow (`interactive` or one scripted command).
    let start: @MainActor (_ interactive: Bool) async -> Void
    /// Runs after the last flow.
    let stop: @MainActor () async -> Void

    /// Hosts `domain`.
    @MainActor public init<D: HostedDomain>(_ domain: D) {
      name = domain.name
      routeType = ObjectIdentifier(D.Route.self)
      mainMenu = D.Route.mainMenu.map { $0.map(HostedRoute.init) }
      routeForDestination = { D.Route(destination: $0).map(HostedRoute.init) }
      change = { $0.route(as: D.Route.self)?.change }
      makeCoordinator = { context in HostedCoordinator(domain.makeCoordinator(context: context)) }
      statusLine = { await domain.statusLine() }
      preflight = { route in
        if let route = route.route(as: D.Route.self) { try await domain.preflight(route) }
      }
      start = { await domain.start(interactive: $0) }
      stop = { await domain.stop() }
    }

    /// True when `route` is one of this domain's.
    func owns(_ route: HostedRoute) -> Bool { route.domain == routeType }
  }
}

/// A domain's coordinator behind an erased route.
@MainActor struct HostedCoordinator {
  let start: @MainActor () async -> Void
  let open: @MainActor (HostedRoute) async throws -> Void

  init<Route: DomainRoute>(_ coordinator: any Coordinator<Route>) {
    start = { await coordinator.start() }
    open = { route in
      guard let route = route.route(as: Route.self) else { return }
      try await coordinator.start(at: route)
    }
  }
}
