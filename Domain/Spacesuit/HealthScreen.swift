import Localization
import SpacesuitServiceInterface
import UIComponents

/// Renders classified vitals as a table with thresholds and the alerts they raise.
enum HealthScreen {
  static func render(_ document: HealthDocument, theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.health)
    return [
      theme.apply(.title, to: translator(Strings.healthTitle(time: LocalizedText.dateTime(document.vitals.timestamp)))),
      ReadingsScreen.table(document.readings, theme: theme, translator: translator),
      ReadingsScreen.alerts(document.alerts, theme: theme, translator: translator),
    ].joined(separator: "\n\n")
  }
}
