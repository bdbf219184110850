import Localization
import UIComponents

/// Draws the Template Desk summary: one row per field of what the client answered.
enum TemplateDeskScreen {
  static func render(_ summary: TemplateDeskSummary, theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.templateDesk)
    return KeyValuePanel(
      title: translator(Strings.domainTitle),
      rows: summary.fields.map { .init($0.label ?? translator(Strings.labelValue), $0.value) }
    ).render(theme)
  }
}
