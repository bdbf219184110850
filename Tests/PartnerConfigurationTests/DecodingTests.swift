import Foundation
import Testing

@testable import PartnerConfiguration

// What the tests' app lets partners set: two toggles and two screens, declared as a module declares its own.

extension FeatureToggle {
  /// No alarms at night. Default: off.
  static let quietHours = FeatureToggle("quietHours", default: false, help: "No alarms at night.")
  /// The lights dim at night. Default: on.
  static let nightLights = FeatureToggle("nightLights", default: true, help: "The lights dim at night.")
}

extension StyleScreen {
  static let galley = StyleScreen("galley")
  static let gym = StyleScreen("gym")
}

extension PartnerVocabulary {
  static let test = PartnerVocabulary(
    toggles: [.quietHours, .nightLights],
    screens: [
      StyleSchema.Screen(.galley, elements: [.title, .label, .value, .dim, .ok, .warning]),
      StyleSchema.Screen(
        .gym, elements: [.title, .heading], styles: [.title: TextStyle(attributes: [.bold, .reverse])]),
    ])
}

extension ReadingVocabulary {
  /// The tests' vocabulary alone (not the package's modules').
  static let test = ReadingVocabulary(.test, elsewhere: PartnerVocabulary())
}

/// A valid partner file as a JSON tree, to break one piece at a time.
func validPartner() -> [String: Any] {
  [
    "id": "test",
    "name": "Test Agency",
    "theme": [
      "base": [
        "title": ["foreground": "#0B3D91", "attributes": ["bold"]],
        "heading": ["foreground": "red"],
        "label": ["foreground": "brightBlue", "background": "default"],
      ],
      "screens": [
        "galley": ["title": ["foreground": "#FC3D21"]]
      ],
    ],
    "features": ["quietHours": true, "nightLights": false],
    "analytics": ["providers": ["jsonLines", "console"]],
  ]
}

/// `tree` with the value at `path` replaced by `value` (nil removes the key).
func changing(_ tree: [String: Any], _ path: [String], to value: Any?) -> [String: Any] {
  var tree = tree
  guard let key = path.first else { return tree }
  if path.count == 1 {
    tree[key] = value
  } else {
    tree[key] = changing(tree[key] as? [String: Any] ?? [:], Array(path.dropFirst()), to: value)
  }
  return tree
}

func decode(_ tree: Any, reading: ReadingVocabulary = .test) throws(PartnerConfigurationError) -> DecodedPartner {
  try PartnerFile.decode(
    try! JSONSerialization.data(withJSONObject: tree, options: [.sortedKeys]), file: "test.json", reading: reading)
}

func refusal(_ tree: Any, reading: ReadingVocabulary = .test) -> PartnerConfigurationError? {
  do {
    _ = try decode(tree, reading: reading)
    return nil
  } catch {
    return error
  }
}

func refusal(text: String) -> PartnerConfigurationError? {
  do {
    _ = try PartnerFile.decode(Data(text.utf8), file: "test.json", reading: .test)
    return nil
  } catch {
    return error
  }
}

