import CosmonautServiceInterface
import Foundation
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
      context.terminal.print(SyncScreen.setAside(reports, center: client.controlCenter, theme: context.theme))
    }
  }

  /// Puts a set-aside report back into the outbox.
  func retry(_ key: String) async throws {
    let entry = try await client.retrySetAside(key)
    context.analytics.track("sync.retried", ["kind": entry.kind])
    let center = client.controlCenter.name
    try confirm(
      entry, "Back in the outbox: \(entry.kind) \(entry.id.prefix(8)); it goes to \(center) on the next sync.")
  }

  /// Deletes a set-aside report for good.
  func discard(_ key: String) async throws {
    let entry = try await client.discardSetAside(key)
    context.analytics.track("sync.discarded", ["kind": entry.kind])
    try confirm(
      entry, "Discarded: \(entry.kind) \(entry.id.prefix(8)); \(client.controlCenter.name) will never see it.")
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
      context.terminal.print(SyncScreen.render(report, center: client.controlCenter, theme: context.theme))
    }
  }

  /// The sync screen: what waits (or what the last "Sync now" delivered), then "Sync now", retry or
  /// discard a set-aside report, "Back".
  func runInteractive() async {
    let client = client
    let theme = context.theme
    let center = client.controlCenter
    var lastRun: SyncReport?
    let items: [Menu.Item] = [
      .init(key: "s", title: "Sync now"), .init(key: "r", title: "Retry a set-aside report"),
      .init(key: "d", title: "Discard a set-aside report"), .init(key: "b", title: "Back"),
    ]
    let screen = InteractiveScreen(
      menu: Menu(title: "\(center.name) sync", items: items),
      load: {
        defer { lastRun = nil }
        if let lastRun { return lastRun }
        return try await client.pendingSync()
      },
      render: { SyncScreen.render($0, center: center, theme: theme) })
    await screen.run(in: context) { choice, shown in
      switch choice.key {
      case "s":
        let notice = MissionControlWaitNotice(context: context, center: center)
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

/// Renders a sync report: delivered, pending with attempts and the last error, and what mission
/// control refused; times on the centre's clock.
enum SyncScreen {
  static func render(_ report: SyncReport, center: ControlCenter, theme: Theme) -> String {
    let theme = theme.screen(.sync)
    var lines = [theme.apply(.title, to: "\(center.name) sync")]
    if !report.houstonConfigured {
      lines.append(theme.apply(.warning, to: "Offline: no \(center.name) configured (\(center.setting))."))
    }
    if report.delivered.isEmpty {
      lines.append("Delivered: nothing in this run.")
    } else {
      lines.append(theme.apply(.ok, to: "Delivered \(report.delivered.count) report(s):"))
      lines.append(table(report.delivered, center: center, theme: theme))
    }
    if !report.pending.isEmpty {
      lines.append(theme.apply(.warning, to: "Pending \(report.pending.count) report(s):"))
      lines.append(table(report.pending, center: center, theme: theme))
    } else if report.setAside.isEmpty {
      lines.append(theme.apply(.ok, to: "Pending: none — \(center.name) is up to date."))
    } else {
      lines.append("Pending: none.")
    }
    if !report.setAside.isEmpty { lines.append(setAside(report.setAside, center: center, theme: theme)) }
    if let lastError = report.lastError {
      lines.append(theme.apply(.error, to: "Last error: \(lastError)"))
    }
    return lines.joined(separator: "\n")
  }

  /// The reports mission control refused, or a line saying there are none.
  static func setAside(_ reports: [OutboxEntry], center: ControlCenter, theme: Theme) -> String {
    let theme = theme.screen(.sync)
    guard !reports.isEmpty else { return theme.apply(.ok, to: "Set aside: none.") }
    return [
      theme.apply(
        .warning,
        to: "Set aside \(reports.count) report(s) \(center.name) refused; 'sync retry <key>' or 'sync discard <key>':"),
      table(reports, center: center, theme: theme),
    ].joined(separator: "\n")
  }

  private static func table(_ entries: [OutboxEntry], center: ControlCenter, theme: Theme) -> String {
    let rows = entries.map { entry in
      [
        entry.kind, center.time(entry.createdAt), String(entry.attempts), String(entry.id.prefix(8)),
        entry.lastError ?? "",
      ]
    }
    return Table(
      headers: ["Kind", "Created", "Attempts", "Key", "Last error"], rows: rows,
      alignments: [.left, .left, .right, .left, .left]
    ).render(theme)
  }
}
