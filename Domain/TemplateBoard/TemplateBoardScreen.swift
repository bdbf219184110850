import Localization
import UIComponents

/// Draws the TemplateBoard summary: the domain's status and its commands.
enum TemplateBoardScreen {
  static func render(_ summary: TemplateBoardSummary, theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.templateBoard)
    return KeyValuePanel(
      title: translator(Strings.domainTitle),
      rows: [
        .init(translator(Strings.labelStatus), translator(word(for: summary.status)), style: .ok),
        .init(translator(Strings.labelCommands), summary.commands.joined(separator: ", ")),
      ]
    ).render(theme)
  }

  /// The status in the reader's language.
  private static func word(for status: TemplateBoardSummary.Status) -> LocalizedText {
    switch status {
    case .ready: Strings.statusReady
    }
  }
}
