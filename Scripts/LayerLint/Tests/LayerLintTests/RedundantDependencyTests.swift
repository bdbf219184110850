import Foundation
import Testing

@testable import LayerLintEngine
@testable import LayerLintFixer
@testable import LayerLintManifestReader
@testable import LayerLintSwiftReader

/// `redundant-dependency` on hand-built manifests, its exceptions one by one, products of other
/// packages, and `--fix` removing what it finds.
@Suite struct RedundantDependencyTests {
  /// Only the rule under test (no layers), so each test sees its own findings.
  private let onlyThisRule: LayeringConfiguration = {
    var configuration = LayeringConfiguration.packageDefault
    configuration.enabledRules = [.redundantDependency]
    return configuration
  }()

  private func redundant(
    _ targets: [ManifestTarget], files: [String: String], configuration: LayeringConfiguration? = nil,
    products: ProductCatalog? = nil
  ) throws -> [String] {
    let package = try TemporaryPackage(files: files)
    let report = LayerLinter.lint(
      manifest: PackageManifest(name: "P", targets: targets), configuration: configuration ?? onlyThisRule,
      packageRoot: package.path, products: products)
    return report.violations.filter { $0.rule == .redundantDependency }.map { "\($0.source) -> \($0.target ?? "")" }
  }

  /// Lints one target `name` in `Sources/<name>/` that depends on `products`, with one file `source`.
  private func lintProducts(
    _ name: String, dependsOn products: [String], source: String, catalog: ProductCatalog
  ) throws -> LintReport {
    let package = try TemporaryPackage(files: ["Sources/\(name)/\(name).swift": source])
    let target = ManifestTarget(
      name: name, path: "Sources/\(name)", kind: .library, productDependencies: products, sources: ["\(name).swift"])
    return LayerLinter.lint(
      manifest: PackageManifest(name: "P", targets: [target]), configuration: onlyThisRule, packageRoot: package.path,
      products: catalog)
  }

