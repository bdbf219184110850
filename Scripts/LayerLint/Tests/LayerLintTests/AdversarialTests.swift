import Foundation
import Testing

@testable import LayerLintEngine
@testable import LayerLintManifestReader
@testable import LayerLintSwiftReader
@testable import LayerLintWorkspaceTools

/// Attempts to fool or break the lint, the factory and the graph; each test pins one attack.
@Suite struct AdversarialTests {
  private func modules(_ source: String) -> [String] { ImportScanner.imports(in: source).map(\.module) }

  private func modules(bytes: [UInt8]) -> [ImportDeclaration] {
    bytes.withUnsafeBufferPointer { ImportScanner.imports(in: $0) }
  }

  // MARK: Lexer

  @Test func rawStringWithEmbeddedDelimiterLookalikes() {
    let source = ###"""
      let a = ##"contains "# and "#import Fake"# still inside"##
      import Real
      """###
    #expect(modules(source) == ["Real"])
  }

  @Test func nestedCommentHidesImport() {
    #expect(modules("/* /* nested */ still comment\nimport X */\nimport Y\n") == ["Y"])
  }

  @Test func interpolationContainingStringsAndMultilineStrings() {
    let source = ###"""
      let a = "\(foo("import X"))"
      let b = """
        \(bar("""
        import Y
        """))
        """
      import Z
      """###
    #expect(modules(source) == ["Z"])
  }

  @Test func trailingCommentAndSemicolonsAndIdentifiersThatLookLikeImport() {
    let source = "import A // import B\nimport C; import D\nlet importantThing = 1\nx.import(1)\nimportX()\n"
    #expect(modules(source) == ["A", "C", "D"])
  }

  @Test func byteOrderMarkBeforeTheFirstImport() {
    #expect(
      modules(bytes: [0xEF, 0xBB, 0xBF] + Array("import A\nimport B\n".utf8)) == [
        ImportDeclaration(module: "A", line: 1), ImportDeclaration(module: "B", line: 2),
      ])
  }

  @Test func crlfAndBareCarriageReturnLineEndings() {
    #expect(ImportScanner.imports(in: "import A\r\n// c\r\nimport B\r\n").map(\.line) == [1, 3])
    #expect(
      ImportScanner.imports(in: "import A\r// import Hidden\rimport B\r") == [
        ImportDeclaration(module: "A", line: 1), ImportDeclaration(module: "B", line: 3),
      ])
  }

  @Test func nonUTF8BytesDoNotDerailTheLexer() {
    let bytes = Array("let s = \"".utf8) + [0xFF, 0xFE, 0xC3] + Array("\"\n/* \u{00e9} */ import A\n".utf8)
    #expect(modules(bytes: bytes).map(\.module) == ["A"])
  }

  @Test func formFeedAndVerticalTabAreWhitespace() {
    #expect(modules("import\u{0C}A\n\u{0B}import B\n") == ["A", "B"])
  }

  @Test func backtickedAndAttributedAndConditional() {
    let source = """
      import `X`
      @_implementationOnly import Y
      #if canImport(Z)
      @testable internal import class Z.Thing
      #endif
      """
    #expect(
      ImportScanner.imports(in: source) == [
        ImportDeclaration(module: "X", line: 1), ImportDeclaration(module: "Y", line: 2),
        ImportDeclaration(module: "Z", line: 4, branches: [ConditionalBranch(condition: "canImport(Z)")]),
      ])
  }

  @Test func bareSlashRegexLiteralsDoNotOpenCommentsOrStrings() {
    let source = #"""
      let slashes = /\/*/
      let quotes = /"""/
      let plain = /a"b/
      import A
      let ratio = total / count
      /* comment */ import B
      """#
    #expect(modules(source) == ["A", "B"])
  }

  // MARK: Rules

  private let noCoverage = LayeringConfiguration.withoutCoverage

  private func summary(_ violations: [Violation]) -> Set<String> {
    Set(violations.map { "\($0.rule.rawValue) \($0.source)->\($0.target ?? "")" })
  }

  @Test func unreadableSourceFailsTheRunInsteadOfHidingImports() throws {
    let package = try TemporaryPackage(files: ["Core/Net/Net.swift": "import Shared\n"])
    let manifest = PackageManifest(
      name: "T", targets: [target("Net", "Core/Net", sources: ["Net.swift", "Gone.swift"])])
    let report = LayerLinter.lint(manifest: manifest, configuration: noCoverage, packageRoot: package.path)
    #expect(report.unreadableFiles == ["Core/Net/Gone.swift"])
    let captured = CapturedConsole()
    let status = LintCommand(console: captured.console, describe: { _ in manifest }).run([
      "--package-path", package.path,
    ])
    #expect(status == ExitCode.cannotRun)
    #expect(captured.standardError == "lint-layers: cannot read 1 source file: Core/Net/Gone.swift (not readable)\n")
  }

  @Test func layerModulesMayNotDependOnTestSupport() throws {
    var configuration = noCoverage
    configuration.testSupportModules = ["TestKit"]
    let violations = try lint(
      [
        target("Net", "Core/Net", dependsOn: ["TestKit"], sources: ["Net.swift"]),
        target("Log", "Shared/Log", sources: ["Log.swift"]),
        target("TestKit", "Tests/TestKit"),
        target("NetTests", "Tests/NetTests", .test, dependsOn: ["Net", "TestKit"], sources: ["T.swift"]),
      ],
      files: [
        "Core/Net/Net.swift": "import TestKit\n", "Log/Log.swift": "", "Shared/Log/Log.swift": "import TestKit\n",
        "Tests/NetTests/T.swift": "import Net\nimport TestKit\n",
      ], configuration: configuration)
    #expect(summary(violations) == ["tooling-dependency Net->TestKit", "undeclared-import Log->TestKit"])
    let undeclared = try #require(violations.first { $0.rule == .undeclaredImport })
    #expect(undeclared.fix.hasPrefix("remove the import"))
  }

  @Test func cycleThroughAnInterfaceModule() throws {
    let violations = try lint(
      [
        target("Feature", "Domain/Feature", dependsOn: ["FeatureInterface"]),
        target("FeatureInterface", "Domain/FeatureInterface", dependsOn: ["Feature"]),
      ], configuration: noCoverage)
    #expect(summary(violations).contains("interface-direction FeatureInterface->Feature"))
    #expect(violations.contains { $0.rule == .cycle && $0.problem.contains("Feature -> FeatureInterface -> Feature") })
  }

  @Test func sidewaysDependencyOnlyInTheTestTarget() throws {
    let violations = try lint(
      [
        target("Radio", "Core/Radio"), target("Net", "Core/Net"),
        target("NetTests", "Tests/NetTests", .test, dependsOn: ["Net", "Radio"], sources: ["T.swift"]),
      ], files: ["Tests/NetTests/T.swift": "@testable import Net\n@testable import Radio\n"],
      configuration: noCoverage)
    #expect(summary(violations) == ["test-import NetTests->Radio"])
    #expect(violations.count == 2)  // the manifest entry and the import
  }

  @Test func nestedFoldersCustomPathsAndLookalikeFolders() throws {
    let violations = try lint(
      [
        target("Deep", "Core/Sub/Deep", dependsOn: ["Top"]), target("Top", "App/Top", .executable),
        target("Stray", "Sources/Stray"), target("Lookalike", "CoreExtras/Lookalike"),
        target("Root", ""),
      ], configuration: noCoverage)
    #expect(
      summary(violations) == [
        "layer-direction Deep->Top", "unknown-layer Stray->", "unknown-layer Lookalike->", "unknown-layer Root->",
      ])
  }

  // MARK: Configuration, baseline, output

  @Test(arguments: [
    #"{"interfaceSuffix": ""}"#, #"{"testFolder": ""}"#, #"{"ownersFile": ""}"#, #"{"toolingFolders": ["Core"]}"#,
    #"{"toolingFolders": [""]}"#, #"{"layers": [{"name": "Core", "folder": ""}]}"#, #"{"testFolder": "Core"}"#,
    #"{"layers": ["App", {"name": "Core", "folder": "App/Core"}]}"#,
  ])
  func configurationThatWouldSilenceRulesIsRefused(json: String) {
    #expect(throws: ConfigurationError.self) { try LayeringConfiguration.parse(Data(json.utf8)) }
  }

  @Test(arguments: [
    #"[{"rule": "sideways", "source": "A", "taget": "B", "reason": "typo widens the entry"}]"#,
    #"[{"rule": "sideways", "source": "A", "target": 3, "reason": "wrong type"}]"#,
    #"[{"rule": "sideways", "source": "A", "reason": 42}]"#,
    #"[{"rule": "stale-baseline", "source": "A", "reason": "tolerating staleness"}]"#,
  ])
  func baselineEntriesThatWouldToleratelTooMuchAreRefused(json: String) {
    #expect(throws: ConfigurationError.self) { try Baseline.parse(Data(json.utf8), displayPath: "b.json") }
  }

  @Test func githubAnnotationsEscapeDataAndProperties() {
    let violation = Violation(
      rule: .undeclaredImport, file: "Odd,dir:1/100%.swift", line: 3, source: "A", sourceLayer: "Core",
      problem: "50% of\nlines, with: colons\r", fix: "edit")
    let output = ReportFormatter(
      format: .github, violations: [violation], moduleCount: 1, fileCount: 1, toleratedCount: 0
    ).render()
    #expect(
      output.hasPrefix(
        "::error file=Odd%2Cdir%3A1/100%25.swift,line=3,title=[undeclared-import]::A (Core): 50%25 of%0Alines, with: colons%0D. Fix: edit\n"
      ))
    #expect(output.split(separator: "\n").count == 2)
  }
}

extension AdversarialTests {
  @Test func ownersMustBeWellFormed() {
    #expect(
      ModulePlan.isOwner("@iss/platform") && ModulePlan.isOwner("@alice") && ModulePlan.isOwner("ops@iss.example"))
    for bad in ["@iss/", "@/team", "@iss/a/b", "ops@", "@iss/suit team", "nobody", "a@b@c.d"] {
      #expect(!ModulePlan.isOwner(bad), "\(bad)")
    }
  }
}
