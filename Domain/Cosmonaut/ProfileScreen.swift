import CosmonautServiceInterface
import Localization
import UIComponents

/// Renders a profile as a key–value panel.
enum ProfileScreen {
  static func render(_ profile: CosmonautProfile, theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.profile)
    func row(_ key: LocalizedText, _ value: String) -> KeyValuePanel.Row {
      value.isEmpty
        ? .init(translator(key), translator(Strings.profileNotSet), style: .dim) : .init(translator(key), value)
    }
    return KeyValuePanel(
      title: translator(Strings.commonCosmonaut),
      rows: [
        row(Strings.profileName, profile.name), row(Strings.profileAgency, profile.agency),
        row(Strings.profileRole, profile.role), row(Strings.commonMission, profile.mission),
      ]
    ).render(theme)
  }
}
