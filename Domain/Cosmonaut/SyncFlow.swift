import CosmonautService
import Foundation
import UIComponents

/// Houston sync: what was delivered, what still waits in the outbox.
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
    try show(try await client.pendingSync(), json: context.json)
  }

  /// Delivers the outbox; when Houston cannot be reached, still shows what is pending, then fails.
  func deliver() async throws {
    let json = context.json
    let report: SyncReport
    do {
      report = try await client.sync()
    } catch let error as CosmonautServiceError {
      switch error {
      case .houstonNotConfigured, .houstonUnreachable: try show(try await client.pendingSync(), json: json)
      default: break
      }
      throw error
    }
    context.analytics.track(
      "sync.finished", ["delivered": String(report.delivered.count), "pending": String(report.pending.count)])
    try show(report, json: json)
    // Part of the outbox was delivered, then Houston stopped answering: the rest still waits.
    if let lastError = report.lastError, !report.pending.isEmpty {
      throw CosmonautServiceError.houstonUnreachable(lastError)
    }
  }

  private func show(_ report: SyncReport, json: Bool) throws {
    if json {
      try context.printJSON(report)
    } else {
      context.terminal.print(SyncScreen.render(report, theme: context.theme))
    }
  }

  /// The sync screen: what waits (or what the last "Sync now" delivered), then "Sync now" / "Back".
  func runInteractive() async {
    let client = client
    let theme = context.theme
    var lastRun: SyncReport?
    let screen = InteractiveScreen(
      menu: Menu(title: "Houston sync", items: [.init(key: "s", title: "Sync now"), .init(key: "b", title: "Back")]),
      load: {
        defer { lastRun = nil }
        if let lastRun { return lastRun }
        return try await client.pendingSync()
      },
      render: { SyncScreen.render($0, theme: theme) })
    await screen.run(in: context) { choice, _ in
      guard choice.key == "s" else { return .leave }
      context.terminal.print(context.theme.apply(.dim, to: "Delivering the outbox to Houston (Ctrl-C cancels)…"))
      await context.presentingErrors {
        lastRun = try await context.interruptible { try await client.sync() }
      }
      return .stay
    }
  }
}

/// Renders a sync report: delivered, then pending with attempts and the last error.
enum SyncScreen {
  static func render(_ report: SyncReport, theme: Theme) -> String {
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
    if report.pending.isEmpty {
      lines.append(theme.apply(.ok, to: "Pending: none — Houston is up to date."))
    } else {
      lines.append(theme.apply(.warning, to: "Pending \(report.pending.count) report(s):"))
      lines.append(table(report.pending, theme: theme))
    }
    if let lastError = report.lastError {
      lines.append(theme.apply(.error, to: "Last error: \(lastError)"))
    }
    return lines.joined(separator: "\n")
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
