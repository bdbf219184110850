import LaboratoryServiceInterface
import Localization
import MissionControlInterface
import UIComponents

/// Results waiting for the ground, and sending them.
@MainActor
struct ResultsFlow {
  let context: FlowContext
  let lab: any LaboratoryClient

  func show() async throws {
    try context.show(try await lab.results(), as: LabScreens.results)
  }

  func send() async throws {
    let lab = lab
    guard let report = try await context.interruptible({ try await lab.sendResults() }) else { return }
    context.analytics.track("lab.results.sent", ["delivered": String(report.delivered.count)])
    try context.show(report, as: LabScreens.results)
  }

  /// Puts a refused result back into the queue.
  func retry(_ key: String) async throws {
    let result = try await lab.retryResult(key)
    try context.show(result, line: Strings.resultsBackInQueue(kind: result.kind, key: result.id.prefix(8)), style: .ok)
  }

  /// Deletes a refused result for good.
  func discard(_ key: String) async throws {
    let result = try await lab.discardResult(key)
    try context.show(result, line: Strings.resultsDiscarded(kind: result.kind, key: result.id.prefix(8)), style: .ok)
  }

  func runInteractive() async {
    let (lab, theme, translator) = (lab, context.theme, context.translator)
    let screen = InteractiveScreen(
      menu: Menu<ResultsChoice>(Strings.menuResults),
      load: { try await lab.results() }, render: { LabScreens.results($0, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, shown in
      switch choice {
      case .send: await context.presentingErrors { try await send() }
      case .retry:
        await decide(shown.setAside, question: { Strings.resultsRetryPrompt(keys: $0, goBack: $1) }) {
          try await retry($0)
        }
      case .discard:
        await decide(shown.setAside, question: { Strings.resultsDiscardPrompt(keys: $0, goBack: $1) }) {
          try await discard($0)
        }
      case .refresh: break
      case .back: return .leave
      }
      return .stay
    }
  }

  /// Asks which refused result (by its key's first characters) and acts on it.
  private func decide(
    _ results: [QueuedReport], question: (_ keys: String, _ goBack: LocalizedText) -> LocalizedText,
    _ action: @MainActor @escaping (String) async throws -> Void
  ) async {
    guard !results.isEmpty else {
      context.terminal.print(context.theme.apply(.dim, to: context.translator(Strings.resultsNothingRefused)))
      return
    }
    let keys = results.map { String($0.id.prefix(8)) }.joined(separator: ", ")
    let prompt = Prompt<String>(question: { question(keys, $0) }) { answer in
      results.contains { $0.id.hasPrefix(answer.lowercased()) }
        ? .success(answer.lowercased())
        : .failure(ValidationError(Strings.resultsNoRefused(answer: InertText(answer), keys: keys)))
    }
    guard let key = prompt.ask(on: context.terminal) else { return }
    await context.presentingErrors { try await action(key) }
  }
}
