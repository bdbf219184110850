import Foundation
import Testing

@testable import LayerLintEngine
@testable import LayerLintManifestReader
@testable import LayerLintSwiftReader

/// The rules that keep the seams between teams contracts: `interface-contract`, `vocabulary` and
/// `test-double`, each configured in `.layering.json`, and rules that only warn.
@Suite struct ContractRuleTests {
  private func only(
    _ rules: Set<RuleID>, _ change: (inout LayeringConfiguration) -> Void = { _ in }
  ) -> LayeringConfiguration {
    var configuration = LayeringConfiguration.standard
    configuration.enabledRules = rules
    change(&configuration)
    return configuration
  }

  private func lines(_ violations: [Violation]) -> [String] {
    violations.map { "\($0.file):\($0.line): [\($0.rule.rawValue)] \($0.message)" }
  }

  // MARK: interface-contract

  @Test func anInterfaceDependsOnlyOnItsAllowListAndOtherInterfaces() throws {
    let targets = [
      target("CargoInterface", "Service/CargoInterface", dependsOn: ["Log", "Net", "StoreInterface", "CSys"]),
      target("StoreInterface", "Core/StoreInterface"),
      target("Net", "Core/Net"), target("Log", "Shared/Log"), target("CSys", "Core/CSys", .systemLibrary),
      target("Cargo", "Service/Cargo", dependsOn: ["CargoInterface", "Net"]),
    ]
    let found = try lint(targets, configuration: only([.interfaceContract]))
    #expect(
      lines(found) == [
        "Package.swift:1: [interface-contract] CargoInterface (Service) -> Net (Core): an interface module depends on a module outside its contract (Shared and other …Interface modules). Fix: remove \"Net\" from CargoInterface's dependencies in Package.swift and move the code that needs it to an implementation module"
      ])
    let wider = try lint(
      targets,
      configuration: only([.interfaceContract]) { $0.interfaceDependencies = .init(layers: ["Core", "Shared"]) })
    #expect(wider.isEmpty)
    let noInterfaces = try lint(
      targets,
      configuration: only([.interfaceContract]) {
        $0.interfaceDependencies = .init(layers: ["Shared"], interfaces: false)
      })
    #expect(noInterfaces.map { $0.target ?? "" }.sorted() == ["Net", "StoreInterface"])
  }

  @Test func anUndeclaredImportOutsideTheContractIsNotFixedByADependency() throws {
    let targets = [
      target("CargoInterface", "Service/CargoInterface", sources: ["C.swift"]), target("Net", "Core/Net"),
    ]
    let files = ["Service/CargoInterface/C.swift": "import Net\n"]
    let off = try lint(targets, files: files, configuration: only([.undeclaredImport, .layerDirection]))
    #expect(off.first?.missingDependency != nil)
    let on = try lint(
      targets, files: files, configuration: only([.undeclaredImport, .layerDirection, .interfaceContract]))
    #expect(on.count == 1)
    #expect(on.first?.missingDependency == nil)
    #expect(on.first?.fix.hasPrefix("remove the import: CargoInterface may not depend on Net") == true)
  }

  @Test func interfaceDirectionKeepsItsOwnFindings() throws {
    let found = try lint(
      [target("AInterface", "Domain/AInterface", dependsOn: ["B"]), target("B", "Domain/B")],
      configuration: only([.interfaceContract, .interfaceDirection]))
    #expect(found.map(\.rule) == [.interfaceDirection])
  }

  // MARK: test-double

  @Test func productionModulesDeclareNoTestDoubleNorDependOnTestSupport() throws {
    let files = [
      "Core/Radio/Radio.swift": """
      public struct InMemoryRadioTransport {}
      final class FakeRadio {}
      // struct MockInComment {}
      let text = "struct StubInString"
      public enum Signal { case fake, mock }
      class func make() {}
      """,
      "Core/Radio/More.swift": "actor SpyRecorder {}\ntypealias StubbedReply = Int\nprotocol RecordingSink {}\n",
      "Tests/RadioKit/Kit.swift": "public struct FakeRadioKit {}\n",
      "Service/RadioFakes/Fakes.swift": "public struct FakeRadioService {}\n",
    ]
    let manifest = PackageManifest(
      name: "P",
      targets: [
        target("Radio", "Core/Radio", dependsOn: ["RadioFakes"], sources: ["Radio.swift", "More.swift"]),
        target("RadioKit", "Tests/RadioKit", sources: ["Kit.swift"]),
        target("RadioFakes", "Service/RadioFakes", sources: ["Fakes.swift"]),
      ],
      products: [
        ManifestProduct(name: "RadioFakes", targets: ["RadioFakes"]),
        ManifestProduct(name: "Radio", targets: ["Radio"]),
      ])
    let package = try TemporaryPackage(files: files)
    let configuration = only([.testDouble]) {
      $0.testSupportModules = ["RadioKit", "RadioFakes"]
      $0.testDoubles.exceptions = ["InMemoryRadioTransport"]
    }
    let found = LayerLinter.lint(manifest: manifest, configuration: configuration, packageRoot: package.path).violations
    #expect(
      found.map { "\($0.file):\($0.line) \($0.target ?? "")" } == [
        "Core/Radio/More.swift:1 SpyRecorder", "Core/Radio/More.swift:2 StubbedReply",
        "Core/Radio/More.swift:3 RecordingSink", "Core/Radio/Radio.swift:2 FakeRadio", "Package.swift:1 RadioFakes",
        "Package.swift:1 RadioFakes",
      ])
    #expect(
      found.contains {
        $0.message
          == "RadioFakes (Service) -> RadioFakes: a test-support module is in the library product \"RadioFakes\", which any package that depends on this one can link. Fix: remove the product \"RadioFakes\" from Package.swift (test targets depend on RadioFakes directly)"
      })
    #expect(
      found.contains {
        $0.message
          == "Radio (Core) -> RadioFakes (Service): a production module depends on a test-support module, which only tests may use. Fix: remove \"RadioFakes\" from Radio's dependencies in Package.swift; its tests may depend on it"
      })
  }

  // MARK: vocabulary

  /// Upper modules that declare words, lower modules that name them in every kind of file.
  private func vocabularyPackage() throws -> (TemporaryPackage, PackageManifest) {
    let package = try TemporaryPackage(files: [
      "Domain/Cargo/PartnerVocabulary.json": #"""
      {"toggles": [{"name": "cargoExpress", "default": true}], "screens": [{"name": "manifestView"}]}
      """#,
      "Domain/Cargo/Cargo.swift": """
      public enum CargoPlaces {
        public static let hold = Destination(domain: "cargo", place: "hold")
        static let bay: Destination = Destination(domain: "cargo", place: "bay")
      }
      """,
      "Core/Theme/Theme.swift": """
      // .manifestView in a comment is no finding
      let look = theme.screen(.manifestView)
      func pick(_ d: Place) { switch d { case hold: break } }
      public var cargoExpress: Bool { true }
      let key = "cargoExpress"
      let own = StyleScreen("mine")
      let fine = theme.apply(.title, to: s)
      """,
      "Shared/Partners/Partners/acme.json": """
      {
        "screens": {"manifestView": {"title": "bold"}},
        "features": {"cargoExpress": true, "other": false}
      }
      """,
      "Shared/Partners/Partners.swift": "public struct Partner {}\n",
      "Scripts/Plugins/Gen/plugin.swift": "let file = \"PartnerVocabulary.json\"\n",
      ".build/plugins/outputs/p/Partners/destination/Gen/Generated.swift":
        "extension Toggles { static let x = .cargoExpress }\n",
      // An earlier build's output of a plugin the module no longer uses: no part of its build.
      ".build/plugins/outputs/p/Partners/destination/Gone/Stale.swift":
        "extension Toggles { static let y = .cargoExpress }\n",
    ])
    let manifest = PackageManifest(
      name: "P",
      targets: [
        target("Cargo", "Domain/Cargo", sources: ["Cargo.swift"]),
        target("Theme", "Core/Theme", sources: ["Theme.swift"]),
        target("Partners", "Shared/Partners", dependsOn: ["Gen"], sources: ["Partners.swift"]),
        target("Gen", "Scripts/Plugins/Gen", .plugin, sources: ["plugin.swift"], capability: .buildTool),
      ])
    return (package, manifest)
  }

  @Test func lowerLayersNameNoWordAnUpperModuleDeclares() throws {
    let (package, manifest) = try vocabularyPackage()
    let found = LayerLinter.lint(manifest: manifest, configuration: only([.vocabulary]), packageRoot: package.path)
      .violations
    #expect(
      found.map { "\($0.file):\($0.line) \($0.target ?? "")" } == [
        ".build/plugins/outputs/p/Partners/destination/Gen/Generated.swift:1 cargoExpress",
        "Core/Theme/Theme.swift:2 manifestView", "Core/Theme/Theme.swift:3 hold",
        "Core/Theme/Theme.swift:4 cargoExpress", "Core/Theme/Theme.swift:5 cargoExpress",
        "Core/Theme/Theme.swift:6 StyleScreen", "Scripts/Plugins/Gen/plugin.swift:1 Gen",
        "Shared/Partners/Partners/acme.json:2 manifestView", "Shared/Partners/Partners/acme.json:3 cargoExpress",
      ])
    #expect(
      found.contains {
        $0.message
          == "Theme (Core) -> manifestView: names the screen \"manifestView\" that Domain/Cargo/PartnerVocabulary.json declares; a lower layer offers the mechanism, the owner declares the word. Fix: take the screen as a value from the module that declares it (or move this code up to that layer)"
      })
    let words = VocabularyRule(
      workspace: Workspace(manifest: manifest, configuration: .standard, manifestText: nil), packageRoot: package.path
    ).declaredWords()
    #expect(Set(words.map(\.name)) == ["cargoExpress", "manifestView", "hold", "bay"])
  }

  /// The rule proves itself on lines made from the declared words, as `Scripts/check-vocabulary` did:
  /// each kind of line it must flag is flagged, each it must not is not.
  @Test func everyKindOfNamingIsSeenAndNothingElse() throws {
    let (package, manifest) = try vocabularyPackage()
    let probes: [(String, Bool)] = [
      ("let theme = theme.screen(.manifestView)", true), ("  case bay", true),
      ("  public var cargoExpress: Bool", true),
      ("let key = \"cargoExpress\"", true), ("let s = StyleScreen(\"x\")", true),
      ("let d = Destination(domain: \"X\", place: \"y\")", true), ("let t = FeatureToggle(\"z\")", true),
      ("// .manifestView in a comment", false), ("/* case bay */ let x = 1", false),
      ("let t = theme.apply(.title, to: s)", false), ("let manifestView = 1", false),
      ("let x = \"manifestView\"", false),
      ("let s = StyleScreen(name)", false),
      // Code that is not ASCII alone is read the same way.
      ("let é = StyleScreen(\"x\")", true), ("let é = theme.screen(.manifestView)", true),
      ("let é = StyleScreen(name)", false), ("let é = manifestView", false),
    ]
    for (probe, isFinding) in probes {
      try Data((probe + "\n").utf8).write(to: package.root.appendingPathComponent("Core/Theme/Theme.swift"))
      let found = LayerLinter.lint(manifest: manifest, configuration: only([.vocabulary]), packageRoot: package.path)
        .violations.filter { $0.file == "Core/Theme/Theme.swift" }
      #expect(found.isEmpty != isFinding, "\(probe)")
    }
  }

  @Test func aRuleThatWarnsPrintsWarningsAndPasses() throws {
    let (package, manifest) = try vocabularyPackage()
    try Data(#"{"rules": {"vocabulary": "warn", "missing-owner": false, "missing-tests": false}}"#.utf8).write(
      to: package.root.appendingPathComponent(".layering.json"))
    let captured = CapturedConsole()
    let status = LintCommand(console: captured.console, describe: { _ in manifest }, flags: { _ in TargetFlags([:]) })
      .run(["--package-path", package.path])
    #expect(status == ExitCode.success, "\(captured.standardOutput)")
    #expect(
      captured.standardOutput.contains("Core/Theme/Theme.swift:2: warning: [vocabulary] Theme (Core) -> manifestView:"))
    #expect(captured.standardOutput.hasSuffix("lint-layers: clean — 4 modules, 4 files; 9 warnings\n"))
    let json = CapturedConsole()
    _ = LintCommand(console: json.console, describe: { _ in manifest }, flags: { _ in TargetFlags([:]) })
      .run(["--package-path", package.path, "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    #expect((object["warnings"] as? [Any])?.count == 9)
    #expect((object["violations"] as? [Any])?.isEmpty == true)
  }

  // MARK: Configuration

  @Test func theContractsAreConfiguredInTheLayeringFile() throws {
    let configuration = try LayeringConfiguration.parse(
      Data(
        #"""
        {"layers": ["App", "Domain", "Service", "Core", "Shared"],
         "interfaceDependencies": {"layers": ["Shared", "Core"], "interfaces": false},
         "vocabulary": {"lowerLayers": ["Shared"], "declarationFile": "Words.json", "declarationKinds": {"flags": "flag"},
                        "destinationType": "Place", "vocabularyTypes": ["Word"], "distinctiveKinds": ["flag"]},
         "testDoubles": {"patterns": ["Dummy*"], "exceptions": ["DummyButReal"]},
         "rules": {"vocabulary": "warn", "test-double": false}}
        """#.utf8))
    #expect(
      configuration.interfaceDependencies == InterfaceDependencies(layers: ["Shared", "Core"], interfaces: false))
    #expect(configuration.vocabulary.lowerLayers == ["Shared"])
    #expect(configuration.vocabulary.declarationKinds == ["flags": "flag"])
    #expect(
      configuration.testDoubles.isTestDouble("DummyOne") && !configuration.testDoubles.isTestDouble("DummyButReal"))
    #expect(!configuration.testDoubles.isTestDouble("FakeOne"))
    #expect(configuration.isWarning(.vocabulary) && configuration.isEnabled(.vocabulary))
    #expect(!configuration.isEnabled(.testDouble))
    for (text, message) in [
      (#"{"rules": {"vocabulary": "loud"}}"#, #".layering.json: rule "vocabulary" must be true, false or "warn""#),
      (
        #"{"interfaceDependencies": {"layers": ["Nowhere"]}}"#,
        #".layering.json: interfaceDependencies.layers names "Nowhere", which is no layer"#
      ),
      (
        #"{"interfaceDependencies": {"layer": []}}"#,
        #".layering.json: "interfaceDependencies" has an unknown key "layer" (known: interfaces, layers)"#
      ),
      (
        #"{"testDoubles": {"patterns": ["*"]}}"#,
        ".layering.json: testDoubles: a pattern must not be empty or match every name"
      ),
      (
        #"{"vocabulary": {"declarationFile": "a/b.json"}}"#,
        #".layering.json: vocabulary: "declarationFile" must be a file name"#
      ),
    ] {
      #expect(throws: ConfigurationError(message)) { try LayeringConfiguration.parse(Data(text.utf8)) }
    }
  }
}

/// The lint's own package is layered by role (`Scripts/LayerLint/.layering.json`) and the lint checks it.
@Suite struct OwnPackageTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  @Test func theLintsOwnModulesDependOnlyDownward() throws {
    // A copy: `swift test` holds the package's own `.build` while the tests run.
    let copy = try TemporaryPackage(copying: Self.root)
    let captured = CapturedConsole()
    let status = LintCommand(console: captured.console).run(["--package-path", copy.path])
    #expect(status == ExitCode.success, "\(captured.standardOutput)\(captured.standardError)")
    #expect(captured.standardOutput.hasPrefix("lint-layers: clean — 6 modules, "))
    // A reader that reached up into the engine would be refused.
    var manifest = try ManifestLoader().load(packagePath: copy.path)
    let reader = try #require(manifest.targets.firstIndex { $0.name == "LayerLintSwiftReader" })
    manifest.targets[reader].targetDependencies.append("LayerLintEngine")
    let edited = manifest
    let upward = CapturedConsole()
    _ = LintCommand(console: upward.console, describe: { _ in edited }).run(["--package-path", copy.path])
    #expect(
      upward.standardOutput.contains(
        "[layer-direction] LayerLintSwiftReader (SwiftReader) -> LayerLintEngine (Engine): depends upward on a higher layer"
      ), "\(upward.standardOutput)")
  }
}

/// The layering rule is written once, as data: the repository's root `Package.swift` checks its
/// dependencies while it loads with the layer order and the interface suffix of `.layering.json`, the
/// file the lint reads too.
@Suite(.serialized) struct RootManifestTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `dump-package` of the root manifest beside `layering` (no file when `nil`).
  private func load(layering: Data?) throws -> ProcessOutput {
    let package = try TemporaryPackage(files: [:])
    try FileManager.default.copyItem(
      at: Self.repository.appendingPathComponent("Package.swift"),
      to: package.root.appendingPathComponent("Package.swift"))
    if let layering { try layering.write(to: package.root.appendingPathComponent(".layering.json")) }
    return try ProcessRunner.run("swift", arguments: ["package", "--package-path", package.path, "dump-package"])
  }

  @Test func theManifestChecksTheLayerOrderOfTheLayeringFile() throws {
    let checkedIn = try Data(contentsOf: Self.repository.appendingPathComponent(".layering.json"))
    #expect(try load(layering: checkedIn).status == 0)
    // Core above Service: every Service module that depends on Core now points upward.
    var object = try #require(try JSONSerialization.jsonObject(with: checkedIn) as? [String: Any])
    object["layers"] = ["App", "Domain", "Core", "Service", "Shared"]
    let swapped = try load(layering: try JSONSerialization.data(withJSONObject: object))
    #expect(swapped.status != 0)
    #expect(swapped.standardError.contains("error: [layer-direction] "))
    #expect(swapped.standardError.contains("(Service) -> Network (Core) points upward"))
    object["layers"] = ["App", "Domain", "Service", "Core"]
    let missing = try load(layering: try JSONSerialization.data(withJSONObject: object))
    #expect(missing.standardError.contains("error: .layering.json: \"layers\" must name Shared"))
  }

  @Test func aPackageThatDependsOnThisOneLoadsItsManifestWithoutTheFile() throws {
    // SwiftPM evaluates a dependency's manifest from its repository, without the package's other files.
    #expect(try load(layering: nil).status == 0)
  }
}
