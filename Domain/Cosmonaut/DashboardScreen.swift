import CosmonautServiceInterface
import Localization
import MissionControlInterface
import UIComponents

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