  @Test func aDependencyNoFileImportsIsReportedWithItsFix() throws {
    let package = try TemporaryPackage(files: [
      "Sources/Feature/F.swift": "import Core\n", "Sources/Core/C.swift": "public let c = 1\n",
      "Sources/Extra/E.swift": "public let e = 1\n",
    ])
    let report = LayerLinter.lint(
      manifest: PackageManifest(
        name: "P",
        targets: [
          target("Feature", "Sources/Feature", dependsOn: ["Core", "Extra"], sources: ["F.swift"]),
          target("Core", "Sources/Core", sources: ["C.swift"]), target("Extra", "Sources/Extra", sources: ["E.swift"]),
        ]), configuration: onlyThisRule, packageRoot: package.path)
    #expect(
      report.violations.map(\.message) == [
        "Feature -> Extra: declares \"Extra\" as a dependency, but no source file of Feature imports it. Fix: remove \"Extra\" from Feature's dependencies in Package.swift"
      ])
    #expect(report.violations.first?.redundantDependency == RedundantDependency(target: "Feature", dependency: "Extra"))
  }

  @Test func everyKindOfImportCounts() throws {
    let found = try redundant(
      [
        target(
          "Feature", "Sources/Feature", dependsOn: ["A", "B", "C", "D", "E"],
          sources: ["F.swift"])
      ] + ["A", "B", "C", "D", "E"].map { target($0, "Sources/\($0)", sources: ["\($0).swift"]) },
      files: [
        "Sources/Feature/F.swift": """
        @testable import A
        @_exported import B
        import struct C.Thing
        import D.Submodule
        #if os(Linux)
          import E
        #endif
        """
      ]
        + Dictionary(
          uniqueKeysWithValues: ["A", "B", "C", "D", "E"].map { ("Sources/\($0)/\($0).swift", "public let x = 1\n") }))
    #expect(found.isEmpty)
  }

  @Test func importsNoBuildCompilesDoNotCountAndTheFindingSaysWhere() throws {
    let package = try TemporaryPackage(files: [
      "Sources/Feature/F.swift": "#if !SWIFT_PACKAGE\nimport Core\n#endif\n", "Sources/Core/C.swift": "let c = 1\n",
    ])
    let report = LayerLinter.lint(
      manifest: PackageManifest(
        name: "P",
        targets: [
          target("Feature", "Sources/Feature", dependsOn: ["Core"], sources: ["F.swift"]),
          target("Core", "Sources/Core", sources: ["C.swift"]),
        ]), configuration: onlyThisRule, packageRoot: package.path)
    #expect(
      report.violations.first?.problem
        == "declares \"Core\" as a dependency, but no source file of Feature imports it (Sources/Feature/F.swift:2 imports it under #if !SWIFT_PACKAGE, which no build compiles)"
    )
  }

  @Test func aModuleThatReExportsMakesTheDependencyUsed() throws {
    let found = try redundant(
      [
        target("App", "Sources/App", .executable, dependsOn: ["Umbrella", "Base", "Deep"], sources: ["main.swift"]),
        target("Umbrella", "Sources/Umbrella", dependsOn: ["Base"], sources: ["U.swift"]),
        target("Base", "Sources/Base", dependsOn: ["Deep"], sources: ["B.swift"]),
        target("Deep", "Sources/Deep", sources: ["D.swift"]),
      ],
      files: [
        "Sources/App/main.swift": "import Umbrella\n",
        "Sources/Umbrella/U.swift": "@_exported import Base\n",
        "Sources/Base/B.swift": "@_exported import Deep\npublic let b = 1\n",
        "Sources/Deep/D.swift": "public let d = 1\n",
      ])
    #expect(found.isEmpty)
  }

  @Test func theExceptions() throws {
    let files: [String: String] = [
      "Sources/Feature/F.swift": "let x = 1\n", "Tests/FeatureTests/T.swift": "@testable import Feature\n",
      "Sources/Base/B.swift": "public let b = 1\n",
      "Sources/Marker/M.swift": "// A marker: clients test canImport(Marker).\n",
      "Sources/Support/S.swift": "public let s = 1\n", "Sources/Tool/main.swift": "print(1)\n",
      "Sources/Macros/M.swift": "let m = 1\n", "Sources/Aggregate/empty.swift": "/* builds everything */\n",
    ]
    var configuration = onlyThisRule
    configuration.testSupportModules = ["Support"]
    let found = try redundant(
      [
        target(
          "Feature", "Sources/Feature", dependsOn: ["CSys", "Tool", "Macros", "Gen", "Marker", "Support", "Base"],
          sources: ["F.swift"]),
        target(
          "FeatureTests", "Tests/FeatureTests", .test, dependsOn: ["Feature", "Base", "Support"], sources: ["T.swift"]),
        target("Aggregate", "Sources/Aggregate", dependsOn: ["Base", "Feature"], sources: ["empty.swift"]),
        target("CSys", "Sources/CSys", .systemLibrary),
        target("Tool", "Sources/Tool", .executable, sources: ["main.swift"]),
        target("Macros", "Sources/Macros", .macro, sources: ["M.swift"]),
        target("Gen", "Plugins/Gen", .plugin, capability: .buildTool),
        target("Marker", "Sources/Marker", sources: ["M.swift"]),
        target("Support", "Sources/Support", sources: ["S.swift"]),
        target("Base", "Sources/Base", sources: ["B.swift"]),
      ], files: files, configuration: configuration)
    // Only Feature -> Base: the system library, executable, macro, plugin, marker and test support are
    // exempt; the test's module and what it depends on are its own; the empty aggregate is not read.
    #expect(found == ["Feature -> Base"])
  }

  @Test func whatThePackagesOwnBuildToolPluginGeneratesCounts() throws {
    let found = try redundant(
      [
        target("Feature", "Sources/Feature", dependsOn: ["Texts", "Localization"], sources: ["F.swift"]),
        target("Texts", "Plugins/Texts", .plugin, dependsOn: ["TextCompiler"], capability: .buildTool),
        target("TextCompiler", "Tools/TextCompiler", .executable, sources: ["main.swift"]),
        target("Localization", "Sources/Localization", sources: ["L.swift"]),
      ],
      files: [
        "Sources/Feature/F.swift": "let x = Strings.title\n",
        "Tools/TextCompiler/main.swift":
          "let source = \"\"\"\n  // Generated\n  import Localization\n\n  enum Strings {}\n  \"\"\"\n",
        "Sources/Localization/L.swift": "public let l = 1\n",
      ])
    #expect(found.isEmpty)
  }

  @Test func productsAreCheckedByTheirModules() throws {
    let catalog = ProductCatalog(known: [
      "SwiftToolsSupport-auto": [ProductModule(module: "TSCBasic"), ProductModule(module: "TSCUtility")],
      "Unused": [ProductModule(module: "UnusedModule")],
    ])
    let report = try lintProducts(
      "Feature", dependsOn: ["SwiftToolsSupport-auto", "NIOCore", "Unused", "Unresolved"],
      source: "import TSCBasic\nimport NIOCore\n", catalog: catalog)
    #expect(report.violations.map { $0.target ?? "" } == ["Unused"])
    #expect(report.violations.first?.targetLayer == nil)
    #expect(
      report.notes.map(\.message) == [
        "Feature -> Unresolved: cannot check \"Unresolved\": no file imports a module named Unresolved, and the product's package is not resolved, so its other modules are unknown (swift package resolve, then lint again)"
      ])
  }

  @Test func aProductReExportedByAnImportedProductIsUsed() throws {
    let folder = try TemporaryPackage(files: ["NIO/Exports.swift": "@_exported import NIOCore\n"])
    let catalog = ProductCatalog(known: [
      "NIO": [ProductModule(module: "NIO", sources: [folder.path + "/NIO/Exports.swift"])],
      "NIOCore": [ProductModule(module: "NIOCore")],
    ])
    let report = try lintProducts("Feature", dependsOn: ["NIO", "NIOCore"], source: "import NIO\n", catalog: catalog)
    #expect(report.violations.isEmpty)
  }

  @Test func aPluginOfAnotherPackageTurnsFindingsIntoNotes() throws {
    let catalog = ProductCatalog(
      known: ["OpenAPIRuntime": [ProductModule(module: "OpenAPIRuntime")]],
      pluginUsages: {
        $0 == "Client" ? ["OpenAPIGenerator"] : []
      })
    let report = try lintProducts(
      "Client", dependsOn: ["OpenAPIRuntime", "OpenAPIGenerator"], source: "let c = 1\n", catalog: catalog)
    #expect(report.violations.isEmpty)
    #expect(
      report.notes.map(\.text) == [
        "no file of Client imports \"OpenAPIRuntime\", but the code the build-tool plugin OpenAPIGenerator generates may (a plugin of another package; its code is not read)"
      ])
  }

  @Test func resolvedDependenciesAreFoundInWorkspaceState() {
    let json = """
      {"object": {"dependencies": [
        {"packageRef": {"identity": "swift-nio", "kind": "remoteSourceControl", "location": "https://x", "name": "swift-nio"},
         "state": {"name": "sourceControlCheckout"}, "subpath": "swift-nio"},
        {"packageRef": {"identity": "local", "kind": "fileSystem", "location": "/src/local", "name": "Local"},
         "state": {"name": "fileSystem"}, "subpath": "local"}]}, "version": 7}
      """
    let found = ResolvedDependencies.parse(Data(json.utf8), packageRoot: "/p", buildFolder: "/p/.build")
    #expect(found.map(\.folder) == ["/p/.build/checkouts/swift-nio", "/src/local"])
    #expect(found[1].matches("local") && found[1].matches("Local"))
  }

  @Test func emptyFilesHoldNoCode() {
    func hasCode(_ text: String) -> Bool {
      var text = text
      return text.withUTF8 { CodePresence.hasCode(in: $0) }
    }
    #expect(!hasCode("// a marker\n/* nested /* comment */ */\n\n"))
    #expect(hasCode("// x\nlet a = 1\n"))
    #expect(!hasCode(""))
  }

  // MARK: --fix

  @Test func fixRemovesFromTheWorkspaceStyleAndKeepsWhatTestsImport() {
    let manifest = """
      let core: [Module] = [
        .library("Store", dependsOn: ["Log", "Clock"], strings: true),
        .library("Cache", dependsOn: ["Store"], testsUse: ["Log", "Clock"]),
      ]
      """
    let fixer = DependencyFixer(
      manifestText: manifest, testedModule: { $0.hasSuffix("Tests") ? String($0.dropLast(5)) : nil },
      testImports: { test, dependency in test == "StoreTests" && dependency == "Clock" })
    let plan = fixer.plan(
      [],
      removing: [
        RedundantDependency(target: "Store", dependency: "Log"),
        RedundantDependency(target: "Store", dependency: "Clock"),
        RedundantDependency(target: "CacheTests", dependency: "Log"),
        RedundantDependency(target: "CacheTests", dependency: "Clock"),
      ])
    #expect(
      plan.edits.map(\.new) == [
        "  .library(\"Cache\", dependsOn: [\"Store\"]),",
        "  .library(\"Store\", dependsOn: [], testsUse: [\"Clock\"], strings: true),",
      ])
    #expect(plan.edits.last?.summary.contains("kept in its testsUse: its tests import it") == true)
  }

  @Test func fixPrintsTheEditForAnyOtherManifest() {
    let manifest = """
      targets: [
        .target(name: "A", dependencies: ["B", .product(name: "NIO", package: "swift-nio"), "C"]),
        .target(
          name: "D",
          dependencies: [
            "B",
            .product(name: "Logging", package: "swift-log"),
          ]),
      ]
      """
    let fixer = DependencyFixer(manifestText: manifest, testedModule: { _ in nil })
    let plan = fixer.plan(
      [],
      removing: [
        RedundantDependency(target: "A", dependency: "NIO"), RedundantDependency(target: "D", dependency: "Logging"),
        RedundantDependency(target: "Nowhere", dependency: "X"),
      ])
    #expect(plan.edits.isEmpty)
    #expect(
      plan.suggestions.map { $0.edit?.new } == [
        "  .target(name: \"A\", dependencies: [\"B\", \"C\"]),", "", nil,
      ])
    #expect(plan.suggestions[1].edit?.line == 7)
    #expect(plan.suggestions[2].summary == "remove \"X\" from the dependencies of Nowhere")
  }

  @Test func listItemsSplitOutsideCallsAndStrings() {
    #expect(
      ListItems.split(#""A", .product(name: "B", package: "b"), .target(name: "C, D"),"#) == [
        "\"A\"", ".product(name: \"B\", package: \"b\")", ".target(name: \"C, D\")",
      ])
    #expect(ListItems.name(of: ".product(name: \"B\", package: \"b\")") == "B")
  }
}

extension Dictionary where Key == String, Value == String {
  fileprivate static func + (lhs: Self, rhs: Self) -> Self { lhs.merging(rhs) { first, _ in first } }
}
