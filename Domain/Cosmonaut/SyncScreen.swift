import CosmonautServiceInterface
import Localization
import MissionControlInterface
import UIComponents

/// Renders a sync report in the translator's language: delivered, pending with attempts and the
/// last error, and what mission control refused; times on the centre's clock.
enum SyncScreen {
  static func render(_ report: SyncReport, center: ControlCenter, theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.sync)
    let name = CosmonautTexts.name(of: center)
    var lines = [theme.apply(.title, to: translator(Strings.syncTitle(center: name)))]
    if !report.isConfigured {
      lines.append(theme.apply(.warning, to: translator(Strings.syncOffline(center: name, setting: center.setting))))
    }
    if report.delivered.isEmpty {
      lines.append(translator(Strings.syncDeliveredNothing))
    } else {
      lines.append(theme.apply(.ok, to: translator(Strings.syncDelivered(count: report.delivered.count))))
      lines.append(table(report.delivered, center: center, theme: theme, translator: translator))
    }
    if !report.pending.isEmpty {
      lines.append(theme.apply(.warning, to: translator(Strings.syncPending(count: report.pending.count))))
      lines.append(table(report.pending, center: center, theme: theme, translator: translator))
    } else if report.setAside.isEmpty {
      lines.append(theme.apply(.ok, to: translator(Strings.syncPendingUpToDate(center: name))))
    } else {
      lines.append(translator(Strings.syncPendingNone))
    }
    if !report.setAside.isEmpty {
      lines.append(setAside(report.setAside, center: center, theme: theme, translator: translator))
    }
    if let lastError = report.lastErrorText {
      lines.append(theme.apply(.error, to: translator(Strings.syncLastError(error: lastError))))
    }
    return lines.joined(separator: "\n")
  }

  /// The reports mission control refused, or a line saying there are none.
  static func setAside(_ reports: [QueuedReport], center: ControlCenter, theme: Theme, translator: Translator) -> String
  {
    let theme = theme.screen(.sync)
    guard !reports.isEmpty else { return theme.apply(.ok, to: translator(Strings.syncSetAsideNone)) }
    let name = CosmonautTexts.name(of: center)
    return [
      theme.apply(.warning, to: translator(Strings.syncSetAside(count: reports.count, center: name))),
      table(reports, center: center, theme: theme, translator: translator),
    ].joined(separator: "\n")
  }

  private static func table(
    _ entries: [QueuedReport], center: ControlCenter, theme: Theme, translator: Translator
  ) -> String {
    let rows = entries.map { entry in
      [
        entry.kind, center.time(entry.createdAt), translator.number(entry.attempts), String(entry.id.prefix(8)),
        entry.lastErrorText.map { translator($0) } ?? "",
      ]
    }
    let headers = [
      Strings.syncHeaderKind, Strings.syncHeaderCreated, Strings.syncHeaderAttempts, Strings.syncHeaderKey,
      Strings.syncHeaderLastError,
    ]
    return Table(
      headers: headers.map { translator($0) }, rows: rows, alignments: [.left, .left, .right, .left, .left]
    ).render(theme)
  }
}
