import Foundation
import TestHarness
import Testing

/// The StyleKeys and PartnerFiles plugins' tools, as the build runs them: the framework's schema made
/// into keys, the shipped partner files checked against every module's declarations, and a module's
/// declaration made into its constants; anything wrong fails the build with one line per problem.
@Suite struct CompilerTests {
  /// Whether this package has the PartnerFiles plugin, whose tool reads partner files and declarations:
  /// the modules above Shared use it, so an export of the lower layers alone has only the style keys.
  static let hasPartnerFiles = FileManager.default.fileExists(
    atPath: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Scripts/Plugins/PartnerFiles").path)

  /// The built tool named `name`, beside the test bundle.
  static func tool(_ name: String) -> URL? {
    let folders = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(), Bundle.main.bundleURL,
      Bundle.main.bundleURL.deletingLastPathComponent(),
    ]
    return folders.flatMap { [$0.appendingPathComponent("\(name)-tool"), $0.appendingPathComponent(name)] }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// Runs the partner-file tool (or the style-key tool, `keys`) with `arguments`; returns its status
  /// and standard error.
  func run(_ arguments: [String], keys: Bool = false) async throws -> (status: Int32, errors: String) {
    let name = keys ? "StyleKeyCompiler" : "PartnerFileCompiler"
    let tool = try #require(Self.tool(name), "the \(name) tool is built with the tests")
    let result = try await ChildProcess.run(tool, arguments)
    return (result.status, result.stderr)
  }

  /// Writes `text` as `name` in `folder`.
  func file(_ name: String, _ text: String, in folder: URL) throws -> String {
    let file = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file.path
  }

  /// The tool on the module of the mechanism: `schema`, the modules' `declarations` (module → text)
  /// and partner files `partners` (name → text), in a new folder.
  func compile(
    _ schema: String, declarations: [String: String] = [:], partners: [String: String] = [:]
  ) async throws -> (status: Int32, errors: String, keys: String, embedded: String) {
    let folder = try temporaryDirectory()
    let schemaFile = try file("schema.json", schema, in: folder)
    // The mechanism's module gets the keys; an app gets the partner files, checked against every declaration.
    let keys = try await run(["Example", schemaFile, folder.appendingPathComponent("Keys.swift").path], keys: true)
    var arguments = ["partners", "Example/Partners", schemaFile, folder.appendingPathComponent("Partners.swift").path]
    for (module, text) in declarations.sorted(by: { $0.key < $1.key }) {
      arguments += ["--declaration", "\(module)=" + (try file("\(module).json", text, in: folder))]
    }
    for (name, text) in partners { arguments.append(try file(name, text, in: folder)) }
    // A wrong schema fails the mechanism's build; the apps' builds would not get that far.
    let result = keys.status != 0 ? keys : try await run(arguments)
    return (
      result.status, result.errors,
      (try? String(contentsOf: folder.appendingPathComponent("Keys.swift"), encoding: .utf8)) ?? "",
      (try? String(contentsOf: folder.appendingPathComponent("Partners.swift"), encoding: .utf8)) ?? ""
    )
  }

  /// The tool on a module that declares `declaration`.
  func compileVocabulary(_ declaration: String) async throws -> (status: Int32, errors: String, source: String) {
    let folder = try temporaryDirectory()
    let output = folder.appendingPathComponent("Declared.swift")
    let result = try await run([
      "vocabulary", "Galley", try file("schema.json", schema, in: folder),
      try file("PartnerVocabulary.json", declaration, in: folder), output.path,
    ])
    return (result.status, result.errors, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
  }

  let schema = """
    { "elements": [ { "name": "title", "help": "A title.", "required": true, "default": { "foreground": "#0B3D91", "attributes": ["bold"] } },
                    { "name": "dim", "help": "Dim text.", "default": { "foreground": "default" } } ] }
    """

  let galley = """
    { "toggles": [ { "name": "hotMeals", "default": true, "help": "The galley serves \\"hot\\" meals." } ],
      "screens": [ { "name": "galley", "help": "The menu.", "elements": ["title"], "styles": { "title": { "background": "cyan" } } } ] }
    """

  @Test(.enabled(if: hasPartnerFiles, "the PartnerFiles plugin is not part of this package"))
  func theSchemaBecomesTypedKeysAndPartnerFilesAreEmbeddedAsTheyAre() async throws {
    let tricky = ##"""
      { "id": "asc", "name": "Say \"#hi\" \\ there\u0001",
        "theme": { "base": { "title": { "foreground": "cyan" } },
                   "screens": { "galley": { "title": { "attributes": ["bold"] } } } },
        "features": { "hotMeals": false },
        "analytics": { "providers": ["jsonLines", "console", "jsonLines"] } }
      """##
    let result = try await compile(schema, declarations: ["Galley": galley], partners: ["asc.json": tricky])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.keys.contains("public enum StyleElement: String, Sendable, Hashable, CaseIterable {"))
    #expect(result.keys.contains("  /// A title.\n  case title\n"))
    #expect(result.keys.contains("public static let framework = StyleSchema("))
    #expect(
      result.keys.contains(
        ".title: Element(style: TextStyle(foreground: .rgb(red: 11, green: 61, blue: 145), attributes: [.bold]), required: true)"
      ))
    #expect(result.keys.contains(".dim: Element(style: TextStyle(foreground: .named(.`default`)), required: false)"))
    #expect(!result.keys.contains("galley"), "the mechanism's keys name no module's screen")
    // The file's text is embedded byte for byte, in a raw string its own quotes and hashes cannot end.
    #expect(result.embedded.contains("\"asc\": ##\"\"\"\n\(tricky)\n\"\"\"##,"))
    // …and as the value it gives: toggles and screens by name (checked here against the
    // declarations), each provider once, strings escaped.
    #expect(result.embedded.contains(#"case "asc":  // Example/Partners/asc.json"#))
    #expect(result.embedded.contains(##"id: "asc", name: "Say \"#hi\" \\ there\u{1}","##))
    #expect(
      result.embedded.contains(
        "theme: PartnerTheme(base: [.title: TextStyle(foreground: .named(.`cyan`))], "
          + #"screens: [StyleScreen("galley"): [.title: TextStyle(attributes: [.bold])]]),"#))
    #expect(result.embedded.contains(#"features: FeatureToggles(["hotMeals": false]),"#))
    #expect(result.embedded.contains("analytics: AnalyticsSelection(providers: [.jsonLines, .console]))"))
    // What the package declares, for files read by path in apps that do not host every module.
    #expect(result.embedded.contains("static let declaredInPackage = PartnerVocabulary("))
    #expect(
      result.embedded.contains(#"FeatureToggle("hotMeals", default: true, help: "The galley serves \"hot\" meals."),"#))
    #expect(
      result.embedded.contains(
        #"StyleSchema.Screen(StyleScreen("galley"), elements: [.title], styles: [.title: TextStyle(background: .named(.`cyan`))]),"#
      ))
  }

  @Test(.enabled(if: hasPartnerFiles, "the PartnerFiles plugin is not part of this package"))
  func aDeclarationBecomesTheModulesConstantsAndVocabulary() async throws {
    let result = try await compileVocabulary(galley)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.source.contains("import PartnerConfiguration\n"))
    #expect(
      result.source.contains(
        """
          /// The galley serves "hot" meals. Default: on.
          public static let hotMeals = FeatureToggle("hotMeals", default: true, help: "The galley serves \\"hot\\" meals.")
        """))
    #expect(result.source.contains("  /// The menu.\n  public static let galley = StyleScreen(\"galley\")\n"))
    #expect(result.source.contains("  static let module = PartnerVocabulary(\n    toggles: [.hotMeals],"))
    #expect(
      result.source.contains(
        "StyleSchema.Screen(.galley, elements: [.title], styles: [.title: TextStyle(background: .named(.`cyan`))]),"))
  }

  @Test(.enabled(if: hasPartnerFiles, "the PartnerFiles plugin is not part of this package"))
  func aWrongPartnerFileFailsTheBuildWithOneLinePerProblem() async throws {
    let wrong = """
      { "id": "nasa", "name": " ", "colour": "red",
        "theme": { "base": { "dim": { "foreground": "#12" }, "titel": {} },
                   "screens": { "galley": { "dim": {} }, "settings": {} } },
        "features": { "hotMeals": 1, "background-sync": true, "coldMeals": false },
        "analytics": { "providers": "jsonLines" } }
      """
    let result = try await compile(
      schema, declarations: ["Galley": galley], partners: ["asc.json": wrong, "esa.json": "[]"])
    #expect(result.status == 1)
    #expect(
      result.errors.split(separator: "\n").sorted() == [
        "error: Example/Partners/asc.json: analytics.providers: expected a list of provider names",
        "error: Example/Partners/asc.json: colour: unknown key (known here: id, name, theme, features, analytics)",
        "error: Example/Partners/asc.json: features.background-sync: expected true or false",
        "error: Example/Partners/asc.json: features.coldMeals: no module of the package declares this toggle (declared: hotMeals)",
        "error: Example/Partners/asc.json: features.hotMeals: expected true or false",
        "error: Example/Partners/asc.json: id: expected \"asc\", the file's name",
        "error: Example/Partners/asc.json: name: expected the name people read, on one line",
        "error: Example/Partners/asc.json: theme.base.dim.foreground: \"#12\" is not a colour name or #RRGGBB",
        "error: Example/Partners/asc.json: theme.base.titel: not an element here (known here: title, dim)",
        "error: Example/Partners/asc.json: theme.base.title: missing (every partner styles it)",
        "error: Example/Partners/asc.json: theme.screens.galley.dim: not an element here (known here: title)",
        "error: Example/Partners/asc.json: theme.screens.settings: no module of the package declares this screen (declared: galley)",
        "error: Example/Partners/esa.json: expected a JSON object (a partner configuration)",
      ])
    #expect(result.embedded.isEmpty, "nothing is written (the mechanism's keys are another module's build)")
  }

  @Test(.enabled(if: hasPartnerFiles, "the PartnerFiles plugin is not part of this package"))
  func aPackageThatDeclaresNothingChecksPartnerFilesForTheirFormOnly() async throws {
    // The lower layers exported alone have no module that declares a vocabulary.
    let partner = """
      { "id": "asc", "name": "ASC", "theme": { "base": { "title": {} }, "screens": { "galley": { "dim": {} } } },
        "features": { "hotMeals": true }, "analytics": { "providers": [] } }
      """
    let result = try await compile(schema, partners: ["asc.json": partner])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.embedded.contains(#"features: FeatureToggles(["hotMeals": true]),"#))
    #expect(
      result.embedded.contains("static let declaredInPackage = PartnerVocabulary(\n    toggles: [],\n    screens: [])"))
  }

  @Test(.enabled(if: hasPartnerFiles, "the PartnerFiles plugin is not part of this package"))
  func aWrongDeclarationFailsTheBuildWithOneLinePerProblem() async throws {
    let wrong = """
      { "toggles": [ { "name": "hotMeals", "help": "" }, { "name": "default", "default": true, "help": "A keyword." },
                     { "name": "hotMeals", "default": false, "help": "Again." } ],
        "screens": [ { "name": "galley", "help": "The menu.", "elements": ["title", "titel"], "styles": { "dim": {} }, "colour": 1 } ],
        "routes": [] }
      """
    let result = try await compileVocabulary(wrong)
    #expect(result.status == 1)
    #expect(
      result.errors.split(separator: "\n").sorted() == [
        "error: Galley/PartnerVocabulary.json: routes: unknown key (known here: toggles, screens)",
        "error: Galley/PartnerVocabulary.json: screens.galley.colour: unknown key (known here: name, help, elements, styles)",
        "error: Galley/PartnerVocabulary.json: screens.galley.elements: \"titel\" is not an element of the framework (known: title, dim)",
        "error: Galley/PartnerVocabulary.json: screens.galley.styles.dim: not an element here (known here: title, titel)",
        "error: Galley/PartnerVocabulary.json: toggles.hotMeals.default: expected true or false (what it is when a partner says nothing)",
        "error: Galley/PartnerVocabulary.json: toggles.hotMeals.help: expected a text of one line",
        "error: Galley/PartnerVocabulary.json: toggles[1].name: expected a lowerCamelCase name that is not a Swift keyword or a member name",
        "error: Galley/PartnerVocabulary.json: toggles[2]: \"hotMeals\" is listed twice",
      ])
    #expect(result.source.isEmpty, "nothing is written")
  }

  @Test(.enabled(if: hasPartnerFiles, "the PartnerFiles plugin is not part of this package"))
  func aNameIsOneModulesAcrossThePackage() async throws {
    let result = try await compile(schema, declarations: ["Galley": galley, "Gym": galley])
    #expect(result.status == 1)
    #expect(
      result.errors.split(separator: "\n").sorted() == [
        "error: Gym/PartnerVocabulary.json: screens.galley: also declared by Galley/PartnerVocabulary.json; a name is one module's",
        "error: Gym/PartnerVocabulary.json: toggles.hotMeals: also declared by Galley/PartnerVocabulary.json; a name is one module's",
      ])
  }

  @Test func aWrongSchemaFailsTheBuildWithOneLinePerProblem() async throws {
    let wrong = """
      { "elements": [ { "name": "title", "help": "A title.", "default": { "foreground": "#12345", "italic": true } },
                      { "name": "case", "help": "A keyword.", "default": {} } ],
        "screens": [] }
      """
    // The mechanism's build fails on the schema alone: no app's build gets to its partner files.
    let result = try await compile(wrong, partners: ["NASA.json": "{}"])
    #expect(result.status == 1)
    #expect(
      result.errors.split(separator: "\n").sorted() == [
        "error: Example/Styles/schema.json: elements.title.default.foreground: \"#12345\" is not a colour name or #RRGGBB",
        "error: Example/Styles/schema.json: elements.title.default.italic: unknown key (a style has foreground, background, attributes)",
        "error: Example/Styles/schema.json: elements[1].name: expected a lowerCamelCase name that is not a Swift keyword or a member name",
        "error: Example/Styles/schema.json: screens: unknown key (the schema has the framework's elements; screens are "
          + "declared by the modules that draw them, in their partner vocabulary)",
      ])
    #expect(result.keys.isEmpty && result.embedded.isEmpty, "nothing is written")
  }
}
