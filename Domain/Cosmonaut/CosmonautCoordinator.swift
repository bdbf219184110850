import AppAnalytics
import CosmonautService
import Logging
import UIComponents

/// The Cosmonaut domain's entry point: the dashboard, the profile, supplies and Houston sync.
///
/// Links it understands (the head may be kept by Scaffold for an alias):
/// `dashboard`, `profile[/show|/set]`, `supplies[/list|/consume|/restock]`, `sync`, and the empty
/// link (the domain's home, the dashboard).
@MainActor
public final class CosmonautCoordinator: Coordinator {
  private let context: FlowContext
  private let profile: ProfileFlow
  private let supplies: SuppliesFlow
  private let sync: SyncFlow
  private let dashboard: DashboardFlow

  /// Creates the coordinator for one presentation (interactive or a single scripted command).
  public init(context: FlowContext, client: any CosmonautClient, analytics: Analytics, logger: Logger) {
    self.context = context
    let environment = FlowEnvironment(context: context, analytics: analytics, logger: logger.scoped(to: "Cosmonaut"))
    profile = ProfileFlow(environment: environment, client: client)
    supplies = SuppliesFlow(environment: environment, client: client)
    sync = SyncFlow(environment: environment, client: client)
    dashboard = DashboardFlow(environment: environment, client: client)
  }

  public func start() async {
    await dashboard.runInteractive(profile: profile)
  }

  public func start(link: DeepLink) async throws -> Bool {
    let rest = link.droppingHead()
    // Every link of this domain is at most two words deep (`supplies/consume`); more is not ours.
    guard rest.droppingHead().head == nil else { return false }
    switch link.head {
    case nil, "dashboard":
      guard rest.head == nil else { return false }
      try await runDashboard()
    case "profile":
      return try await profile.open(rest)
    case "supplies":
      return try await supplies.open(rest)
    case "sync":
      return try await sync.open(rest)
    default:
      return false
    }
    return true
  }

  private func runDashboard() async throws {
    switch context.presentation {
    case .interactive: await dashboard.runInteractive(profile: profile)
    case .once: try await dashboard.printOnce()
    }
  }
}

/// What every flow of this domain needs besides its service.
@MainActor
struct FlowEnvironment {
  static let module = "Cosmonaut"

  let context: FlowContext
  let analytics: Analytics
  let logger: Logger

  var terminal: Terminal { context.terminal }
  var theme: Theme { context.terminal.theme }
  var json: Bool { context.presentation.isJSON }
}
