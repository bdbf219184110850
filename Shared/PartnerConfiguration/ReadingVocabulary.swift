/// What a partner file is read against: the toggles and screens of the app's vocabulary, and those
/// the package's other modules declare (the app's catalogue knows them).
///
/// A partner file serves every app, so it may set what an app does not host: such a key is read
/// (and refused when it is wrong) like the app's own, and kept, but never warned about; a key no
/// module declares is an unknown key (a warning).
struct ReadingVocabulary: Sendable {
  /// Every toggle name read in `features`, sorted.
  let toggles: [String]
  /// The elements a partner may style on each screen read in `theme.screens`.
  let screens: [StyleScreen: [StyleElement]]

  /// The app's `vocabulary`, and what `elsewhere` (the package's modules) declares besides.
  init(_ vocabulary: PartnerVocabulary, elsewhere: PartnerVocabulary = PartnerVocabulary()) {
    var screens: [StyleScreen: [StyleElement]] = [:]
    for screen in vocabulary.screens + elsewhere.screens where screens[screen.name] == nil {
      screens[screen.name] = screen.elements
    }
    self.screens = screens
    toggles = Set((vocabulary.toggles + elsewhere.toggles).map(\.name)).sorted()
  }

  /// Every screen name read, sorted.
  var screenNames: [String] { screens.keys.sorted().map(\.name) }

  /// The decoder's user-info key of the vocabulary.
  static let key = CodingUserInfoKey(rawValue: "PartnerConfiguration.ReadingVocabulary")!
}

extension Decoder {
  /// What this decode reads against (the package's declarations alone when nobody said).
  var vocabulary: ReadingVocabulary {
    userInfo[ReadingVocabulary.key] as? ReadingVocabulary ?? ReadingVocabulary(PartnerVocabulary())
  }
}
