import Foundation
import TestHarness
import Testing

/// The PartnerFiles plugin's tool, as the build runs it: a wrong schema or partner file name fails
/// the build with one line per problem.
@Suite struct CompilerTests {
  /// The built tool, beside the test bundle.
  static let tool: URL? = {
    let folders = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(), Bundle.main.bundleURL,
      Bundle.main.bundleURL.deletingLastPathComponent(),
    ]
    return folders.flatMap {
      [$0.appendingPathComponent("PartnerFileCompiler-tool"), $0.appendingPathComponent("PartnerFileCompiler")]
    }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  /// Runs the tool on `schema` and partner files `partners` (name → text) in a new folder.
  func compile(
    _ schema: String, partners: [String: String] = [:]
  ) async throws -> (status: Int32, errors: String, keys: String, embedded: String) {
    let folder = try temporaryDirectory()
    let schemaFile = folder.appendingPathComponent("schema.json")
    try Data(schema.utf8).write(to: schemaFile)
    var files: [String] = []
    for (name, text) in partners {
      let file = folder.appendingPathComponent(name)
      try Data(text.utf8).write(to: file)
      files.append(file.path)
    }
    let (keys, embedded) = (
      folder.appendingPathComponent("Keys.swift"), folder.appendingPathComponent("Partners.swift")
    )
    let tool = try #require(Self.tool, "the PartnerFileCompiler tool is built with the tests")
    let result = try await ChildProcess.run(tool, ["Example", schemaFile.path, keys.path, embedded.path] + files)
    return (
      result.status, result.stderr, (try? String(contentsOf: keys, encoding: .utf8)) ?? "",
      (try? String(contentsOf: embedded, encoding: .utf8)) ?? ""
    )
  }

  let schema = """
    { "elements": [ { "name": "title", "help": "A title.", "required": true, "default": { "foreground": "#0B3D91", "attributes": ["bold"] } },
                    { "name": "dim", "help": "Dim text.", "default": { "foreground": "default" } } ],
      "screens": [ { "name": "mainMenu", "help": "The menu.", "elements": ["title"], "styles": { "title": { "background": "cyan" } } } ] }
    """

