import CosmonautServiceInterface
import Foundation
import Localization
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
    /// Why the position is not live, when it is not (the screen's language; English in `--json`).
    let offlineReason: LocalizedText?

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
          summary, center: client.controlCenter, position: features.showsPosition, theme: context.theme,
          translator: context.translator))
    }
  }

  /// The dashboard with its menu: profile, supplies, sync, refresh, back.
  func runInteractive(profile: ProfileFlow, supplies: SuppliesFlow, sync: SyncFlow) async {
    let client = client
    let logger = context.logger
    let (theme, showsPosition, translator) = (context.theme, features.showsPosition, context.translator)
    let center = client.controlCenter
    let screen = InteractiveScreen(
      menu: Menu(
        title: translator(Strings.commonCosmonaut),
        items: [
          .init(key: "p", title: translator(Strings.dashboardMenuProfile)),
          .init(key: "s", title: translator(Strings.dashboardMenuSupplies)),
          .init(key: "y", title: translator(Strings.dashboardMenuSync(center: CosmonautTexts.name(of: center)))),
          .init(key: "r", title: translator(Strings.dashboardMenuRefresh)),
          .init(key: "b", title: translator(Strings.commonBack)),
        ]),
      load: { [context] in
        let notice = MissionControlWaitNotice(context: context, center: center)
        defer { notice.finish() }
        return try await Self.summary(from: client, logger: logger, position: showsPosition, progress: notice.hear)
      },
      render: {
        DashboardScreen.render($0, center: center, position: showsPosition, theme: theme, translator: translator)
      })
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

/// Renders the dashboard as panels in the translator's language; without `position`, the
/// station's position panel is left out.
enum DashboardScreen {
  static func render(
    _ summary: DashboardSummary, center: ControlCenter, position showsPosition: Bool = true, theme: Theme,
    translator: Translator
  ) -> String {
    let theme = theme.screen(.dashboard)
    let centerName = CosmonautTexts.name(of: center)
    func number(_ value: Double, _ digits: Int) -> LocalizedText { .number(value, fractionDigits: digits) }
    var rows: [KeyValuePanel.Row] = []
    if let position = summary.position {
      rows.append(
        .init(
          translator(Strings.dashboardLatitude),
          translator(Strings.dashboardDegrees(value: number(position.latitude, 2)))))
      rows.append(
        .init(
          translator(Strings.dashboardLongitude),
          translator(Strings.dashboardDegrees(value: number(position.longitude, 2)))))
      rows.append(
        .init(
          translator(Strings.dashboardAltitude),
          translator(Strings.dashboardKilometres(value: number(position.altitudeKm, 1)))))
      rows.append(
        .init(
          translator(Strings.dashboardSpeed),
          translator(Strings.dashboardKilometresPerSecond(value: number(position.speedKmPerSecond, 2)))))
      let time = center.time(position.timestamp)
      var age = position.live ? Strings.dashboardLive(time: time) : Strings.dashboardLastKnown(time: time)
      if let reason = position.offlineReason { age = Strings.dashboardBecause(age: age, reason: reason) }
      rows.append(.init(translator(Strings.dashboardPosition), translator(age), style: position.live ? .ok : .warning))
    } else {
      rows.append(
        .init(
          translator(Strings.dashboardPosition), translator(Strings.dashboardPositionUnknown(center: centerName)),
          style: .warning))
    }
    let station = KeyValuePanel(title: translator(Strings.dashboardIssPosition), rows: rows).render(theme)
    let name = summary.profile.name.isEmpty ? translator(Strings.dashboardNoProfile) : summary.profile.name
    let lowStock =
      summary.lowStock.isEmpty
      ? Strings.dashboardNone : CosmonautTexts.list(summary.lowStock.map { CosmonautTexts.name(of: $0) })
    let crew = KeyValuePanel(
      title: translator(Strings.dashboardAboard),
      rows: [
        .init(translator(Strings.commonCosmonaut), name, style: summary.profile.name.isEmpty ? .dim : nil),
        .init(
          translator(Strings.commonMission),
          summary.profile.mission.isEmpty ? translator(Strings.dashboardNoMission) : summary.profile.mission),
        .init(
          translator(Strings.dashboardLowStock), translator(lowStock),
          style: summary.lowStock.isEmpty ? .ok : .warning),
        .init(
          translator(Strings.dashboardWaitingFor(center: centerName)),
          translator(Strings.dashboardReports(count: summary.pendingReports)),
          style: summary.pendingReports == 0 ? .ok : .warning),
      ]
    ).render(theme)
    return showsPosition ? station + "\n\n" + crew : crew
  }
}
