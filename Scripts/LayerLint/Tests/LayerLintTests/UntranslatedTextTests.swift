import Foundation
import Testing

@testable import LayerLintEngine
@testable import LayerLintManifestReader
@testable import LayerLintSwiftReader

/// `untranslated-text`: prose literals in modules with string tables, the exemptions and the
/// opt-outs, on the files of `Fixtures/TextCorpus/` (each marks the lines it expects reported).
@Suite struct UntranslatedTextTests {
  static let corpus = fixturePath("TextCorpus")
  static let corpusFiles = ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? [])
    .filter { $0.hasSuffix(".swift") }.sorted()

  /// The `untranslated-text` findings of the module `Kit` in `Core/Kit/` with the given sources (paths
  /// relative to its folder) and, when `tables` is set, `Strings/en.json` and `Strings/ru.json`.
  private func findings(
    _ sources: [String: String], tables: Bool = true, configuration: LayeringConfiguration = .withoutCoverage
  ) throws -> [Violation] {
    var files = Dictionary(uniqueKeysWithValues: sources.map { ("Core/Kit/\($0.key)", $0.value) })
    if tables {
      files["Core/Kit/Strings/en.json"] = #"{"quit": "Quit"}"#
      files["Core/Kit/Strings/ru.json"] = #"{"quit": "Выйти"}"#
    }
    let violations = try lint(
      [target("Kit", "Core/Kit", sources: sources.keys.sorted())], files: files, configuration: configuration)
    return violations.filter { $0.rule == .untranslatedText }
  }

  private func corpusFile(_ name: String) throws -> String {
    try String(contentsOfFile: "\(Self.corpus)/\(name)", encoding: .utf8)
  }

  /// The lines a corpus file marks: `// finding` at a line's end, `// finding below` above a line.
  private func markedLines(_ source: String) -> [Int] {
    var lines: [Int] = []
    for (index, line) in source.components(separatedBy: "\n").enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed == "// finding below" {
        lines.append(index + 2)
      } else if trimmed.hasSuffix("// finding") {
        lines.append(index + 1)
      }
    }
    return lines
  }

  @Test(arguments: corpusFiles)
  func theCorpusFindingsAreTheMarkedLines(file: String) throws {
    let source = try corpusFile(file)
    let violations = try findings([file: source])
    #expect(violations.map(\.line) == markedLines(source))
    #expect(violations.allSatisfy { $0.file == "Core/Kit/\(file)" && $0.source == "Kit" && $0.sourceLayer == "Core" })
  }

  @Test(arguments: corpusFiles)
  func theCorpusIsSwift(file: String) throws {
    let result = try ProcessRunner.run("swiftc", arguments: ["-parse", "\(Self.corpus)/\(file)"])
    #expect(result.status == 0, "\(file) does not parse: \(result.standardError)")
  }

  @Test func aFindingQuotesTheLiteralAndNamesTheTables() throws {
    let violations = try findings(["Literals.swift": try corpusFile("Literals.swift")])
    #expect(
      violations.map(\.message).first
        == "\"Main menu\" in Kit (Core) is text a person reads but not from Kit's string table. Fix: add a key to "
        + "Core/Kit/Strings/en.json and ru.json and use Strings.<key>, or mark a value that never changes with "
        + "// untranslated: <reason>")
    #expect(violations.contains { $0.problem.hasPrefix(#""Total: \(count) items" in Kit"#) })
    #expect(violations.contains { $0.problem.hasPrefix(#""Line one\nline two" in Kit"#) })
    let multiLine = try findings(["MultiLineAndRaw.swift": try corpusFile("MultiLineAndRaw.swift")])
    #expect(
      multiLine.first?.problem.hasPrefix(#""Usage: kit run let inner = "Not a literal of its own" // un…" in Kit"#)
        == true)
  }

  @Test func optOutsWithoutAReasonOrBelowTheCodeAreFindings() throws {
    let bare = try findings(["OptOuts.swift": try corpusFile("OptOuts.swift")])
    #expect(
      bare.first?.message
        == "\"// untranslated:\" in Kit (Core) gives no reason why the text never changes. Fix: write the reason "
        + "after the colon (// untranslated: <reason>), or add a key to Core/Kit/Strings/en.json and ru.json and "
        + "use Strings.<key>")
    let bareFile = try findings(["F.swift": try corpusFile("FileOptOutWithoutReason.swift")])
    #expect(
      bareFile.map(\.problem) == [#""// untranslated-file:" in Kit (Core) gives no reason why the text never changes"#])
    let misplaced = try findings(["F.swift": try corpusFile("FileOptOutMisplaced.swift")])
    #expect(
      misplaced.last?.message
        == "\"// untranslated-file:\" in Kit (Core) comes after the file's code (line 3), so it covers nothing. "
        + "Fix: move it to the file's first lines, above everything but imports, or use // untranslated: <reason> "
        + "on the lines it means")
  }

  @Test(arguments: [
    "Quit", "Supplies:", "USAGE:", "Show the version.", "a command is missing", "(did you mean it?)",
    "Ладно", "Подождите немного", "保存", "unknown command '{command}'", "Can't stop", "DEEP LINK:", "EXIT CODES",
    "Select a supply",
  ])
  func proseIsTwoWordsOrOneCapitalisedWord(text: String) {
    #expect(ProseDetector.isProse(text))
  }

  @Test(arguments: [
    "", "quit", "Ok", "--json", "-v", "/v1/supplies", "https://example.org/supplies?id=1", "help.usage",
    "cosmonaut.supplies.title", "userId", "CosmonautApp", "%d", "%.1f km", "{count}", "{count} {unit}",
    "item_id", "en_US", "42", "   ", "<path>", "x y", "Well-known", "$HOME", "#compdef", "\\(", "HOME", "UTC",
    "COMMIT", "BEGIN IMMEDIATE", "SELECT key FROM entities WHERE collection = ?", "PRAGMA user_version",
  ])
  func identifiersPathsFormatsAndKeysAreNotProse(text: String) {
    #expect(!ProseDetector.isProse(text))
  }

  @Test func exemptMethodsMatchTheLastWordOfTheReceiver() {
    #expect(ExemptCalls.lastWord(of: "auditLogger") == "logger")
    #expect(ExemptCalls.lastWord(of: "HTTPLogger") == "logger")
    #expect(ExemptCalls.lastWord(of: "APP_ANALYTICS") == "analytics")
    #expect(ExemptCalls.lastWord(of: "dialog") == "dialog")
    #expect(ExemptCalls.lastWord(of: "log_") == "log")
    let calls = ExemptCalls.standard
    #expect(calls.contains(name: "info", isMacro: false, isMember: true, receiver: "logger"))
    #expect(!calls.contains(name: "info", isMacro: false, isMember: true, receiver: "catalog"))
    #expect(!calls.contains(name: "error", isMacro: false, isMember: true, receiver: nil))
    #expect(calls.contains(name: "recordError", isMacro: false, isMember: true, receiver: "launch"))
    #expect(calls.contains(name: "fatalError", isMacro: false, isMember: true, receiver: "Swift"))
    #expect(!calls.contains(name: "fatalError", isMacro: false, isMember: true, receiver: "screen"))
    #expect(calls.contains(name: "warning", isMacro: true, isMember: false, receiver: nil))
  }

  @Test func onlyLayerModulesWithTablesAndOnlyWithTheRuleOn() throws {
    let prose = ["A.swift": "let title = \"Main menu\"\n"]
    #expect(try findings(prose, tables: false).isEmpty)
    var off = try LayeringConfiguration.parse(Data(#"{"rules": {"untranslated-text": false}}"#.utf8))
    #expect(!off.isEnabled(.untranslatedText) && off.isEnabled(.missingOwner))
    off.enabledRules.subtract([.missingOwner, .missingTests])
    #expect(try findings(prose, configuration: off).isEmpty)
    #expect(try findings(prose).count == 1)
    let violations = try lint(
      [
        target("Kit", "Core/Kit", sources: ["Kit.swift"]),
        target("KitTests", "Tests/KitTests", .test, dependsOn: ["Kit"], sources: ["KitTests.swift"]),
        target("Gen", "Scripts/Gen", .executable, sources: ["main.swift"]),
      ],
      files: [
        "Core/Kit/Kit.swift": "let key = \"menu.title\"\n", "Core/Kit/Strings/en.json": "{}",
        "Tests/KitTests/KitTests.swift": "let expected = \"Main menu\"\n", "Tests/KitTests/Strings/en.json": "{}",
        "Scripts/Gen/main.swift": "print(\"Generating the tables\")\n", "Scripts/Gen/Strings/en.json": "{}",
      ], configuration: .withoutCoverage)
    #expect(violations.isEmpty)
  }

  @Test func generatedFilesAreSkipped() throws {
    let generated = "// Generated by StringTableCompiler. Do not edit.\nlet quit = \"Quit\"\n"
    #expect(try findings(["Strings.generated.swift": "let quit = \"Quit\"\n", "G.swift": generated]).isEmpty)
  }

  @Test func theFilesFirstLinesAreCommentsBlankLinesAndImports() {
    #expect(
      TextScanner.scan("// a\n\n/* b\n c */\n@testable import X\npublic import Y\nlet z = 1\n").codeStartLine == 7)
    #expect(TextScanner.scan("import X\n").codeStartLine == 2)
    #expect(TextScanner.scan("/* a */ let z = 1\n").codeStartLine == 1)
    #expect(TextScanner.scan("\u{FEFF}// é\n\u{2003}import X\r\n\tlet z = 1\n").codeStartLine == 3)
    #expect(TextScanner.scan("\u{FEFF}// Généré — generated by a tool\nlet a = 1\n").isGenerated)
    #expect(!TextScanner.scan("\n\u{2003}\n let a = 1 // generated by\n").isGenerated)
  }

  @Test func thePrescanWhileDescribeRunsLexesTheTranslatedModulesAndFindsTheSame() throws {
    let files = [
      "Core/Kit/Kit.swift": "let title = \"Main menu\"\n", "Core/Kit/Strings/en.json": #"{"quit": "Quit"}"#,
      "Core/Kit/Strings/ru.json": #"{"quit": "Выйти"}"#, "Core/Plain/Plain.swift": "let title = \"Main menu\"\n",
    ]
    let package = try TemporaryPackage(files: files)
    let sources = SourceFiles(root: package.path)
    let prescan = SourcePrescan.start(files: sources, root: package.path, folders: ["Core"], texts: true).wait()
    #expect(prescan.texts.sorted() == ["Core/Kit/Kit.swift"])
    #expect(prescan.imports.sorted() == ["Core/Kit/Kit.swift", "Core/Plain/Plain.swift"])
    let manifest = PackageManifest(
      name: "T",
      targets: [
        target("Kit", "Core/Kit", sources: ["Kit.swift"]), target("Plain", "Core/Plain", sources: ["Plain.swift"]),
      ])
    let lexedHere = LayerLinter.lint(manifest: manifest, configuration: .withoutCoverage, packageRoot: package.path)
    let prescanned = LayerLinter.lint(
      manifest: manifest, configuration: .withoutCoverage, packageRoot: package.path, files: sources)
    #expect(prescanned.violations.map(\.message) == lexedHere.violations.map(\.message))
    #expect(prescanned.violations.map(\.file) == ["Core/Kit/Kit.swift"])
  }
}
