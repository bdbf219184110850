/// What partners may set in the modules of an app: their feature toggles and the screens they draw.
///
/// Each module declares its own in `PartnerVocabulary.json` (`toggles`: name, default, help;
/// `screens`: name, help, the elements it shows, the framework's styles for some of them); the
/// PartnerFiles build plugin turns it into the module's constants (`FeatureToggle.someToggle`,
/// `StyleScreen.someScreen`) and its whole vocabulary, `PartnerVocabulary.module` (internal to the
/// module). An app composes the vocabularies of the modules it is made of; partner files are read,
/// and themes resolved, against the composition.
public struct PartnerVocabulary: Sendable, Equatable {
  /// The toggles, in the order they are declared.
  public let toggles: [FeatureToggle]
  /// The screens, in the order they are declared.
  public let screens: [StyleSchema.Screen]

  /// A vocabulary of `toggles` and `screens`.
  public init(toggles: [FeatureToggle] = [], screens: [StyleSchema.Screen] = []) {
    self.toggles = toggles
    self.screens = screens
  }

  /// The vocabularies `parts`, one after the other. A name declared again (a toggle or a screen
  /// that an earlier part has) keeps its first declaration.
  public init(composing parts: [PartnerVocabulary]) {
    var toggles: [FeatureToggle] = []
    var screens: [StyleSchema.Screen] = []
    for part in parts {
      for toggle in part.toggles where !toggles.contains(where: { $0.name == toggle.name }) {
        toggles.append(toggle)
      }
      for screen in part.screens where !screens.contains(where: { $0.name == screen.name }) {
        screens.append(screen)
      }
    }
    self.init(toggles: toggles, screens: screens)
  }

  /// The framework's element types with this vocabulary's screens: what a partner's theme is resolved over.
  public var schema: StyleSchema {
    StyleSchema(elements: StyleSchema.framework.elements, screens: screens)
  }
}
