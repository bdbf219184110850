import Foundation
import Testing

@testable import LayerLintEngine
@testable import LayerLintManifestReader
@testable import LayerLintWorkspaceTools

/// The command end to end on fixture packages, with the real `swift package describe`
/// (run once per fixture and shared through `--manifest-json` where a test needs it again).
@Suite struct FixtureTests {
  /// `describe` output of the Layered fixture, computed once for the whole suite.
  static let layeredDescribe: URL = {
    let manifest = try! ProcessRunner.run(
      "swift", arguments: ["package", "--package-path", fixturePath("Layered"), "describe", "--type", "json"])
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "layered-describe-\(UUID().uuidString).json")
    try! manifest.standardOutput.write(to: url)
    return url
  }()

  private func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
    let captured = CapturedConsole()
    let status = LintCommand(console: captured.console).run(arguments)
    return (status, captured.standardOutput, captured.standardError)
  }

  private func runLayered(_ extra: [String] = []) -> (status: Int32, output: String, errors: String) {
    run(["--package-path", fixturePath("Layered"), "--manifest-json", Self.layeredDescribe.path] + extra)
  }

  @Test func layeredFixtureBreaksEveryRuleOnceOrMore() {
    let result = runLayered()
    #expect(result.status == 1)
    let rules = Set(
      result.output.split(separator: "\n").compactMap { line -> String? in
        guard let open = line.firstIndex(of: "["), let close = line.firstIndex(of: "]") else { return nil }
        return String(line[line.index(after: open)..<close])
      })
    let expected = Set(RuleID.allCases.map(\.rawValue)).subtracting(["cycle", "stale-baseline"])
    #expect(rules == expected)
    #expect(
      result.output.contains(
        "Domain/Feature/Feature.swift:5: error: [undeclared-import] Feature (Domain) -> Log (Shared): imports Log without declaring it as a direct dependency. Fix: add \"Log\" to Feature's dependencies in Package.swift"
      ))
    #expect(result.output.contains("Package.swift:15: error: [layer-direction] Store (Core) -> Api (Service)"))
    #expect(
      result.output.contains(
        "Core/Store/Store.swift:5: error: [untranslated-text] \"Supply store\" in Store (Core) is text a person reads but not from Store's string table. Fix: add a key to Core/Store/Strings/en.json and ru.json and use Strings.<key>, or mark a value that never changes with // untranslated: <reason>"
      ))
    #expect(
      result.output.contains(
        "Package.swift:10: error: [redundant-dependency] Other (Domain) -> FeatureInterface (Domain): declares \"FeatureInterface\" as a dependency, but no source file of Other imports it. Fix: remove \"FeatureInterface\" from Other's dependencies in Package.swift"
      ))
    #expect(result.output.hasSuffix("lint-layers: 24 violations in 12 targets — 11 modules, 21 files scanned\n"))
    #expect(!result.output.contains("Hidden"))
    #expect(
      result.output.contains(
        "Package.swift:11: error: [interface-contract] FeatureInterface (Domain) -> Store (Core): an interface module depends on a module outside its contract (Shared and other …Interface modules). Fix: remove \"Store\" from FeatureInterface's dependencies in Package.swift and move the code that needs it to an implementation module"
      ))
    #expect(
      result.output.contains(
        "Shared/Log/Log.swift:7: error: [vocabulary] Log (Shared) -> offlineCargo: names the toggle \"offlineCargo\" that Domain/Feature/PartnerVocabulary.json declares;"
      ))
    #expect(
      result.output.contains(
        "Core/Store/Store.swift:9: error: [test-double] Store (Core) -> FakeStore: a production module declares FakeStore, a test double (its name matches Fake*)."
      ))
  }

  @Test func theRealDescribeMatchesTheSharedJSON() {
    let direct = run(["--package-path", fixturePath("Layered")])
    #expect(direct.status == 1)
    #expect(direct.output == runLayered().output)
  }

  @Test func translatedFixtureChecksStringTablesAndPlugins() throws {
    let result = run(["--package-path", fixturePath("Translated")])
    #expect(result.status == 1)
    let fix =
      "Fix: add a key to Domain/Menu/Strings/en.json and ru.json and use Strings.<key>, or mark a value that "
      + "never changes with // untranslated: <reason>"
    #expect(
      result.output.split(separator: "\n").map(String.init) == [
        "Domain/Menu/Menu.swift:6: error: [untranslated-text] \"Quit\" in Menu (Domain) is text a person reads but not from Menu's string table. \(fix)",
        "Domain/Menu/Menu.swift:13: error: [untranslated-text] \"Choose an entry:\" in Menu (Domain) is text a person reads but not from Menu's string table. \(fix)",
        "Package.swift:11: error: [tooling-dependency] Report (Domain) -> Stamp (Core): uses a plugin that lives in a layer folder (Core/Stamp/); plugins are tooling. Fix: move Stamp to Scripts/Plugins/Stamp/ and update its path in Package.swift",
        "Package.swift:11: error: [tooling-dependency] Report (Domain) -> TableTool (Scripts): a layer module depends on tooling. Fix: remove \"TableTool\" from Report's dependencies in Package.swift; tooling stays outside the layers",
        "Package.swift:11: error: [tooling-dependency] Report (Domain) -> Tidy (Scripts): uses a command plugin, which a build never runs (only `swift package` on request). Fix: remove \"Tidy\" from Report's plugins in Package.swift; a module uses only build-tool plugins",
        "Package.swift:13: error: [unknown-layer] Stamp (Core): a plugin lives in Core/Stamp/, inside a layer folder; plugins are tooling. Fix: move Stamp to Scripts/Plugins/Stamp/ and update its path in Package.swift",
        "lint-layers: 6 violations in 3 targets — 7 modules, 11 files scanned",
      ])
    let baseline = try TemporaryPackage(files: [
      "b.json":
        #"[{"rule": "untranslated-text", "source": "Menu", "target": "Domain/Menu/Menu.swift", "reason": "issue 13"}]"#
    ])
    let tolerated = run(["--package-path", fixturePath("Translated"), "--baseline", baseline.path + "/b.json"])
    #expect(!tolerated.output.contains("[untranslated-text]"))
    #expect(
      tolerated.output.hasSuffix(
        "4 violations in 2 targets — 7 modules, 11 files scanned; 2 tolerated by the baseline\n"))
    let captured = CapturedConsole()
    #expect(GraphCommand(console: captured.console).run(["--package-path", fixturePath("Translated")]) == 0)
    #expect(captured.standardOutput.contains("Menu --> Base") && captured.standardOutput.contains("Report --> Base"))
    for tooling in ["Tables", "Tidy", "Stamp", "TableTool"] { #expect(!captured.standardOutput.contains(tooling)) }
  }

  @Test func cleanFixtureHasNoFinding() {
    let result = run(["--package-path", fixturePath("Clean")])
    #expect(result.status == 0)
    #expect(result.output == "lint-layers: clean — 7 modules, 12 files\n")
  }

  @Test func plainPackageGetsOnlyTheImportRule() {
    let result = run(["--package-path", fixturePath("Plain")])
    #expect(result.status == 1)
    #expect(
      result.output == """
        Sources/Alpha/Alpha.swift:2: error: [undeclared-import] Alpha -> Beta: imports Beta without declaring it as a direct dependency. Fix: add "Beta" to Alpha's dependencies in Package.swift
        Tests/AlphaTests/AlphaTests.swift:3: error: [undeclared-import] AlphaTests -> Beta: imports Beta without declaring it as a direct dependency. Fix: add "Beta" to AlphaTests's dependencies in Package.swift
        lint-layers: 2 violations in 2 targets — 3 modules, 4 files scanned

        """)
  }

  @Test func theManifestsOwnLayerCheckIsPassedThrough() {
    let result = run(["--package-path", fixturePath("ManifestRejects")])
    #expect(result.status == 1)
    #expect(
      result.output.hasPrefix("Package.swift:10: error: [layer-direction] Low (Core) -> High (Domain): points upward."))
  }

  @Test func aBrokenManifestCannotRun() {
    let result = run(["--package-path", fixturePath("Broken")])
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.errors.split(separator: "\n").count == 1)
    #expect(result.errors.contains("expected expression"))
  }

  @Test func jsonAndGithubFormats() throws {
    let json = runLayered(["--format", "json"])
    #expect(json.status == 1)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let violations = try #require(object["violations"] as? [[String: Any]])
    #expect(violations.count == 24)
    #expect(violations.contains { $0["rule"] as? String == "sideways" && $0["target"] as? String == "Other" })
    let github = runLayered(["--format=github"])
    #expect(
      github.output.contains("::error file=Package.swift,line=9,title=[sideways]::Feature (Domain) -> Other (Domain)"))
    #expect(github.output.split(separator: "\n").last?.hasPrefix("lint-layers: 24 violations") == true)
  }

  @Test func baselineToleratesAndGoesStale() throws {
    let baseline = try TemporaryPackage(files: [
      "ok.json": """
      [{"rule": "sideways", "source": "Feature", "target": "Other", "reason": "split in progress"},
       {"rule": "missing-owner", "source": "Other", "reason": "team being formed"}]
      """,
      "stale.json": #"[{"rule": "cycle", "source": "Feature", "reason": "was fixed"}]"#,
      "no-reason.json": #"[{"rule": "sideways", "source": "Feature", "target": "Other"}]"#,
    ])
    let tolerated = runLayered(["--baseline", baseline.path + "/ok.json"])
    #expect(tolerated.status == 1)
    #expect(!tolerated.output.contains("[sideways] Feature"))
    #expect(
      tolerated.output.contains(
        "lint-layers: 22 violations in 12 targets — 11 modules, 21 files scanned; 2 tolerated by the baseline"))
    let stale = runLayered(["--baseline", baseline.path + "/stale.json"])
    #expect(
      stale.output.contains(
        "stale.json:1: error: [stale-baseline] Feature: the baseline tolerates a cycle violation that no longer exists")
    )
    let missing = runLayered(["--baseline", baseline.path + "/no-reason.json"])
    #expect(missing.status == 2)
    #expect(missing.errors.contains("has no \"reason\""))
  }

  @Test func aBaselineThatCoversEverythingIsCleanAndAStaleOneFailsACleanPackage() throws {
    let files = try TemporaryPackage(files: [
      "stale.json": #"[{"rule": "sideways", "source": "Feature", "target": "Other", "reason": "gone"}]"#
    ])
    let result = run(["--package-path", fixturePath("Clean"), "--baseline", files.path + "/stale.json"])
    #expect(result.status == 1)
    #expect(result.output.contains("[stale-baseline]"))
  }

  @Test(arguments: [["--frobnicate"], ["--format", "xml"], ["--baseline"], ["extra"]])
  func badUsageExits64(arguments: [String]) {
    let result = run(arguments)
    #expect(result.status == 64)
    #expect(result.errors.split(separator: "\n").count == 1)
  }

  @Test func invalidConfigurationExits2() throws {
    let package = try TemporaryPackage(files: [".layering.json": #"{"rules": {"nope": true}}"#])
    let result = run(["--package-path", package.path, "--manifest-json", Self.layeredDescribe.path])
    #expect(result.status == 2)
    #expect(result.errors == "lint-layers: .layering.json: unknown rule \"nope\"\n")
  }

  @Test func helpExits0() {
    #expect(run(["--help"]).status == 0)
  }
}
