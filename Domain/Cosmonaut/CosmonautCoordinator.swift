import CosmonautServiceInterface
import UIComponents

/// The Cosmonaut domain's entry point: the dashboard, the profile, supplies and mission control sync.
@MainActor
public final class CosmonautCoordinator: Coordinator {
  private let context: FlowContext
  private let profile: ProfileFlow
  private let supplies: SuppliesFlow
  private let sync: SyncFlow
  private let dashboard: DashboardFlow

  /// Creates the coordinator for one presentation (interactive or a single scripted command).
  public init(context: FlowContext, client: any CosmonautClient, dashboard: DashboardFeatures = DashboardFeatures()) {
    self.context = context
    profile = ProfileFlow(context: context, client: client)
    supplies = SuppliesFlow(context: context, client: client)
    sync = SyncFlow(context: context, client: client)
    self.dashboard = DashboardFlow(context: context, client: client, features: dashboard)
  }

  /// The domain's home: the dashboard.
  public func start() async {
    await dashboard.runInteractive(profile: profile, supplies: supplies, sync: sync)
  }

  public func start(at route: CosmonautRoute) async throws {
    let interactive = context.presentation == .interactive
    switch route {
    case .dashboard:
      if interactive { await start() } else { try await dashboard.printOnce() }
    case .profile:
      if interactive { await profile.runInteractive() } else { try await profile.show() }
    case .updateProfile(let update):
      try await profile.save(update)
      if interactive { await profile.runInteractive() }
    case .supplies:
      if interactive { await supplies.runInteractive() } else { try await supplies.list() }
    case .consume(let item, let quantity):
      try await supplies.change(.consume, item: item, quantity: quantity)
      if interactive { await supplies.runInteractive() }
    case .restock(let item, let quantity):
      try await supplies.change(.restock, item: item, quantity: quantity)
      if interactive { await supplies.runInteractive() }
    case .sync:
      if interactive { await sync.runInteractive() } else { try await sync.deliver() }
    case .syncStatus:
      if interactive { await sync.runInteractive() } else { try await sync.showPending() }
    case .setAside:
      if interactive { await sync.runInteractive() } else { try await sync.showSetAside() }
    case .retrySetAside(let key):
      try await sync.retry(key)
      if interactive { await sync.runInteractive() }
    case .discardSetAside(let key):
      try await sync.discard(key)
      if interactive { await sync.runInteractive() }
    }
  }
}
