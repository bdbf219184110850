import Testing

@testable import PartnerConfiguration

@Suite struct StyleSheetTests {
  /// A schema with one element on one screen, set at the framework's two levels.
  let schema = StyleSchema(
    elements: [
      .title: .init(
        style: TextStyle(foreground: .named(.white), background: .named(.black), attributes: [.bold]), required: true)
    ],
    screens: [.dashboard: .init(elements: [.title], styles: [.title: TextStyle(background: .named(.blue))])])

  @Test func eachLevelOverridesOnlyWhatItSetsFromTheLeastToTheMostSpecific() {
    // 1 + 2: the framework's base, then its screen style.
    let framework = StyleSheet(schema: schema)
    #expect(
      framework.style(.title, on: nil)
        == TextStyle(foreground: .named(.white), background: .named(.black), attributes: [.bold]))
    #expect(
      framework.style(.title, on: .dashboard)
        == TextStyle(foreground: .named(.white), background: .named(.blue), attributes: [.bold]))
    #expect(framework.style(.title, on: .supplies) == framework.style(.title, on: nil))

    // 3: the partner's base wins over both framework levels, for what it sets.
    let base = PartnerTheme(base: [.title: TextStyle(foreground: .named(.red))])
    #expect(
      StyleSheet(schema: schema, theme: base).style(.title, on: .dashboard)
        == TextStyle(foreground: .named(.red), background: .named(.blue), attributes: [.bold]))
    #expect(
      StyleSheet(schema: schema, theme: base).style(.title, on: nil)
        == TextStyle(foreground: .named(.red), background: .named(.black), attributes: [.bold]))

    // 4: the partner's screen style wins over everything, on that screen only.
    let screen = PartnerTheme(
      base: [.title: TextStyle(foreground: .named(.red), background: .named(.green))],
      screens: [.dashboard: [.title: TextStyle(attributes: [])]])
    let sheet = StyleSheet(schema: schema, theme: screen)
    #expect(
      sheet.style(.title, on: .dashboard)
        == TextStyle(foreground: .named(.red), background: .named(.green), attributes: []))
    #expect(
      sheet.style(.title, on: .supplies)
        == TextStyle(foreground: .named(.red), background: .named(.green), attributes: [.bold]))
  }

  @Test func theWorkspaceSchemaIsTheStylesFile() {
    let schema = StyleSchema.workspace
    #expect(schema.requiredElements == [.title, .heading, .label])
    #expect(schema.elements[.critical]?.style == TextStyle(foreground: .named(.red), attributes: [.bold]))
    #expect(schema.screens[.mainMenu]?.styles[.title] == TextStyle(attributes: [.bold, .reverse]))
    #expect(StyleScreen.allCases.allSatisfy { schema.screens[$0] != nil })
    #expect(StyleElement.allCases.allSatisfy { schema.elements[$0] != nil })
    #expect(StyleSheet.defaults.style(.title, on: .mainMenu) == TextStyle(attributes: [.bold, .reverse]))
    #expect(StyleSheet.defaults.style(.title, on: .supplies) == TextStyle(attributes: [.bold, .underline]))
  }
}
