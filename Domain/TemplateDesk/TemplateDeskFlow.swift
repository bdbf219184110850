import Localization
import TemplateServiceInterface
import UIComponents

/// The Template Desk screen: what the service's client answers, once for a script (the screen, or
/// with `--json` the same as one JSON document) or interactively with its menu, read again on refresh.
@MainActor
struct TemplateDeskFlow {
  let context: FlowContext
  let client: any TemplateClient

  /// Reads from the client and prints the answer once.
  func printOnce() async throws {
    try context.show(try await TemplateDeskSummary.read(from: client), as: TemplateDeskScreen.render)
  }

  /// The screen and its menu, until the person goes back.
  func runInteractive() async {
    let (theme, translator, client) = (context.theme, context.translator, client)
    let screen = InteractiveScreen(
      menu: Menu<TemplateDeskChoice>(Strings.domainTitle),
      load: { try await TemplateDeskSummary.read(from: client) },
      render: { TemplateDeskScreen.render($0, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, _ in
      switch choice {
      case .refresh: .stay
      case .back: .leave
      }
    }
  }
}
