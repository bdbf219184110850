import Localization
import UIComponents

/// The TemplateBoard screen: the domain's status and commands, once for a script (the screen, or with
/// `--json` the same as one JSON document) or interactively with its menu.
@MainActor
struct TemplateBoardFlow {
  let context: FlowContext

  /// Prints the summary once.
  func printOnce() throws {
    try context.show(TemplateBoardSummary.current, as: TemplateBoardScreen.render)
  }

  /// The screen and its menu, until the person goes back.
  func runInteractive() async {
    let (theme, translator) = (context.theme, context.translator)
    let screen = InteractiveScreen(
      menu: Menu<TemplateBoardChoice>(Strings.domainTitle),
      load: { TemplateBoardSummary.current },
      render: { TemplateBoardScreen.render($0, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, _ in
      switch choice {
      case .refresh: .stay
      case .back: .leave
      }
    }
  }
}
