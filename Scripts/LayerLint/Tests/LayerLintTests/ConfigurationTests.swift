import Foundation
import Testing

@testable import LayerLintEngine
@testable import LayerLintManifestReader

@Suite struct ConfigurationTests {
  @Test func missingKeysKeepTheStandardValues() throws {
    let configuration = try LayeringConfiguration.parse(Data(#"{"testSupportModules": ["Kit"]}"#.utf8))
    #expect(configuration.layers == LayeringConfiguration.standard.layers)
    #expect(configuration.testSupportModules == ["Kit"])
    #expect(configuration.isEnabled(.sideways))
  }

  @Test func layersAsObjectsAndRulesSwitchedOff() throws {
    let json = #"{"layers": [{"name": "Top", "folder": "Sources/Top"}, "Bottom"], "rules": {"missing-owner": false}}"#
    let configuration = try LayeringConfiguration.parse(Data(json.utf8))
    #expect(configuration.layers.map(\.folder) == ["Sources/Top", "Bottom"])
    #expect(configuration.executableLayer == "Top")
    #expect(!configuration.isEnabled(.missingOwner))
    #expect(configuration.rank(ofLayer: "Top") == 1)
  }

  @Test func noLayersLeavesOnlyTheLayerFreeRules() throws {
    let configuration = try LayeringConfiguration.parse(Data(#"{"layers": []}"#.utf8))
    #expect(configuration.isEnabled(.undeclaredImport) && configuration.isEnabled(.cycle))
    #expect(!configuration.isEnabled(.layerDirection) && !configuration.isEnabled(.missingOwner))
  }

  @Test(arguments: [
    #"not json"#, #"{"layerz": []}"#, #"{"rules": {"no-such-rule": false}}"#, #"{"rules": {"cycle": "yes"}}"#,
    #"{"layers": "App"}"#, #"{"executableLayer": "Moon"}"#, #"{"layers": ["A", "A"]}"#,
  ])
  func invalidConfigurationsAreRejectedInOneLine(json: String) {
    #expect(throws: ConfigurationError.self) { try LayeringConfiguration.parse(Data(json.utf8)) }
  }

  @Test func baselineNeedsAReasonAndAKnownRule() {
    let noReason = #"[{"rule": "sideways", "source": "A", "target": "B"}]"#
    let blank = #"[{"rule": "sideways", "source": "A", "reason": "  "}]"#
    let unknown = #"[{"rule": "nope", "source": "A", "reason": "r"}]"#
    for json in [noReason, blank, unknown, "{}", "[1]"] {
      #expect(throws: ConfigurationError.self) { try Baseline.parse(Data(json.utf8), displayPath: "b.json") }
    }
  }

  @Test func baselineToleratesMatchesAndReportsStaleEntries() throws {
    let json = """
      [
        {"rule": "sideways", "source": "A", "target": "B", "reason": "split planned"},
        {"rule": "undeclared-import", "source": "A", "target": "A/File.swift", "reason": "migration"},
        {"rule": "cycle", "source": "Gone", "reason": "fixed long ago"}
      ]
      """
    let baseline = try Baseline.parse(Data(json.utf8), displayPath: "baseline.json")
    let sideways = Violation(
      rule: .sideways, file: "Package.swift", line: 3, source: "A", sourceLayer: "Core", target: "B",
      targetLayer: "Core", problem: "p", fix: "f")
    let undeclared = Violation(
      rule: .undeclaredImport, file: "A/File.swift", line: 2, source: "A", sourceLayer: "Core", target: "C",
      targetLayer: "Shared", problem: "p", fix: "f")
    let other = Violation(
      rule: .missingOwner, file: "CODEOWNERS", line: 1, source: "A", sourceLayer: "Core", problem: "p", fix: "f")
    let (remaining, tolerated) = baseline.apply(to: [sideways, undeclared, other])
    #expect(tolerated == 2)
    #expect(remaining.map(\.rule) == [.missingOwner, .staleBaseline])
    #expect(remaining.last?.file == "baseline.json" && remaining.last?.line == 4)
  }

  // MARK: Layouts other than this workspace's

  @Test func layersByTargetNamePatterns() throws {
    let json = #"""
      {"layers": [{"name": "App", "targets": ["*App"]}, {"name": "Feature", "targets": ["*Feature", "Feature?"]},
                  {"name": "Core", "folder": "Sources/Core"}]}
      """#
    let configuration = try LayeringConfiguration.parse(Data(json.utf8))
    #expect(configuration.layers.map(\.folder) == [nil, nil, "Sources/Core"])
    #expect(configuration.sourceFolders == ["Sources", "Sources/Core", "Tests"])
    func placement(_ path: String, _ name: String?) -> Placement {
      Workspace.placement(ofPath: path, name: name, configuration: configuration)
    }
    #expect(placement("Sources/ShopApp", "ShopApp") == .layer(name: "App", rank: 2))
    #expect(placement("Sources/CartFeature", "CartFeature") == .layer(name: "Feature", rank: 1))
    #expect(placement("Sources/Feature2", "Feature2") == .layer(name: "Feature", rank: 1))
    #expect(placement("Sources/Core/Money", "Money") == .layer(name: "Core", rank: 0))
    #expect(placement("Tests/CartFeatureTests", nil) == .tests(folder: "Tests"))
    #expect(placement("Sources/Stray", "Stray") == .unknown(folder: "Sources"))
  }

  @Test func globsMatchLikeAShell() {
    let glob = LayeringConfiguration.Layer.glob
    #expect(glob("*Feature", "CartFeature") && glob("*", "") && glob("A?C", "ABC") && glob("*a*b", "xaxxb"))
    #expect(!glob("*Feature", "FeatureTests") && !glob("A?C", "AC") && !glob("Core", "CoreKit"))
  }

  @Test func aSourcesLayoutPackageIsLintedByPatterns() throws {
    let package = try TemporaryPackage(files: [
      ".layering.json":
        #"{"layers": [{"name": "Feature", "targets": ["*Feature"]}, {"name": "Core", "targets": ["*Kit"]}], "rules": {"missing-owner": false}}"#,
      "Sources/CartFeature/Cart.swift": "import NetworkKit\nimport ShopFeature\n",
      "Sources/ShopFeature/Shop.swift": "let s = 1\n", "Sources/NetworkKit/Net.swift": "import CartFeature\n",
      "Tests/CartFeatureTests/T.swift": "@testable import CartFeature\n",
      "Tests/ShopFeatureTests/T.swift": "@testable import ShopFeature\n",
      "Tests/NetworkKitTests/T.swift": "@testable import NetworkKit\n",
    ])
    let manifest = PackageManifest(
      name: "Shop",
      targets: [
        target(
          "CartFeature", "Sources/CartFeature", dependsOn: ["NetworkKit", "ShopFeature"], sources: ["Cart.swift"]),
        target("ShopFeature", "Sources/ShopFeature", sources: ["Shop.swift"]),
        target("NetworkKit", "Sources/NetworkKit", dependsOn: ["CartFeature"], sources: ["Net.swift"]),
      ]
        + ["CartFeature", "ShopFeature", "NetworkKit"].map {
          target("\($0)Tests", "Tests/\($0)Tests", .test, dependsOn: [$0], sources: ["T.swift"])
        })
    let configuration = try LayeringConfiguration.load(packagePath: package.path, whenAbsent: .packageDefault)
    let report = LayerLinter.lint(manifest: manifest, configuration: configuration, packageRoot: package.path)
    let found = report.violations.map {
      "\($0.rule.rawValue) \($0.source) (\($0.sourceLayer ?? "")) -> \($0.target ?? "")"
    }
    #expect(
      Set(found) == [
        "sideways CartFeature (Feature) -> ShopFeature", "layer-direction NetworkKit (Core) -> CartFeature",
        "cycle CartFeature (Feature) -> NetworkKit",
      ])
  }

  @Test func withoutAConfigurationFileTheLintChecksNoLayers() throws {
    let package = try TemporaryPackage(files: ["Package.swift": ""])
    let configuration = try LayeringConfiguration.load(packagePath: package.path, whenAbsent: .packageDefault)
    #expect(configuration.layers.isEmpty)
    #expect(configuration.isEnabled(.undeclaredImport) && configuration.isEnabled(.redundantDependency))
    #expect(configuration.isEnabled(.cycle) && !configuration.isEnabled(.missingOwner))
    #expect(try LayeringConfiguration.load(packagePath: package.path) == .standard)
  }

  @Test func anExplicitConfigurationFileMustExist() throws {
    let package = try TemporaryPackage(files: ["lint/layers.json": #"{"layers": ["Top", "Bottom"]}"#])
    let loaded = try LayeringConfiguration.load(packagePath: package.path, file: package.path + "/lint/layers.json")
    #expect(loaded.layers.map(\.name) == ["Top", "Bottom"])
    #expect(throws: ConfigurationError("--config /nope.json does not exist")) {
      try LayeringConfiguration.load(packagePath: package.path, file: "/nope.json")
    }
  }

  @Test(arguments: [
    (#"{"layers": [{"name": "A", "targets": []}]}"#, "the targets of layer \"A\" must be a non-empty list"),
    (#"{"layers": [{"name": "A", "target": ["*A"]}]}"#, "layer \"A\" has an unknown key \"target\""),
    (#"{"layers": [{"name": "A", "folder": 3}]}"#, "the folder of layer \"A\" must be a string"),
    ("{\"layers\": [\n  \"A\",\n]", "is not valid JSON"),
  ])
  func badLayersAreRejectedInOneLine(json: String, message: String) {
    do {
      _ = try LayeringConfiguration.parse(Data(json.utf8))
      Issue.record("accepted \(json)")
    } catch {
      #expect(error.description.contains(message), "\(error.description)")
      #expect(!error.description.contains("\n"))
    }
  }
}
