import CosmonautService
import Foundation
import UIComponents

/// Houston sync: what was delivered, what still waits in the outbox, what Houston refused.
@MainActor
final class SyncFlow {
  private let context: FlowContext
  private let client: any CosmonautClient

  init(context: FlowContext, client: any CosmonautClient) {
    self.context = context
    self.client = client
  }

  /// Prints what waits in the outbox, without contacting Houston.
  func showPending() async throws {
    try show(try await client.pendingSync())
  }

  /// Prints the reports Houston refused for good, with its reasons.
  func showSetAside() async throws {
    let reports = try await client.setAsideReports()
    if context.json {
      try context.printJSON(reports)
    } else {
      context.terminal.print(SyncScreen.setAside(reports, theme: context.theme))
    }
  }

  /// Puts a set-aside report back into the outbox.
  func retry(_ key: String) async throws {
    let entry = try await client.retrySetAside(key)
    context.analytics.track("sync.retried", ["kind": entry.kind])
    try confirm(entry, "Back in the outbox: \(entry.kind) \(entry.id.prefix(8)); it goes to Houston on the next sync.")
  }

  /// Deletes a set-aside report for good.
  func discard(_ key: String) async throws {
    let entry = try await client.discardSetAside(key)
    context.analytics.track("sync.discarded", ["kind": entry.kind])
    try confirm(entry, "Discarded: \(entry.kind) \(entry.id.prefix(8)); Houston will never see it.")
  }

  private func confirm(_ entry: OutboxEntry, _ line: String) throws {
    if context.json {
      try context.printJSON(entry)
    } else {
      context.terminal.print(context.theme.apply(.ok, to: line))
    }
  }

  /// Delivers the outbox, saying what it waits for; when delivery stops, still shows what is
  /// pending and set aside, then fails with the reason.
  func deliver() async throws {
    let notice = HoustonWaitNotice(context: context)
    let report: SyncReport
    do {
      report = try await client.sync(progress: notice.hear)
      notice.finish()
    } catch let error as CosmonautServiceError {
      notice.finish()
      if case .houstonNotConfigured = error {} else if error.kind == .usage { throw error }
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
    // Delivery stopped part of the way (Houston stopped answering, or answered nonsense): the rest waits.
    if let failure = report.failure { throw failure }
  }

  private func show(_ report: SyncReport) throws {
    if context.json {
      try context.printJSON(report)
    } else {
      context.terminal.print(SyncScreen.render(report, theme: context.theme))
    }
  }

  /// The sync screen: what waits (or what the last "Sync now" delivered), then "Sync now", retry or
  /// discard a set-aside report, "Back".
  func runInteractive() async {
    let client = client
    let theme = context.theme
    var lastRun: SyncReport?
    let items: [Menu.Item] = [
      .init(key: "s", title: "Sync now"), .init(key: "r", title: "Retry a set-aside report"),
      .init(key: "d", title: "Discard a set-aside report"), .init(key: "b", title: "Back"),
    ]
    let screen = InteractiveScreen(
      menu: Menu(title: "Houston sync", items: items),
      load: {
        defer { lastRun = nil }
        if let lastRun { return lastRun }
        return try await client.pendingSync()
      },
      render: { SyncScreen.render($0, theme: theme) })
    await screen.run(in: context) { choice, shown in
      switch choice.key {
      case "s":
        let notice = HoustonWaitNotice(context: context)
        await context.presentingErrors {
          lastRun = try await context.interruptible { try await client.sync(progress: notice.hear) }
        }
        notice.finish()
      case "r": await decide(shown.setAside, verb: "retry") { try await self.retry($0) }
      case "d": await decide(shown.setAside, verb: "discard") { try await self.discard($0) }
      default: return .leave
      }
      return .stay
    }
  }

  /// Asks which set-aside report (by its key's first characters) and acts on it.
  private func decide(
    _ reports: [OutboxEntry], verb: String, _ action: @MainActor @escaping (String) async throws -> Void
  ) async {
    guard !reports.isEmpty else {
      context.terminal.print(context.theme.apply(.dim, to: "Nothing is set aside."))
      return
    }
    let keys = reports.map { String($0.id.prefix(8)) }
    let prompt = Prompt<String>(
      "Key to \(verb) (\(keys.joined(separator: ", ")); Enter to go back): ", emptyAnswerCancels: true
    ) {
      answer in
      reports.contains { $0.id.hasPrefix(answer.lowercased()) }
        ? .success(answer.lowercased())
        : .failure(ValidationError("no set-aside report \"\(answer)\"; pick one of: \(keys.joined(separator: ", "))"))
    }
    guard let key = prompt.ask(on: context.terminal) else { return }
    await context.presentingErrors { try await action(key) }
  }
}

/// Renders a sync report: delivered, pending with attempts and the last error, and what Houston refused.
enum SyncScreen {
  static func render(_ report: SyncReport, theme: Theme) -> String {
    let theme = theme.screen(.sync)
    var lines = [theme.apply(.title, to: "Houston sync")]
    if !report.houstonConfigured {
      lines.append(theme.apply(.warning, to: "Offline: no Houston configured (--houston URL or ISS_HOUSTON_URL)."))
    }
    if report.delivered.isEmpty {
      lines.append("Delivered: nothing in this run.")
    } else {
      lines.append(theme.apply(.ok, to: "Delivered \(report.delivered.count) report(s):"))
      lines.append(table(report.delivered, theme: theme))
    }
    if !report.pending.isEmpty {
      lines.append(theme.apply(.warning, to: "Pending \(report.pending.count) report(s):"))
      lines.append(table(report.pending, theme: theme))
    } else if report.setAside.isEmpty {
      lines.append(theme.apply(.ok, to: "Pending: none — Houston is up to date."))
    } else {
      lines.append("Pending: none.")
    }
    if !report.setAside.isEmpty { lines.append(setAside(report.setAside, theme: theme)) }
    if let lastError = report.lastError {
      lines.append(theme.apply(.error, to: "Last error: \(lastError)"))
    }
    return lines.joined(separator: "\n")
  }

  /// The reports Houston refused, or a line saying there are none.
  static func setAside(_ reports: [OutboxEntry], theme: Theme) -> String {
    let theme = theme.screen(.sync)
    guard !reports.isEmpty else { return theme.apply(.ok, to: "Set aside: none.") }
    return [
      theme.apply(
        .warning,
        to: "Set aside \(reports.count) report(s) Houston refused; 'sync retry <key>' or 'sync discard <key>':"),
      table(reports, theme: theme),
    ].joined(separator: "\n")
  }

  private static func table(_ entries: [OutboxEntry], theme: Theme) -> String {
    let rows = entries.map { entry in
      [
        entry.kind, entry.createdAt.formatted(.iso8601), String(entry.attempts), String(entry.id.prefix(8)),
        entry.lastError ?? "",
      ]
    }
    return Table(
      headers: ["Kind", "Created", "Attempts", "Key", "Last error"], rows: rows,
      alignments: [.left, .left, .right, .left, .left]
    ).render(theme)
  }
}
