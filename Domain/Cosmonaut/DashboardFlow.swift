import CosmonautServiceInterface
import Foundation
import Logging
import UIComponents

/// What the dashboard shows, also its `--json` document.
struct DashboardSummary: Encodable, Equatable {
  struct Position: Encodable, Equatable {
    let latitude: Double
    let longitude: Double
    let altitudeKm: Double
    let speedKmPerSecond: Double
    let timestamp: Date
    let live: Bool
    /// Why the position is not live, when it is not.
    let offlineReason: String?
  }

  let profile: CosmonautProfile
  let position: Position?
  let lowStock: [SupplyItem]
  let pendingReports: Int
}

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
    if context.json {
      try context.printJSON(summary)
    } else {
      context.terminal.print(
        DashboardScreen.render(
          summary, center: client.controlCenter, position: features.showsPosition, theme: context.theme))
    }
  }

  /// The dashboard with its menu: profile, supplies, sync, refresh, back.
  func runInteractive(profile: ProfileFlow, supplies: SuppliesFlow, sync: SyncFlow) async {
    let client = client
    let logger = context.logger
    let (theme, showsPosition) = (context.theme, features.showsPosition)
    let center = client.controlCenter
    let screen = InteractiveScreen(
      menu: Menu(
        title: "Cosmonaut",
        items: [
          .init(key: "p", title: "Profile"), .init(key: "s", title: "Supplies"),
          .init(key: "y", title: "\(center.name) sync"),
          .init(key: "r", title: "Refresh"), .init(key: "b", title: "Back"),
        ]),
      load: { [context] in
        let notice = MissionControlWaitNotice(context: context, center: center)
        defer { notice.finish() }
        return try await Self.summary(from: client, logger: logger, position: showsPosition, progress: notice.hear)
      },
      render: { DashboardScreen.render($0, center: center, position: showsPosition, theme: theme) })
    await screen.run(in: context) { choice, _ in
      switch choice.key {
      case "p": await profile.runInteractive()
      case "s": await supplies.runInteractive()
      case "y": await sync.runInteractive()
      case "r": break
      default: return .leave
      }
      return .stay
    }
  }
}

/// Renders the dashboard as panels; without `position`, the station's position panel is left out.
enum DashboardScreen {
  static func render(
    _ summary: DashboardSummary, center: ControlCenter, position showsPosition: Bool = true, theme: Theme
  ) -> String {
    let theme = theme.screen(.dashboard)
    var rows: [KeyValuePanel.Row] = []
    if let position = summary.position {
      rows.append(.init("Latitude", String(format: "%.2f°", position.latitude)))
      rows.append(.init("Longitude", String(format: "%.2f°", position.longitude)))
      rows.append(.init("Altitude", String(format: "%.1f km", position.altitudeKm)))
      rows.append(.init("Speed", String(format: "%.2f km/s", position.speedKmPerSecond)))
      let time = center.time(position.timestamp)
      var age = position.live ? "live, computed \(time)" : "last known, \(time)"
      if let reason = position.offlineReason { age += " (\(reason))" }
      rows.append(.init("Position", age, style: position.live ? .ok : .warning))
    } else {
      rows.append(.init("Position", "unknown — \(center.name) offline and nothing cached yet", style: .warning))
    }
    let station = KeyValuePanel(title: "ISS position", rows: rows).render(theme)
    let name =
      summary.profile.name.isEmpty ? "(no profile yet — set one with 'profile set --name …')" : summary.profile.name
    let crew = KeyValuePanel(
      title: "Aboard",
      rows: [
        .init("Cosmonaut", name, style: summary.profile.name.isEmpty ? .dim : nil),
        .init("Mission", summary.profile.mission.isEmpty ? "—" : summary.profile.mission),
        .init(
          "Low stock", summary.lowStock.isEmpty ? "none" : summary.lowStock.map(\.name).joined(separator: ", "),
          style: summary.lowStock.isEmpty ? .ok : .warning),
        .init(
          "Waiting for \(center.name)", "\(summary.pendingReports) report(s)",
          style: summary.pendingReports == 0 ? .ok : .warning),
      ]
    ).render(theme)
    return showsPosition ? station + "\n\n" + crew : crew
  }
}
