import Testing

@testable import PartnerConfiguration

@Suite struct StyleSheetTests {
  /// A schema with one element on one screen, set at the framework's two levels.
  let schema = StyleSchema(
    elements: [
      .title: .init(
        style: TextStyle(foreground: .named(.white), background: .named(.black), attributes: [.bold]), required: true)
    ],
    screens: [.init(.galley, elements: [.title], styles: [.title: TextStyle(background: .named(.blue))])])

  @Test func eachLevelOverridesOnlyWhatItSetsFromTheLeastToTheMostSpecific() {
    // 1 + 2: the framework's base, then its screen style.
    let framework = StyleSheet(schema: schema)
    #expect(
      framework.style(.title, on: nil)
        == TextStyle(foreground: .named(.white), background: .named(.black), attributes: [.bold]))
    #expect(
      framework.style(.title, on: .galley)
        == TextStyle(foreground: .named(.white), background: .named(.blue), attributes: [.bold]))
    #expect(framework.style(.title, on: .gym) == framework.style(.title, on: nil))

    // 3: the partner's base wins over both framework levels, for what it sets.
    let base = PartnerTheme(base: [.title: TextStyle(foreground: .named(.red))])
    #expect(
      StyleSheet(schema: schema, theme: base).style(.title, on: .galley)
        == TextStyle(foreground: .named(.red), background: .named(.blue), attributes: [.bold]))
    #expect(
      StyleSheet(schema: schema, theme: base).style(.title, on: nil)
        == TextStyle(foreground: .named(.red), background: .named(.black), attributes: [.bold]))

    // 4: the partner's screen style wins over everything, on that screen only.
    let screen = PartnerTheme(
      base: [.title: TextStyle(foreground: .named(.red), background: .named(.green))],
      screens: [.galley: [.title: TextStyle(attributes: [])]])
    let sheet = StyleSheet(schema: schema, theme: screen)
    #expect(
      sheet.style(.title, on: .galley)
        == TextStyle(foreground: .named(.red), background: .named(.green), attributes: []))
    #expect(
      sheet.style(.title, on: .gym)
        == TextStyle(foreground: .named(.red), background: .named(.green), attributes: [.bold]))
  }

  @Test func aScreenThePartnerStylesButTheSchemaDoesNotListStillGetsThePartnersStyle() {
    let theme = PartnerTheme(base: [:], screens: [.gym: [.title: TextStyle(foreground: .named(.cyan))]])
    #expect(StyleSheet(schema: schema, theme: theme).style(.title, on: .gym).foreground == .named(.cyan))
  }

  @Test func theFrameworkSchemaIsTheStylesFileAndHasNoScreen() {
    let schema = StyleSchema.framework
    #expect(schema.requiredElements == [.title, .heading, .label])
    #expect(schema.elements[.critical]?.style == TextStyle(foreground: .named(.red), attributes: [.bold]))
    #expect(StyleElement.allCases.allSatisfy { schema.elements[$0] != nil })
    #expect(schema.screens.isEmpty, "the modules that draw screens declare them")
    #expect(StyleSheet.defaults.style(.title, on: .galley) == TextStyle(attributes: [.bold, .underline]))
  }

  @Test func aVocabularysSchemaIsTheFrameworksElementsWithItsScreens() {
    let schema = PartnerVocabulary.test.schema
    #expect(schema.elements == StyleSchema.framework.elements)
    #expect(Set(schema.screens.keys) == [.galley, .gym])
    #expect(StyleSheet(schema: schema).style(.title, on: .gym) == TextStyle(attributes: [.bold, .reverse]))
    #expect(StyleSheet(schema: schema).style(.title, on: .galley) == TextStyle(attributes: [.bold, .underline]))
  }
}

@Suite struct VocabularyTests {
  @Test func composingKeepsTheOrderAndTheFirstDeclarationOfAName() {
    let again = PartnerVocabulary(
      toggles: [FeatureToggle("quietHours", default: true, help: "Another.")],
      screens: [StyleSchema.Screen(.galley, elements: [.title])])
    let extra = PartnerVocabulary(toggles: [FeatureToggle("extra", default: false, help: "More.")])
    let composed = PartnerVocabulary(composing: [.test, again, extra])
    #expect(composed.toggles.map(\.name) == ["quietHours", "nightLights", "extra"])
    #expect(composed.toggles[0] == .quietHours)
    #expect(composed.screens == PartnerVocabulary.test.screens)
  }

  @Test func aToggleIsThePartnersValueOrItsDeclaredDefault() {
    var toggles = FeatureToggles()
    #expect(!toggles[.quietHours] && toggles[.nightLights])
    toggles[.quietHours] = true
    toggles[.nightLights] = false
    #expect(toggles[.quietHours] && !toggles[.nightLights])
    #expect(toggles == FeatureToggles(["quietHours": true, "nightLights": false]))
  }
}
