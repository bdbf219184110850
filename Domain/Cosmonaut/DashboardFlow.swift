import CosmonautServiceInterface
import FoundationEssentials
import Localization
import Logging
import MissionControlInterface
import UIComponents

/// The Cosmonaut domain's home: station position, who is aboard, low stock, what waits for mission control.
@MainActor
final class DashboardFlow {
  private let context: FlowContext
  private let client: any CosmonautClient
  private let features: DashboardFeatures

  init(context: FlowContext, client: any CosmonautClient, features: DashboardFeatures = DashboardFeatures()) {
    self.context = context
    self.client = client
    self.features = features
  }

  /// Gathers the summary. The position is optional: offline with nothing cached is not a failure;
  /// without `position`, Houston is not asked for it.
  static func summary(
    from client: any CosmonautClient, logger: Logger, position wanted: Bool = true,
    progress: @escaping @Sendable (MissionControlProgress) -> Void = { _ in }
  ) async throws -> DashboardSummary {
    let profile = try await client.profile()
    let supplies = try await client.supplies()
    let pending = try await client.pendingSync().pending.count
    var position: DashboardSummary.Position?
    if wanted {
      do {
        let reading = try await client.stationPosition(progress: progress)
        let value = reading.position
        position = .init(
          latitude: value.latitude, longitude: value.longitude, altitudeKm: value.altitudeKm,
          speedKmPerSecond: value.speedKmPerSecond, timestamp: value.timestamp, live: reading.isLive,
          offlineReason: reading.offlineReason)
      } catch let error as CosmonautServiceError where error.kind == .unavailable {
        logger.info("no station position: \(error.userMessage)")
      }
    }
    return DashboardSummary(
      profile: profile, position: position, lowStock: supplies.filter(\.isLow), pendingReports: pending)
  }

  func printOnce() async throws {
    let notice = MissionControlWaitNotice(context: context, center: client.controlCenter)
    defer { notice.finish() }
    // The --json document is the same for every partner: the position is always in it.
    let summary = try await Self.summary(
      from: client, logger: context.logger, position: context.json || features.showsPosition, progress: notice.hear)
    let (center, showsPosition) = (client.controlCenter, features.showsPosition)
    try context.show(summary) {
      DashboardScreen.render($0, center: center, position: showsPosition, theme: $1, translator: $2)
    }
  }

  /// The dashboard with its menu: profile, supplies, sync, refresh, back.
  func runInteractive(profile: ProfileFlow, supplies: SuppliesFlow, sync: SyncFlow) async {
    let client = client
    let logger = context.logger
    let (theme, showsPosition, translator) = (context.theme, features.showsPosition, context.translator)
    let center = client.controlCenter
    let centerName = CosmonautTexts.name(of: center)
    let screen = InteractiveScreen(
      menu: Menu(
        Strings.commonCosmonaut,
        items: DashboardChoice.allCases.map { Menu.Item($0.title(center: centerName), key: $0.rawValue, choice: $0) }),
      load: { [context] in
        let notice = MissionControlWaitNotice(context: context, center: center)
        defer { notice.finish() }
        return try await Self.summary(from: client, logger: logger, position: showsPosition, progress: notice.hear)
      },
      render: {
        DashboardScreen.render($0, center: center, position: showsPosition, theme: theme, translator: translator)
      })
    await screen.run(in: context) { choice, _ in
      switch choice {
      case .profile: await profile.runInteractive()
      case .supplies: await supplies.runInteractive()
      case .sync: await sync.runInteractive()
      case .refresh: break
      case .back: return .leave
      }
      return .stay
    }
  }
}
