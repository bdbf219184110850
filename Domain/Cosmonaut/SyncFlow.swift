import CosmonautServiceInterface
import Foundation
import Localization
import UIComponents

/// Mission control sync: what was delivered, what still waits in the outbox, what was refused.
@MainActor
final class SyncFlow {
  private let context: FlowContext
  private let client: any CosmonautClient

  init(context: FlowContext, client: any CosmonautClient) {
    self.context = context
    self.client = client
  }

  /// Prints what waits in the outbox, without contacting mission control.
  func showPending() async throws {
    try show(try await client.pendingSync())
  }

  /// Prints the reports mission control refused for good, with its reasons.
  func showSetAside() async throws {
    let reports = try await client.setAsideReports()
    if context.json {
      try context.printJSON(reports)
    } else {
      context.terminal.print(
        SyncScreen.setAside(reports, center: client.controlCenter, theme: context.theme, translator: context.translator)
      )
    }
  }

  /// Puts a set-aside report back into the outbox.
  func retry(_ key: String) async throws {
    let entry = try await client.retrySetAside(key)
    context.analytics.track("sync.retried", ["kind": entry.kind])
    let center = CosmonautTexts.name(of: client.controlCenter)
    try confirm(entry, Strings.syncBackInOutbox(kind: entry.kind, key: entry.id.prefix(8), center: center))
  }

  /// Deletes a set-aside report for good.
  func discard(_ key: String) async throws {
    let entry = try await client.discardSetAside(key)
    context.analytics.track("sync.discarded", ["kind": entry.kind])
    let center = CosmonautTexts.name(of: client.controlCenter)
    try confirm(entry, Strings.syncDiscarded(kind: entry.kind, key: entry.id.prefix(8), center: center))
  }

  private func confirm(_ entry: OutboxEntry, _ line: LocalizedText) throws {
    if context.json {
      try context.printJSON(entry)
    } else {
      context.terminal.print(context.theme.apply(.ok, to: context.translator(line)))
    }
  }

  /// Delivers the outbox, saying what it waits for; when delivery stops, still shows what is
  /// pending and set aside, then fails with the reason.
  func deliver() async throws {
    let notice = MissionControlWaitNotice(context: context, center: client.controlCenter)
    let report: SyncReport
    do {
      report = try await client.sync(progress: notice.hear)
      notice.finish()
    } catch let error as CosmonautServiceError {
      notice.finish()
      if case .notConfigured = error {} else if error.kind == .usage { throw error }
      try show(try await client.pendingSync())
      throw error
    }
    context.analytics.track(
      "sync.finished",
      [
        "delivered": String(report.delivered.count), "pending": String(report.pending.count),
        "setAside": String(report.setAside.count),
      ])
    try show(report)
    // Delivery stopped part of the way (mission control stopped answering, or answered nonsense): the rest waits.
    if let failure = report.failure { throw failure }
  }

  private func show(_ report: SyncReport) throws {
    if context.json {
      try context.printJSON(report)
    } else {
      context.terminal.print(
        SyncScreen.render(report, center: client.controlCenter, theme: context.theme, translator: context.translator))
    }
  }

  /// The sync screen: what waits (or what the last "Sync now" delivered), then "Sync now", retry or
  /// discard a set-aside report, "Back".
  func runInteractive() async {
    let client = client
    let (theme, translator) = (context.theme, context.translator)
    let center = client.controlCenter
    var lastRun: SyncReport?
    let items: [Menu.Item] = [
      .init(key: "s", title: translator(Strings.syncNow)), .init(key: "r", title: translator(Strings.syncRetry)),
      .init(key: "d", title: translator(Strings.syncDiscard)), .init(key: "b", title: translator(Strings.commonBack)),
    ]
    let screen = InteractiveScreen(
      menu: Menu(title: translator(Strings.syncTitle(center: CosmonautTexts.name(of: center))), items: items),
      load: {
        defer { lastRun = nil }
        if let lastRun { return lastRun }
        return try await client.pendingSync()
      },
      render: { SyncScreen.render($0, center: center, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, shown in
      switch choice.key {
      case "s":
        let notice = MissionControlWaitNotice(context: context, center: center)
        await context.presentingErrors {
          lastRun = try await context.interruptible { try await client.sync(progress: notice.hear) }
        }
        notice.finish()
      case "r":
        await decide(shown.setAside, question: { Strings.syncRetryPrompt(keys: $0) }) { try await self.retry($0) }
      case "d":
        await decide(shown.setAside, question: { Strings.syncDiscardPrompt(keys: $0) }) { try await self.discard($0) }
      default: return .leave
      }
      return .stay
    }
  }

  /// Asks which set-aside report (by its key's first characters) and acts on it.
  private func decide(
    _ reports: [OutboxEntry], question: (String) -> LocalizedText,
    _ action: @MainActor @escaping (String) async throws -> Void
  ) async {
    guard !reports.isEmpty else {
      context.terminal.print(context.theme.apply(.dim, to: context.translator(Strings.syncNothingSetAside)))
      return
    }
    let keys = reports.map { String($0.id.prefix(8)) }.joined(separator: ", ")
    let prompt = Prompt<String>(question(keys), emptyAnswerCancels: true) { answer in
      reports.contains { $0.id.hasPrefix(answer.lowercased()) }
        ? .success(answer.lowercased())
        : .failure(ValidationError(Strings.syncNoReport(answer: answer, keys: keys)))
    }
    guard let key = prompt.ask(on: context.terminal) else { return }
    await context.presentingErrors { try await action(key) }
  }
}

/// Renders a sync report in the translator's language: delivered, pending with attempts and the
/// last error, and what mission control refused; times on the centre's clock.
enum SyncScreen {
  static func render(_ report: SyncReport, center: ControlCenter, theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.sync)
    let name = CosmonautTexts.name(of: center)
    var lines = [theme.apply(.title, to: translator(Strings.syncTitle(center: name)))]
    if !report.houstonConfigured {
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
  static func setAside(_ reports: [OutboxEntry], center: ControlCenter, theme: Theme, translator: Translator) -> String
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
    _ entries: [OutboxEntry], center: ControlCenter, theme: Theme, translator: Translator
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