@Suite struct DecodingTests {
  @Test func aValidFileReadsEveryPart() throws {
    let partner = try decode(validPartner())
    #expect(partner.warnings.isEmpty)
    let configuration = partner.configuration
    #expect(configuration.id == "test")
    #expect(configuration.name == "Test Agency")
    #expect(
      configuration.theme.base[.title]
        == TextStyle(foreground: .rgb(red: 11, green: 61, blue: 145), attributes: [.bold]))
    #expect(
      configuration.theme.base[.label] == TextStyle(foreground: .named(.brightBlue), background: .named(.default)))
    #expect(
      configuration.theme.screens[.galley]?[.title] == TextStyle(foreground: .rgb(red: 252, green: 61, blue: 33)))
    #expect(configuration.features == FeatureToggles(["quietHours": true, "nightLights": false]))
    #expect(configuration.features[.quietHours] && !configuration.features[.nightLights])
    #expect(configuration.analytics.providers == [.jsonLines, .console])
  }

  @Test func aValueOfTheWrongTypeNamesItsKeyPathAndWhatBelongsThere() {
    let error = refusal(changing(validPartner(), ["features", "quietHours"], to: "yes"))
    #expect(error?.message == "partner file test.json: features.quietHours: expected true or false, found \"yes\"")
    #expect(error?.keyPath == "features.quietHours")
    #expect(error?.kind == .invalid)

    #expect(
      refusal(changing(validPartner(), ["name"], to: 3))?.message
        == "partner file test.json: name: expected a name of one line, not blank, found 3")
    #expect(
      refusal(changing(validPartner(), ["features"], to: [true]))?.message
        == "partner file test.json: features: expected the features (an object with nightLights and quietHours), "
        + "found a list")
    #expect(
      refusal(changing(validPartner(), ["theme", "base", "title"], to: "bold"))?.message
        == "partner file test.json: theme.base.title: expected a text style (an object with foreground, background "
        + "and attributes), found \"bold\"")
    #expect(
      refusal(changing(validPartner(), ["theme", "base", "title", "attributes"], to: "bold"))?.message
        == "partner file test.json: theme.base.title.attributes: expected a list, each an attribute: bold, dim, "
        + "underline or reverse, found \"bold\"")
    #expect(
      refusal(changing(validPartner(), ["features", "nightLights"], to: NSNull()))?.message
        == "partner file test.json: features.nightLights: expected true or false, found null")
    #expect(
      refusal(changing(validPartner(), ["features", "quietHours"], to: 1))?.message
        == "partner file test.json: features.quietHours: expected true or false, found 1")
    #expect(
      refusal(changing(validPartner(), ["features"], to: NSNull()))?.message
        == "partner file test.json: features: expected the features (an object with nightLights and quietHours), "
        + "found null")
  }

  @Test func aToggleTheFileLeavesOutHasItsDeclaredDefault() throws {
    let without = try decode(changing(validPartner(), ["features", "nightLights"], to: nil))
    #expect(without.warnings.isEmpty)
    #expect(without.configuration.features.values == ["quietHours": true])
    #expect(without.configuration.features[.nightLights] == FeatureToggle.nightLights.defaultValue)
    let none = try decode(changing(validPartner(), ["features"], to: nil))
    #expect(none.warnings.isEmpty)
    #expect(none.configuration.features == FeatureToggles())
    #expect(!none.configuration.features[.quietHours] && none.configuration.features[.nightLights])
  }

  @Test func aMissingKeyNamesItsKeyPathAndWhatBelongsThere() {
    let error = refusal(changing(validPartner(), ["name"], to: nil))
    #expect(error?.message == "partner file test.json: name: missing; expected a name of one line, not blank")
    #expect(error?.keyPath == "name")
    #expect(
      refusal(changing(validPartner(), ["analytics"], to: nil))?.message
        == "partner file test.json: analytics: missing; expected the analytics (an object with providers)")
  }

  @Test func aRequiredBaseElementOfTheSchemaMustBeThere() {
    let error = refusal(changing(validPartner(), ["theme", "base", "label"], to: nil))
    #expect(
      error?.message
        == "partner file test.json: theme.base.label: missing; expected a text style (an object with foreground, "
        + "background and attributes)")
    // An element the schema does not require may be left out.
    #expect(refusal(changing(validPartner(), ["theme", "base", "value"], to: nil)) == nil)
  }

  @Test func aBadColourNamesItsKeyPathAndWhatIsAccepted() {
    let colours =
      "a colour: a name (default, black, red, green, yellow, blue, magenta, cyan, white, brightBlack, brightRed, "
      + "brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite) or #RRGGBB"
    let path = ["theme", "screens", "galley", "title", "foreground"]
    for bad in ["#12345", "#12G456", "navy", "Red", "#1234567", ""] {
      let error = refusal(changing(validPartner(), path, to: bad))
      #expect(
        error?.message
          == "partner file test.json: theme.screens.galley.title.foreground: expected \(colours), found \"\(bad)\"")
      #expect(error?.keyPath == "theme.screens.galley.title.foreground")
    }
    #expect(
      refusal(changing(validPartner(), ["theme", "base", "heading", "background"], to: 255))?.message
        == "partner file test.json: theme.base.heading.background: expected \(colours), found 255")
  }

  @Test func aBadAttributeOrProviderIsNamedByItsPlaceInTheList() {
    #expect(
      refusal(changing(validPartner(), ["theme", "base", "title", "attributes"], to: ["bold", "blink"]))?.message
        == "partner file test.json: theme.base.title.attributes[1]: expected an attribute: bold, dim, underline or "
        + "reverse, found \"blink\"")
    #expect(
      refusal(changing(validPartner(), ["analytics", "providers"], to: ["jsonLines", "mixpanel"]))?.message
        == "partner file test.json: analytics.providers[1]: expected a provider: jsonLines or console, found \"mixpanel\""
    )
  }

  @Test func anIDIsWhatThePartnerOptionCanName() {
    #expect(
      refusal(changing(validPartner(), ["id"], to: "NASA"))?.message
        == "partner file test.json: id: expected an id of lowercase letters, digits and hyphens, e.g. esa, found \"NASA\""
    )
    #expect(refusal(changing(validPartner(), ["id"], to: "asc-2")) == nil)
  }

  @Test func aFileThatIsNotJSONSaysWhereItStops() {
    #expect(
      refusal(text: "{\n  \"id\": \"x\",,\n}")?.message
        == "partner file test.json is not JSON: Invalid value around line 2, column 13.")
    #expect(
      refusal(text: "")?.message == "partner file test.json is not JSON: Unexpected end of file during JSON parse.")
    #expect(refusal(text: "")?.keyPath == nil)
    #expect(
      refusal(text: "[1, 2]")?.message
        == "partner file test.json: the top level: expected a partner configuration (an object with id, name, theme, "
        + "features and analytics), found a list")
  }

  @Test func unknownKeysAreWarningsNotErrors() throws {
    var tree = changing(validPartner(), ["theme", "base", "titel"], to: ["foreground": "red"])
    tree = changing(tree, ["colour"], to: "blue")
    tree = changing(tree, ["theme", "screens", "galey"], to: [:] as [String: Any])
    tree = changing(tree, ["theme", "screens", "galley", "heading"], to: ["foreground": "red"])
    tree = changing(tree, ["theme", "base", "title", "italic"], to: true)
    tree = changing(tree, ["features", "quietHour"], to: true)
    let partner = try decode(tree)
    #expect(
      partner.warnings == [
        "partner file test.json: colour: unknown key, ignored (known here: id, name, theme, features and analytics)",
        "partner file test.json: features.quietHour: unknown key, ignored (known here: nightLights and quietHours)",
        "partner file test.json: theme.base.titel: unknown key, ignored (known here: title, heading, label, value, "
          + "dim, ok, warning, critical, selected and error)",
        "partner file test.json: theme.base.title.italic: unknown key, ignored (known here: foreground, background "
          + "and attributes)",
        "partner file test.json: theme.screens.galey: unknown key, ignored (known here: galley and gym)",
        "partner file test.json: theme.screens.galley.heading: unknown key, ignored (known here: title, label, "
          + "value, dim, ok and warning)",
      ])
    // What the unknown keys would have set is not set.
    #expect(partner.configuration.theme.screens[.galley]?[.heading] == nil)
    #expect(partner.configuration == (try decode(validPartner())).configuration)
  }

  @Test func whatOtherModulesOfThePackageDeclareIsReadAndKeptWithoutAWarning() throws {
    // The app hosts the galley's module (quietHours, galley); another module of the package
    // declares nightLights and gym. A partner file serves every app, so it may set those too.
    let app = PartnerVocabulary(toggles: [.quietHours], screens: [PartnerVocabulary.test.screens[0]])
    let others = PartnerVocabulary(toggles: [.nightLights], screens: [PartnerVocabulary.test.screens[1]])
    let reading = ReadingVocabulary(app, elsewhere: others)
    let tree = changing(validPartner(), ["theme", "screens", "gym"], to: ["heading": ["foreground": "red"]])
    let partner = try decode(tree, reading: reading)
    #expect(partner.warnings.isEmpty)
    #expect(partner == (try decode(tree)), "read as the app that hosts both reads it")
    // …as strictly as the app's own keys.
    #expect(
      refusal(changing(tree, ["features", "nightLights"], to: "no"), reading: reading)?.message
        == "partner file test.json: features.nightLights: expected true or false, found \"no\"")
    #expect(
      try decode(changing(tree, ["theme", "screens", "gym", "ok"], to: [:] as [String: Any]), reading: reading)
        .warnings == [
          "partner file test.json: theme.screens.gym.ok: unknown key, ignored (known here: title and heading)"
        ])
    // What no module declares is still an unknown key.
    #expect(
      try decode(changing(tree, ["features", "darkMode"], to: true), reading: reading).warnings == [
        "partner file test.json: features.darkMode: unknown key, ignored (known here: nightLights and quietHours)"
      ])
  }

  @Test func aConfigurationWritesAndReadsBackTheSame() throws {
    let configuration = try decode(validPartner()).configuration
    let data = try JSONEncoder().encode(configuration)
    #expect(try PartnerFile.decode(data, file: "again.json", reading: .test).configuration == configuration)
  }

  @Test func duplicateProvidersCountOnce() throws {
    let tree = changing(validPartner(), ["analytics", "providers"], to: ["console", "console", "jsonLines"])
    #expect(try decode(tree).configuration.analytics.providers == [.console, .jsonLines])
  }
}

@Suite struct TextColorTests {
  @Test func namesAndTwentyFourBitColoursRead() {
    #expect(TextColor(text: "cyan") == .named(.cyan))
    #expect(TextColor(text: "brightWhite") == .named(.brightWhite))
    #expect(TextColor(text: "#0b3d91") == .rgb(red: 11, green: 61, blue: 145))
    #expect(TextColor(text: "#0B3D91")?.description == "#0B3D91")
    #expect(TextColor(text: "#0B3D9") == nil)
    #expect(TextColor(text: "0B3D91") == nil)
    #expect(TextColor(text: "#+B3D91") == nil)
  }
}
