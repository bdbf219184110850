import CosmonautServiceInterface
import FoundationEssentials
import Localization
import MissionControlInterface
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
    let center = client.controlCenter
    try context.show(try await client.setAsideReports()) {
      SyncScreen.setAside($0, center: center, theme: $1, translator: $2)
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

  private func confirm(_ entry: QueuedReport, _ line: LocalizedText) throws {
    try context.show(entry, line: line, style: .ok)
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
    let center = client.controlCenter
    try context.show(report) { SyncScreen.render($0, center: center, theme: $1, translator: $2) }
  }

  /// The sync screen: what waits (or what the last "Sync now" delivered), then "Sync now", retry or
  /// discard a set-aside report, "Back".
  func runInteractive() async {
    let client = client
    let (theme, translator) = (context.theme, context.translator)
    let center = client.controlCenter
    var lastRun: SyncReport?
    let screen = InteractiveScreen(
      menu: Menu<SyncChoice>(Strings.syncTitle(center: CosmonautTexts.name(of: center))),
      load: {
        defer { lastRun = nil }
        if let lastRun { return lastRun }
        return try await client.pendingSync()
      },
      render: { SyncScreen.render($0, center: center, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, shown in
      switch choice {
      case .syncNow:
        let notice = MissionControlWaitNotice(context: context, center: center)
        await context.presentingErrors {
          lastRun = try await context.interruptible { try await client.sync(progress: notice.hear) }
        }
        notice.finish()
      case .retry:
        await decide(shown.setAside, question: { Strings.syncRetryPrompt(keys: $0, goBack: $1) }) {
          try await self.retry($0)
        }
      case .discard:
        await decide(shown.setAside, question: { Strings.syncDiscardPrompt(keys: $0, goBack: $1) }) {
          try await self.discard($0)
        }
      case .back: return .leave
      }
      return .stay
    }
  }

  /// Asks which set-aside report (by its key's first characters) and acts on it.
  private func decide(
    _ reports: [QueuedReport], question: (_ keys: String, _ goBack: LocalizedText) -> LocalizedText,
    _ action: @MainActor @escaping (String) async throws -> Void
  ) async {
    guard !reports.isEmpty else {
      context.terminal.print(context.theme.apply(.dim, to: context.translator(Strings.syncNothingSetAside)))
      return
    }
    let keys = reports.map { String($0.id.prefix(8)) }.joined(separator: ", ")
    let prompt = Prompt<String>(question: { question(keys, $0) }) { answer in
      reports.contains { $0.id.hasPrefix(answer.lowercased()) }
        ? .success(answer.lowercased())
        : .failure(ValidationError(Strings.syncNoReport(answer: InertText(answer), keys: keys)))
    }
    guard let key = prompt.ask(on: context.terminal) else { return }
    await context.presentingErrors { try await action(key) }
  }
}
