import LaboratoryServiceInterface
import Localization
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

  func runInteractive() async {
    let (lab, theme, translator) = (lab, context.theme, context.translator)
    let screen = InteractiveScreen(
      menu: Menu<ResultsChoice>(Strings.menuResults),
      load: { try await lab.results() }, render: { LabScreens.results($0, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, _ in
      switch choice {
      case .send: await context.presentingErrors { try await send() }
      case .refresh: break
      case .back: return .leave
      }
      return .stay
    }
  }
}