  @Test func aSchemaBecomesTypedKeysAndPartnerFilesAreEmbeddedAsTheyAre() async throws {
    let tricky = ##"""
      { "id": "asc", "name": "Say \"#hi\" \\ there\u0001",
        "theme": { "base": { "title": { "foreground": "cyan" } },
                   "screens": { "mainMenu": { "title": { "attributes": ["bold"] } } } },
        "features": { "offlineMode": true, "backgroundSync": false },
        "analytics": { "providers": ["jsonLines", "console", "jsonLines"] } }
      """##
    let result = try await compile(schema, partners: ["asc.json": tricky])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.keys.contains("public enum StyleElement: String, Sendable, Hashable, CaseIterable {"))
    #expect(result.keys.contains("  /// A title.\n  case title\n"))
    #expect(result.keys.contains("  case mainMenu\n"))
    #expect(
      result.keys.contains(
        ".title: Element(style: TextStyle(foreground: .rgb(red: 11, green: 61, blue: 145), attributes: [.bold]), required: true)"
      ))
    #expect(result.keys.contains(".dim: Element(style: TextStyle(foreground: .named(.`default`)), required: false)"))
    #expect(
      result.keys.contains(
        ".mainMenu: Screen(elements: [.title], styles: [.title: TextStyle(background: .named(.`cyan`))])"))
    // The file's text is embedded byte for byte, in a raw string its own quotes and hashes cannot end.
    #expect(result.embedded.contains("\"asc\": ##\"\"\"\n\(tricky)\n\"\"\"##,"))
    // …and as the value it gives: the toggles as arguments in alphabetical order (the Swift build
    // refuses one missing, unknown or misspelt), each provider once, strings escaped.
    #expect(result.embedded.contains(#"case "asc":  // Example/Partners/asc.json"#))
    #expect(result.embedded.contains(##"id: "asc", name: "Say \"#hi\" \\ there\u{1}","##))
    #expect(
      result.embedded.contains(
        "theme: PartnerTheme(base: [.title: TextStyle(foreground: .named(.`cyan`))], "
          + "screens: [.mainMenu: [.title: TextStyle(attributes: [.bold])]]),"))
    #expect(result.embedded.contains("features: .compiled(backgroundSync: false, offlineMode: true),"))
    #expect(result.embedded.contains("analytics: AnalyticsSelection(providers: [.jsonLines, .console]))"))
  }

  @Test func aWrongPartnerFileFailsTheBuildWithOneLinePerProblem() async throws {
    let wrong = """
      { "id": "nasa", "name": " ", "colour": "red",
        "theme": { "base": { "dim": { "foreground": "#12" }, "titel": {} },
                   "screens": { "mainMenu": { "dim": {} }, "settings": {} } },
        "features": { "offlineMode": 1, "background-sync": true },
        "analytics": { "providers": "jsonLines" } }
      """
    let result = try await compile(schema, partners: ["asc.json": wrong, "esa.json": "[]"])
    #expect(result.status == 1)
    #expect(
      result.errors.split(separator: "\n").sorted() == [
        "error: Example/Partners/asc.json: analytics.providers: expected a list of provider names",
        "error: Example/Partners/asc.json: colour: unknown key (known here: id, name, theme, features, analytics)",
        "error: Example/Partners/asc.json: features.background-sync: expected true or false",
        "error: Example/Partners/asc.json: features.offlineMode: expected true or false",
        "error: Example/Partners/asc.json: id: expected \"asc\", the file's name",
        "error: Example/Partners/asc.json: name: expected the name people read, on one line",
        "error: Example/Partners/asc.json: theme.base.dim.foreground: \"#12\" is not a colour name or #RRGGBB",
        "error: Example/Partners/asc.json: theme.base.titel: not an element here (known here: title, dim)",
        "error: Example/Partners/asc.json: theme.base.title: missing (every partner styles it)",
        "error: Example/Partners/asc.json: theme.screens.mainMenu.dim: not an element here (known here: title)",
        "error: Example/Partners/asc.json: theme.screens.settings: not a screen of the schema",
        "error: Example/Partners/esa.json: expected a JSON object (a partner configuration)",
      ])
    #expect(result.keys.isEmpty && result.embedded.isEmpty, "nothing is written")
  }

  @Test func aWrongSchemaFailsTheBuildWithOneLinePerProblem() async throws {
    let wrong = """
      { "elements": [ { "name": "title", "help": "A title.", "default": { "foreground": "#12345", "italic": true } },
                      { "name": "case", "help": "A keyword.", "default": {} } ],
        "screens": [ { "name": "mainMenu", "help": "The menu.", "elements": ["title", "titel"] } ],
        "colours": {} }
      """
    let result = try await compile(wrong, partners: ["NASA.json": "{}"])
    #expect(result.status == 1)
    #expect(
      result.errors.split(separator: "\n").sorted() == [
        "error: Example/Partners/NASA.json: a partner file is named by its id: lowercase letters, digits and hyphens",
        "error: Example/Styles/schema.json: colours: unknown key (the schema has elements and screens)",
        "error: Example/Styles/schema.json: elements.title.default.foreground: \"#12345\" is not a colour name or #RRGGBB",
        "error: Example/Styles/schema.json: elements.title.default.italic: unknown key (a style has foreground, background, attributes)",
        "error: Example/Styles/schema.json: elements[1].name: expected a lowerCamelCase name that is not a Swift keyword",
        "error: Example/Styles/schema.json: screens.mainMenu.elements: \"titel\" is not an element of the schema",
      ])
    #expect(result.keys.isEmpty && result.embedded.isEmpty, "nothing is written")
  }
}
