import Foundation
import Testing

@testable import LayerLintEngine
@testable import LayerLintFixer
@testable import LayerLintManifestReader
@testable import LayerLintSwiftReader

/// The edges the lint once got wrong: derived module names, module maps, the lexer's regex and raw
/// string rules, `#if` conditions, the summary's counts, and `--fix`.
@Suite struct SharperLintTests {
  private let noCoverage = LayeringConfiguration.withoutCoverage

  private func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
    let captured = CapturedConsole()
    let status = LintCommand(console: captured.console).run(arguments)
    return (status, captured.standardOutput, captured.standardError)
  }

  // MARK: Module names

  @Test(arguments: [("my-lib", "my_lib"), ("Plain", "Plain"), ("2d-graphics", "_2d_graphics"), ("a.b c", "a_b_c")])
  func moduleNamesAreDerivedLikeSwiftPM(target: String, module: String) {
    #expect(ManifestTarget.c99Name(target) == module)
  }

  @Test func anImportByTheDerivedModuleNameIsChecked() throws {
    let violations = try lint(
      [
        target("my-lib", "Core/my-lib"), target("Feature", "Domain/Feature", sources: ["F.swift"]),
        target("Declared", "Domain/Declared", dependsOn: ["my-lib"], sources: ["D.swift"]),
      ],
      files: ["Domain/Feature/F.swift": "import my_lib\n", "Domain/Declared/D.swift": "import my_lib\n"],
      configuration: noCoverage)
    #expect(violations.map { "\($0.source)->\($0.target ?? "")" } == ["Feature->my-lib"])
    #expect(violations.first?.problem.hasPrefix("imports my_lib (target my-lib) without declaring it") == true)
    #expect(violations.first?.fix == "add \"my-lib\" to Feature's dependencies in Package.swift")
  }

  @Test func moduleMapsDeclareTheirModules() {
    let text = """
      // module Commented {
      /* module Blocked { } */
      module sqlite_shim [system] [extern_c] {
        header "shim.h"
        explicit module Inner { header "inner.h" }
        link "sqlite3"
        export *
      }
      framework module Framed { umbrella header "F.h" }
      extern module Remote "other/module.modulemap"
      """
    #expect(ModuleMap.declaredModules(in: text) == ["sqlite_shim", "Framed", "Remote"])
  }

  @Test func aSystemLibraryIsCheckedUnderTheNameItsModuleMapDeclares() throws {
    let violations = try lint(
      [
        target("CShim", "Core/CShim", .systemLibrary), target("Store", "Core/Store", sources: ["S.swift"]),
        target("Fine", "Core/Fine", dependsOn: ["CShim"], sources: ["F.swift"]),
      ],
      files: [
        "Core/CShim/module.modulemap": "module sqlite_shim [system] {\n  header \"s.h\"\n}\n",
        "Core/Store/S.swift": "import sqlite_shim\nimport CShim\n", "Core/Fine/F.swift": "import sqlite_shim\n",
      ], configuration: noCoverage)
    #expect(
      violations.map { "\($0.source)->\($0.target ?? "") line \($0.line)" } == [
        "Store->CShim line 1", "Store->CShim line 2",
      ])
  }

  // MARK: Lexer

  @Test func divisionAfterAPostfixBangStartsNoRegex() {
    let source = "let y = (x!/2)\nimport Hidden\nlet z = (a?.b!/3) + 1\nimport Later\n"
    #expect(ImportScanner.imports(in: source).map(\.module) == ["Hidden", "Later"])
  }

  @Test func aPrefixOperatorBeforeARegexStillStartsTheRegex() {
    #expect(
      ImportScanner.imports(in: "let n = (!/import X/.wholeMatch(in: s).isEmpty)\nimport Y\n").map(\.module) == ["Y"])
  }

  @Test func aOneLineRawStringHoldingAQuoteIsNoMultiLineString() {
    let source = ###"""
      let quote = #"""#
      import AfterQuote
      let two = ##"""##
      import AfterTwo
      let multi = #"""
        "# is not the end
        import Inside
        """#
      import AfterMulti
      """###
    #expect(ImportScanner.imports(in: source).map(\.module) == ["AfterQuote", "AfterTwo", "AfterMulti"])
  }

  // MARK: #if conditions

  @Test(arguments: [
    ("DEBUG", BuildCondition.flag("DEBUG")),
    ("!A && (B || os(Linux))", .and(.not(.flag("A")), .or(.flag("B"), .call(name: "os", argument: "Linux")))),
    ("compiler(>=5.9)", .call(name: "compiler", argument: ">=5.9")),
    ("true || false", .or(.literal(true), .literal(false))),
    ("canImport(A.B, _version: 2)", .call(name: "canImport", argument: "A.B, _version: 2")),
  ])
  func conditionsParse(text: String, condition: BuildCondition) {
    #expect(BuildCondition.parse(text) == condition)
  }

  @Test func unparsableConditionsAreAssumedPossible() {
    #expect(BuildCondition.parse("A &&") == nil)
    let evaluation = BuildEnvironment().evaluate([ConditionalBranch(condition: "A &&")])
    #expect(evaluation.truth == .maybe && evaluation.assumptions == ["cannot read `A &&`, assumed it may hold"])
  }

  @Test func conditionsAreEvaluatedWithWhatTheManifestDetermines() throws {
    let source = """
      #if FLAG_ON
      import Defined
      #endif
      #if FLAG_OFF
      import NeverSet
      #elseif os(Linux)
      import Platform
      #else
      import OtherPlatforms
      #endif
      #if DEBUG
      import DebugOnly
      #endif
      #if !DEBUG && !FLAG_OFF
      import ReleaseOnly
      #endif
      #if false
      import Dead
      #elseif true
      import Live
      #else
      import DeadToo
      #endif
      #if compiler(<5.9)
      import OldCompiler
      #endif
      #if CONDITIONAL
      import MaybeDefined
      #endif
      """
    let modules = [
      "Defined", "NeverSet", "Platform", "OtherPlatforms", "DebugOnly", "ReleaseOnly", "Dead", "Live", "DeadToo",
      "OldCompiler", "MaybeDefined",
    ]
    let package = try TemporaryPackage(files: ["Domain/Feature/F.swift": source])
    let manifest = PackageManifest(
      name: "T",
      targets: [target("Feature", "Domain/Feature", sources: ["F.swift"])] + modules.map { target($0, "Shared/\($0)") },
      toolsVersion: [6, 0])
    let report = LayerLinter.lint(
      manifest: manifest, configuration: noCoverage, packageRoot: package.path,
      flags: TargetFlags(["Feature": ["FLAG_ON": .yes, "CONDITIONAL": .maybe]]))
    #expect(
      report.violations.compactMap(\.target) == [
        "Defined", "Platform", "OtherPlatforms", "DebugOnly", "ReleaseOnly", "Live", "MaybeDefined",
      ])
    #expect(report.notes.map(\.target) == ["NeverSet", "Dead", "DeadToo", "OldCompiler"])
    let platform = try #require(report.violations.first { $0.target == "Platform" })
    #expect(
      platform.problem.hasSuffix(
        "(under #elseif os(Linux) (not FLAG_OFF), which a build may compile: FLAG_OFF is not defined for this target by the manifest, assumed unset; os(Linux) depends on the platform, assumed it may hold)"
      ))
    let defined = try #require(report.violations.first { $0.target == "Defined" })
    #expect(defined.problem.hasSuffix("(under #if FLAG_ON, which every build compiles)"))
    #expect(
      report.notes.first?.message
        == "Feature -> NeverSet: import NeverSet skipped: no build compiles #if FLAG_OFF (FLAG_OFF is not defined for this target by the manifest, assumed unset)"
    )
  }

  @Test func unreadableSettingsMakeEveryFlagPossible() throws {
    let package = try TemporaryPackage(files: ["Domain/Feature/F.swift": "#if SOME_FLAG\nimport Base\n#endif\n"])
    let manifest = PackageManifest(
      name: "T", targets: [target("Feature", "Domain/Feature", sources: ["F.swift"]), target("Base", "Shared/Base")])
    let report = LayerLinter.lint(
      manifest: manifest, configuration: noCoverage, packageRoot: package.path, flags: TargetFlags(load: { nil }))
    #expect(report.violations.map(\.target) == ["Base"])
    #expect(report.violations.first?.problem.contains("the manifest's settings could not be read") == true)
  }

  @Test func flagsAreReadFromDumpPackageSettings() throws {
    let json = """
      {"targets": [{"name": "A", "settings": [
        {"tool": "swift", "kind": {"define": {"_0": "ON"}}},
        {"tool": "swift", "kind": {"define": {"_0": "SOMETIMES"}}, "condition": {"config": "debug"}},
        {"tool": "c", "kind": {"define": {"_0": "C_ONLY"}}},
        {"tool": "swift", "kind": {"unsafeFlags": {"_0": ["-DUNSAFE", "-D", "SPLIT", "-Onone"]}}}]},
        {"name": "B"}]}
      """
    let settings = try #require(PackageSettings.parse(dumpPackage: Data(json.utf8)))
    #expect(settings.flags(of: "A", traits: []) == ["ON": .yes, "SOMETIMES": .maybe, "UNSAFE": .yes, "SPLIT": .yes])
    #expect(settings.flags(of: "B", traits: []) == [:])
  }

  // MARK: End to end on the Edges fixture (real describe and dump-package)

  @Test func edgesFixtureEndToEnd() {
    let result = run(["--package-path", fixturePath("Edges")])
    #expect(result.status == 1)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "Sources/Consumer/Consumer.swift:2: error: [undeclared-import] Consumer -> my-lib: imports my_lib (target my-lib) without declaring it as a direct dependency. Fix: add \"my-lib\" to Consumer's dependencies in Package.swift",
        "Sources/Consumer/Consumer.swift:3: error: [undeclared-import] Consumer -> Sys: imports sqlite_shim (target Sys) without declaring it as a direct dependency. Fix: add \"Sys\" to Consumer's dependencies in Package.swift",
        "Sources/Flags/Flags.swift:3: error: [undeclared-import] Flags -> my-lib: imports my_lib (target my-lib) without declaring it as a direct dependency (under #if FLAG_ON, which every build compiles). Fix: add \"my-lib\" to Flags's dependencies in Package.swift",
        "Sources/Flags/Flags.swift:6: note: [undeclared-import] Flags -> Sys: import Sys skipped: no build compiles #if FLAG_OFF (FLAG_OFF is not defined for this target by the manifest, assumed unset)",
        "Sources/Flags/Flags.swift:8: error: [undeclared-import] Flags -> Sys: imports sqlite_shim (target Sys) without declaring it as a direct dependency (under #elseif ONLY_LINUX (not FLAG_OFF), which a build may compile: FLAG_OFF is not defined for this target by the manifest, assumed unset; ONLY_LINUX is defined under a condition, assumed it may be set). Fix: add \"Sys\" to Flags's dependencies in Package.swift",
        "Sources/Flags/Flags.swift:11: note: [undeclared-import] Flags -> Consumer: import Consumer skipped: no build compiles #if false",
        "lint-layers: 4 violations in 2 targets — 5 modules, 4 files scanned; 2 imports under #if skipped (see the notes)",
      ])
  }

  // MARK: Counts

  @Test func textAndJSONCountTheSameModules() throws {
    for fixture in ["Layered", "Clean", "Plain", "Edges"] {
      let text = run(["--package-path", fixturePath(fixture)]).output
      let json = run(["--package-path", fixturePath(fixture), "--format", "json"]).output
      let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      let modules = try #require(object["modules"] as? Int)
      let files = try #require(object["files"] as? Int)
      #expect(text.contains(" \(modules) modules, \(files) files"), "\(fixture): \(text)")
      #expect(object["summary"] as? String == text.split(separator: "\n").last.map(String.init))
    }
  }

  // MARK: --fix

  @Test func fixDeclaresAllowedDependenciesInTheWorkspaceStyle() throws {
    let package = try TemporaryPackage(copying: fixturePath("Styled"))
    let before = try #require(package.read("Package.swift"))
    let result = run(["--package-path", package.path, "--fix"])
    let after = try #require(package.read("Package.swift"))
    #expect(result.status == 1)  // Store -> Feature points upward: not fixable, still reported.
    // FeatureTests imports Log too: Feature's new dependency covers it (a test target gets its module's).
    #expect(after.contains("  .library(\"Feature\", dependsOn: [\"Store\", \"Log\"]),\n"))
    #expect(after.contains("  .library(\"Store\", dependsOn: [], testsUse: [\"Log\"]),\n"))
    #expect(result.output.contains("lint-layers --fix: Package.swift:13: added \"Log\" to Feature's dependencies\n"))
    #expect(
      result.output.contains(
        "lint-layers --fix: Package.swift:18: added \"Log\" to Store's testsUse (for StoreTests)\n"))
    // The explicit test target's entry is not in the one-line style: the exact edit is printed, not made.
    #expect(
      result.output.contains(
        """
        -  .testTarget(name: "ToolSmokeTests", dependencies: ["Tool"], path: "Tests/ToolSmokeTests")
        +  .testTarget(name: "ToolSmokeTests", dependencies: ["Tool", "Log"], path: "Tests/ToolSmokeTests")
        """))
    #expect(after.contains(#".testTarget(name: "ToolSmokeTests", dependencies: ["Tool"], path:"#))
    let remaining = result.output.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(remaining.count == 2)
    #expect(remaining.contains { $0.contains("Store (Core) -> Feature (Domain)") })
    #expect(before != after)
  }

  @Test func fixLeavesAManifestItCannotEditSafelyAndPrintsTheEdit() throws {
    let package = try TemporaryPackage(copying: fixturePath("Plain"))
    let before = try #require(package.read("Package.swift"))
    let result = run(["--package-path", package.path, "--fix"])
    #expect(result.status == 1)
    #expect(package.read("Package.swift") == before)
    #expect(
      result.output.contains(
        """
        lint-layers --fix: Package.swift:8: cannot edit this manifest safely; add "Beta" to Alpha's dependencies by hand:
        -    .target(name: "Alpha", dependencies: ["Gamma"]),
        +    .target(name: "Alpha", dependencies: ["Gamma", "Beta"]),
        """))
    #expect(
      result.output.contains(
        """
        -    .testTarget(name: "AlphaTests", dependencies: ["Alpha"]),
        +    .testTarget(name: "AlphaTests", dependencies: ["Alpha", "Beta"]),
        """))
  }

  @Test func onlyEdgesTheLayeringRuleAllowsAreFixable() throws {
    let violations = try lint(
      [
        target("Store", "Core/Store", sources: ["S.swift"]), target("Feature", "Domain/Feature"),
        target("Log", "Shared/Log"),
      ], files: ["Core/Store/S.swift": "import Feature\nimport Log\n"], configuration: noCoverage)
    #expect(violations.map(\.missingDependency) == [nil, MissingDependency(target: "Store", dependency: "Log")])
  }

  @Test func theFixerEditsOnlyItsOwnStyleOfEntry() {
    let manifest = """
      let core: [Module] = [
        .library("Store", dependsOn: []),
        .library("Cache", dependsOn: ["Store"], testsUse: ["Log"]),
      ]
      """
    let fixer = DependencyFixer(manifestText: manifest) { $0 == "CacheTests" ? "Cache" : nil }
    let plan = fixer.plan([
      MissingDependency(target: "Store", dependency: "Log"), MissingDependency(target: "Store", dependency: "Log"),
      MissingDependency(target: "CacheTests", dependency: "Clock"),
      MissingDependency(target: "Elsewhere", dependency: "Log"),
    ])
    #expect(
      plan.edits.map(\.new) == [
        "  .library(\"Store\", dependsOn: [\"Log\"]),",
        "  .library(\"Cache\", dependsOn: [\"Store\"], testsUse: [\"Log\", \"Clock\"]),",
      ])
    #expect(
      plan.suggestions == [
        DependencyFixer.Suggestion(summary: "add \"Log\" to the dependencies of Elsewhere", edit: nil)
      ])
  }
}
