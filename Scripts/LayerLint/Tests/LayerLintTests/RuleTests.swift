import Testing

@testable import LayerLintEngine
@testable import LayerLintManifestReader

/// Each rule on a hand-built manifest (no `describe`), with sources in a temporary folder.
@Suite struct RuleTests {
  private let noCoverage = LayeringConfiguration.withoutCoverage

  @Test func downwardAnyDistanceAndInterfacesSidewaysAreAllowed() throws {
    let violations = try lint(
      [
        target("App", "App/App", .executable, dependsOn: ["Shared", "FeatureInterface", "Feature"]),
        target("Feature", "Domain/Feature", dependsOn: ["FeatureInterface", "Shared", "CLib"]),
        target("FeatureInterface", "Domain/FeatureInterface", dependsOn: ["Shared"]),
        target("CLib", "Core/CLib", .systemLibrary),
        target("Shared", "Shared/Shared"),
      ], configuration: noCoverage)
    #expect(violations.isEmpty)
  }

  @Test func upwardSidewaysAndInterfaceDirection() throws {
    let violations = try lint(
      [
        target("Low", "Core/Low", dependsOn: ["High"]),
        target("High", "Domain/High", dependsOn: ["Peer"]),
        target("Peer", "Domain/Peer"),
        target("PeerInterface", "Domain/PeerInterface", dependsOn: ["Peer"]),
        target("OtherInterface", "Domain/OtherInterface", dependsOn: ["PeerInterface", "Peer"]),
      ], configuration: noCoverage)
    let found = violations.map { "\($0.rule.rawValue) \($0.source)->\($0.target ?? "")" }
    #expect(
      Set(found) == [
        "layer-direction Low->High", "sideways High->Peer", "interface-direction PeerInterface->Peer",
        "interface-direction OtherInterface->Peer",
      ])
    #expect(violations.allSatisfy { $0.fix.contains("…Interface module") })
  }

  @Test func cyclesAreReportedOncePerCycle() throws {
    let violations = try lint(
      [
        target("A", "Core/A", dependsOn: ["B"]), target("B", "Core/B", dependsOn: ["C"]),
        target("C", "Core/C", dependsOn: ["A"]), target("Self", "Core/Self", dependsOn: ["Self"]),
      ], configuration: noCoverage)
    let cycles = violations.filter { $0.rule == .cycle }
    #expect(cycles.count == 2)
    #expect(cycles.contains { $0.problem == "dependency cycle A -> B -> C -> A" })
  }

  @Test func everyUndeclaredImportIsReportedAtItsLine() throws {
    let violations = try lint(
      [
        target("Feature", "Domain/Feature", dependsOn: ["Low"], sources: ["A.swift", "B.swift", "Notes.md"]),
        target("Low", "Core/Low"), target("Base", "Shared/Base"), target("Top", "App/Top", .executable),
      ],
      files: [
        "Domain/Feature/A.swift": "import Low\nimport Foundation\n#if DEBUG\nimport Base\n#endif\n",
        "Domain/Feature/B.swift": "// import Base\nlet s = \"import Base\"\n@testable import Top\n",
        "Domain/Feature/Notes.md": "import Base\n",
      ], configuration: noCoverage)
    #expect(violations.map(\.file) == ["Domain/Feature/A.swift", "Domain/Feature/B.swift"])
    #expect(violations.map(\.line) == [4, 3])
    #expect(violations[0].fix == "add \"Base\" to Feature's dependencies in Package.swift")
    #expect(violations[1].fix.hasPrefix("remove the import: Feature may not depend on Top"))
  }

  @Test func testTargetsMayImportOnlyTheirModuleItsAllowedDependenciesAndSupport() throws {
    var configuration = noCoverage
    configuration.testSupportModules = ["Kit"]
    let violations = try lint(
      [
        target("Feature", "Domain/Feature"), target("Peer", "Domain/Peer"), target("Base", "Shared/Base"),
        target("Kit", "Tests/Kit"),
        target(
          "FeatureTests", "Tests/FeatureTests", .test, dependsOn: ["Feature", "Kit", "Peer"], sources: ["T.swift"]),
        target("EndToEndTests", "Tests/EndToEndTests", .test, dependsOn: ["Feature", "Peer"], sources: ["E.swift"]),
        target("MiscTests", "Tests/MiscTests", .test),
      ],
      files: [
        "Tests/FeatureTests/T.swift":
          "import Testing\n@testable import Feature\nimport Kit\nimport Base\nimport Peer\n",
        "Tests/EndToEndTests/E.swift": "import Feature\nimport Peer\nimport Base\n",
      ], configuration: configuration)
    let found = violations.map { "\($0.rule.rawValue) \($0.source)->\($0.target ?? "") \($0.file):\($0.line)" }
    #expect(
      found.sorted() == [
        "orphan-test MiscTests-> Package.swift:1",
        "test-import FeatureTests->Peer Package.swift:1",
        "test-import FeatureTests->Peer Tests/FeatureTests/T.swift:5",
        "undeclared-import EndToEndTests->Base Tests/EndToEndTests/E.swift:3",
        "undeclared-import FeatureTests->Base Tests/FeatureTests/T.swift:4",
      ])
  }

  @Test func placementRules() throws {
    let violations = try lint(
      [
        target("Stray", "Sources/Stray"), target("Tool", "Domain/Tool", .executable),
        target("Lib", "Core/Lib", dependsOn: ["Gen"], sources: ["Lib.swift"]), target("Gen", "Scripts/Gen"),
        target("GenCLI", "Scripts/GenCLI", .executable, dependsOn: ["Lib"]),
        target("LibTests", "Sources/LibTests", .test, dependsOn: ["Lib"]),
      ], files: ["Core/Lib/Lib.swift": "import Gen\n"], configuration: noCoverage)
    #expect(
      Set(violations.map { "\($0.rule.rawValue) \($0.source)" }) == [
        "unknown-layer Stray", "unknown-layer LibTests", "executable-outside-app Tool", "tooling-dependency Lib",
      ])
    #expect(violations.filter { $0.rule == .toolingDependency }.count == 2)
  }

  @Test func coverageRulesNeedTestsAndOwnersButNotForSystemLibraries() throws {
    let violations = try lint(
      [
        target("Owned", "Core/Owned"), target("Orphan", "Core/Orphan"), target("CLib", "Core/CLib", .systemLibrary),
        target("OwnedTests", "Tests/OwnedTests", .test, dependsOn: ["Owned"]),
      ], files: ["CODEOWNERS": "/Core/Owned/ @team\n"])
    #expect(
      Set(violations.map { "\($0.rule.rawValue) \($0.source)" }) == [
        "missing-tests Orphan", "missing-owner Orphan", "missing-owner CLib",
      ])
  }

  @Test func importsOnlyRunsOnAnyLayout() throws {
    let violations = try lint(
      [
        target("A", "Sources/A", dependsOn: ["B"], sources: ["A.swift"]), target("B", "Sources/B"),
        target("C", "Lib/C"), target("ATests", "Tests/ATests", .test, dependsOn: ["A"], sources: ["T.swift"]),
      ],
      files: ["Sources/A/A.swift": "import B\nimport C\n", "Tests/ATests/T.swift": "import A\nimport B\n"],
      configuration: .importsOnly)
    #expect(violations.map { "\($0.source)->\($0.target ?? "")" } == ["A->C", "ATests->B"])
    #expect(violations.allSatisfy { $0.rule == .undeclaredImport && $0.sourceLayer != "Core" })
  }

  @Test func messagesFollowTheOneLineFormat() {
    let violation = Violation(
      rule: .sideways, file: "Package.swift", line: 12, source: "Spacesuit", sourceLayer: "Domain",
      target: "Cosmonaut", targetLayer: "Domain", problem: "depends sideways", fix: "remove it")
    #expect(violation.message == "Spacesuit (Domain) -> Cosmonaut (Domain): depends sideways. Fix: remove it")
  }

  @Test func manifestFailuresAreClassified() {
    let layer = ManifestLoader.classifyFailure(
      standardError: """
        7 |   Data("error: [layer-direction] Echo (Core) -> Echo (Core) points sideways".utf8)
        11 |error: [layer-direction] A (Core) -> B (Domain) points upward; move the shared code
        error: fatalError
        """)
    #expect(
      layer
        == .manifestRejectedDependencies([
          "error: [layer-direction] A (Core) -> B (Domain) points upward; move the shared code"
        ]))
    let cycle = ManifestLoader.classifyFailure(
      standardError: "error: cyclic dependency declaration found: A -> B -> A\n")
    guard case .manifestRejectedDependencies(let lines) = cycle else {
      Issue.record("a SwiftPM cycle is a finding")
      return
    }
    let violation = ManifestErrorParser.violation(fromLine: lines[0], lines: ManifestLineFinder(text: ""))
    #expect(violation.rule == .cycle && violation.source == "A" && violation.target == "B")
    #expect(
      ManifestLoader.classifyFailure(standardError: "error: boom\n")
        == .failed("`swift package describe` failed: error: boom"))
  }
}
