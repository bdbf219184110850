import Foundation
import Testing

@testable import PartnerConfiguration

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
        "dashboard": ["title": ["foreground": "#FC3D21"]]
      ],
    ],
    "features": [
      "offlineMode": false, "backgroundSync": true, "dashboardPositionPanel": true, "dockingSchedule": false,
      "resultsOnCompletion": true,
    ],
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

func decode(_ tree: Any) throws(PartnerConfigurationError) -> DecodedPartner {
  try PartnerFile.decode(try! JSONSerialization.data(withJSONObject: tree, options: [.sortedKeys]), file: "test.json")
}

func refusal(_ tree: Any) -> PartnerConfigurationError? {
  do {
    _ = try decode(tree)
    return nil
  } catch {
    return error
  }
}

func refusal(text: String) -> PartnerConfigurationError? {
  do {
    _ = try PartnerFile.decode(Data(text.utf8), file: "test.json")
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
      configuration.theme.screens[.dashboard]?[.title] == TextStyle(foreground: .rgb(red: 252, green: 61, blue: 33)))
    #expect(
      configuration.features
        == FeatureToggles(
          offlineMode: false, backgroundSync: true, dashboardPositionPanel: true, dockingSchedule: false,
          resultsOnCompletion: true))
    #expect(configuration.analytics.providers == [.jsonLines, .console])
  }

  @Test func aValueOfTheWrongTypeNamesItsKeyPathAndWhatBelongsThere() {
    let error = refusal(changing(validPartner(), ["features", "offlineMode"], to: "yes"))
    #expect(error?.message == "partner file test.json: features.offlineMode: expected true or false, found \"yes\"")
    #expect(error?.keyPath == "features.offlineMode")
    #expect(error?.kind == .invalid)

    #expect(
      refusal(changing(validPartner(), ["name"], to: 3))?.message
        == "partner file test.json: name: expected a name of one line, not blank, found 3")
    #expect(
      refusal(changing(validPartner(), ["features"], to: [true]))?.message
        == "partner file test.json: features: expected the features (an object with offlineMode, backgroundSync, "
        + "dashboardPositionPanel, dockingSchedule and resultsOnCompletion), found a list")
    #expect(
      refusal(changing(validPartner(), ["theme", "base", "title"], to: "bold"))?.message
        == "partner file test.json: theme.base.title: expected a text style (an object with foreground, background "
        + "and attributes), found \"bold\"")
    #expect(
      refusal(changing(validPartner(), ["theme", "base", "title", "attributes"], to: "bold"))?.message
        == "partner file test.json: theme.base.title.attributes: expected a list, each an attribute: bold, dim, "
        + "underline or reverse, found \"bold\"")
    #expect(
      refusal(changing(validPartner(), ["features", "backgroundSync"], to: NSNull()))?.message
        == "partner file test.json: features.backgroundSync: expected true or false, found null")
    #expect(
      refusal(changing(validPartner(), ["features", "dockingSchedule"], to: 1))?.message
        == "partner file test.json: features.dockingSchedule: expected true or false, found 1")
  }

  @Test func aMissingKeyNamesItsKeyPathAndWhatBelongsThere() {
    let error = refusal(changing(validPartner(), ["features", "backgroundSync"], to: nil))
    #expect(error?.message == "partner file test.json: features.backgroundSync: missing; expected true or false")
    #expect(error?.keyPath == "features.backgroundSync")
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
    let path = ["theme", "screens", "dashboard", "title", "foreground"]
    for bad in ["#12345", "#12G456", "navy", "Red", "#1234567", ""] {
      let error = refusal(changing(validPartner(), path, to: bad))
      #expect(
        error?.message
          == "partner file test.json: theme.screens.dashboard.title.foreground: expected \(colours), found \"\(bad)\"")
      #expect(error?.keyPath == "theme.screens.dashboard.title.foreground")
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
    tree = changing(tree, ["theme", "screens", "dashbord"], to: [:] as [String: Any])
    tree = changing(tree, ["theme", "screens", "dashboard", "heading"], to: ["foreground": "red"])
    tree = changing(tree, ["theme", "base", "title", "italic"], to: true)
    let partner = try decode(tree)
    #expect(
      partner.warnings == [
        "partner file test.json: colour: unknown key, ignored (known here: id, name, theme, features and analytics)",
        "partner file test.json: theme.base.titel: unknown key, ignored (known here: title, heading, label, value, "
          + "dim, ok, warning, critical, selected and error)",
        "partner file test.json: theme.base.title.italic: unknown key, ignored (known here: foreground, background "
          + "and attributes)",
        "partner file test.json: theme.screens.dashboard.heading: unknown key, ignored (known here: title, label, "
          + "value, dim, ok and warning)",
        "partner file test.json: theme.screens.dashbord: unknown key, ignored (known here: mainMenu, dashboard, "
          + "profile, supplies, sync, health, suit, overview, power, thermal, docking, labs, stowage, experiments, "
          + "runs and results)",
      ])
    // What the unknown keys would have set is not set.
    #expect(partner.configuration.theme.screens[.dashboard]?[.heading] == nil)
    #expect(partner.configuration == (try decode(validPartner())).configuration)
  }

  @Test func aConfigurationWritesAndReadsBackTheSame() throws {
    let configuration = try decode(validPartner()).configuration
    let data = try JSONEncoder().encode(configuration)
    #expect(try PartnerFile.decode(data, file: "again.json").configuration == configuration)
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
