import Foundation
import Testing

@testable import LayerLintEngine
@testable import LayerLintManifestReader
@testable import LayerLintWorkspaceTools

/// `export`: which modules and tests go, which edges refuse, and the manifest it writes.
@Suite struct ExportTests {
  private let workspace = Workspace(
    manifest: PackageManifest(
      name: "T",
      targets: [
        target("Tool", "App/Tool", .executable, dependsOn: ["Feature"]),
        target("Feature", "Domain/Feature", dependsOn: ["Store", "Log"]),
        target("Store", "Core/Store", dependsOn: ["CLib", "Log"]),
        target("CLib", "Core/CLib", .systemLibrary),
        target("Clock", "Core/Clock"),
        target("Log", "Shared/Log"),
        target("FeatureTests", "Tests/FeatureTests", .test, dependsOn: ["Feature", "Store", "Log"]),
        target("StoreTests", "Tests/StoreTests", .test, dependsOn: ["Store", "Log", "Clock"]),
        target("ClockTests", "Tests/ClockTests", .test, dependsOn: ["Clock", "Feature"]),
        target("LogTests", "Tests/LogTests", .test, dependsOn: ["Log"]),
        target("EndToEndTests", "Tests/EndToEndTests", .test, dependsOn: ["Tool"]),
      ]), configuration: .standard, manifestText: nil)

  @Test func aClosedSelectionTakesItsModulesAndTheirTests() throws {
    let selection = try ExportSelection.make(
      workspace: workspace, layers: ["shared"], modules: ["Store", "CLib", "Clock"], configuration: .standard)
    #expect(Set(selection.modules.map(\.name)) == ["Store", "CLib", "Clock", "Log"])
    #expect(Set(selection.tests.map(\.name)) == ["StoreTests", "ClockTests", "LogTests"])
    // ClockTests needs Feature, which is left out: the tests of a chosen module must build too.
    #expect(selection.leftOut.map { "\($0.source)->\($0.target)" } == ["ClockTests->Feature"])
    #expect(
      selection.refusal(chosenLayers: ["Shared"])
        == "refused: a chosen module depends on modules left out: ClockTests (tests of Clock) -> Feature (Domain); export them too (--layers Shared,Domain) or remove the dependencies"
    )
  }

  @Test func testSupportModulesGoAlongWithTheTestsThatUseThem() throws {
    var configuration = LayeringConfiguration.standard
    configuration.testSupportModules = ["Harness", "CHarness"]
    let workspace = Workspace(
      manifest: PackageManifest(
        name: "T",
        targets: [
          target("Feature", "Domain/Feature", dependsOn: ["Log"]),
          target("Log", "Shared/Log"),
          target("Harness", "Tests/Harness", dependsOn: ["CHarness"]),
          target("CHarness", "Tests/CHarness"),
          target("LogTests", "Tests/LogTests", .test, dependsOn: ["Log", "Harness"]),
          target("FeatureTests", "Tests/FeatureTests", .test, dependsOn: ["Feature", "Log", "Harness"]),
          target("HarnessTests", "Tests/HarnessTests", .test, dependsOn: ["Harness"]),
        ]), configuration: configuration, manifestText: nil)
    let shared = try ExportSelection.make(
      workspace: workspace, layers: ["Shared"], modules: [], configuration: configuration)
    #expect(shared.leftOut.isEmpty)
    #expect(shared.tests.map(\.name) == ["LogTests"])
    #expect(Set(shared.tooling.map(\.name)) == ["Harness", "CHarness"])
    let none = try ExportSelection.make(
      workspace: workspace, layers: [], modules: ["Feature"], configuration: configuration)
    #expect(none.leftOut.map { "\($0.source)->\($0.target)" } == ["Feature->Log", "FeatureTests->Log"])
  }

  @Test func aModuleThatNeedsALowerLayerIsRefusedNamingTheEdge() throws {
    let selection = try ExportSelection.make(
      workspace: workspace, layers: ["Domain"], modules: [], configuration: .standard)
    #expect(
      selection.refusal(chosenLayers: ["Domain"])
        == "refused: a chosen module depends on modules left out: Feature (Domain) -> Store (Core), Log (Shared); export them too (--layers Domain,Core,Shared) or remove the dependencies"
    )
  }

  @Test func unknownLayersAndModulesAreUsageErrors() {
    #expect(throws: UsageError.self) {
      try ExportSelection.make(workspace: workspace, layers: ["Moon"], modules: [], configuration: .standard)
    }
    #expect(throws: UsageError.self) {
      try ExportSelection.make(workspace: workspace, layers: [], modules: ["Nope"], configuration: .standard)
    }
  }

  @Test func theManifestWriterReproducesTargetsSettingsAndProducts() throws {
    let dump = """
      {"name": "P", "toolsVersion": {"_version": "6.0.0"}, "platforms": [{"platformName": "macos", "version": "14.0"}],
       "products": [{"name": "A", "targets": ["A"], "type": {"library": ["automatic"]}},
                    {"name": "tool", "targets": ["Tool"], "type": {"executable": null}},
                    {"name": "Both", "targets": ["A", "Left"], "type": {"library": ["dynamic"]}}],
       "targets": [
        {"name": "A", "type": "regular", "path": "Core/A", "exclude": ["README.md"], "dependencies": [
            {"byName": ["Sys", null]}, {"target": ["B", {"platformNames": ["linux"]}]}],
         "resources": [{"path": "data.json", "rule": {"copy": {}}}],
         "settings": [{"tool": "swift", "kind": {"define": {"_0": "ON"}}},
                      {"tool": "swift", "kind": {"define": {"_0": "DBG"}}, "condition": {"config": "debug"}},
                      {"tool": "linker", "kind": {"linkedLibrary": {"_0": "m"}}}]},
        {"name": "B", "type": "regular", "path": "Core/B", "dependencies": [], "settings": []},
        {"name": "Left", "type": "regular", "path": "Domain/Left", "dependencies": [], "settings": []},
        {"name": "Sys", "type": "system", "path": "Core/Sys", "pkgConfig": "z", "providers": [{"apt": [["zlib1g-dev"]]}]},
        {"name": "ATests", "type": "test", "path": "Tests/ATests", "dependencies": [{"byName": ["A", null]}], "settings": []}]}
      """
    let writer = try ManifestWriter(dumpPackage: Data(dump.utf8))
    let manifest = try writer.manifest(name: "Out", targetNames: ["A", "B", "Sys", "ATests"], header: ["exported"])
    #expect(
      manifest == """
        // swift-tools-version: 6.0
        // exported
        import PackageDescription

        let package = Package(
          name: "Out",
          platforms: [.macOS("14.0")],
          products: [
            .library(name: "A", targets: ["A"]),
          ],
          targets: [
            .target(name: "A", dependencies: ["Sys", .target(name: "B", condition: .when(platforms: [.linux]))], path: "Core/A", exclude: ["README.md"], resources: [.copy("data.json")], swiftSettings: [.define("ON"), .define("DBG", .when(configuration: .debug))], linkerSettings: [.linkedLibrary("m")]),
            .target(name: "B", path: "Core/B"),
            .systemLibrary(name: "Sys", path: "Core/Sys", pkgConfig: "z", providers: [.apt(["zlib1g-dev"])]),
            .testTarget(name: "ATests", dependencies: ["A"], path: "Tests/ATests"),
          ]
        )

        """)
  }

  @Test func whatTheWriterCannotReproduceIsAnError() throws {
    let dump = """
      {"name": "P", "targets": [{"name": "A", "type": "regular", "path": "A",
        "dependencies": [{"product": ["Algorithms", "swift-algorithms", null, null]}]}]}
      """
    let writer = try ManifestWriter(dumpPackage: Data(dump.utf8))
    #expect(throws: ExportError.self) { try writer.manifest(name: "X", targetNames: ["A"], header: []) }
  }

  @Test func buildToolPluginsGoAlongWithTheirToolsButNothingElseOfTheTooling() throws {
    let workspace = Workspace(
      manifest: PackageManifest(
        name: "T",
        targets: [
          target("Kit", "Core/Kit", dependsOn: ["Tables", "Base"]),
          target("Base", "Shared/Base"),
          target("Other", "Core/Other", dependsOn: ["Tidy"]),
          target("Tables", "Scripts/Plugins/Tables", .plugin, dependsOn: ["TableTool"], capability: .buildTool),
          target("TableTool", "Scripts/Tools/TableTool", .executable, dependsOn: ["Support"]),
          target("Support", "Scripts/Tools/Support"),
          target("Tidy", "Scripts/Plugins/Tidy", .plugin, capability: .command),
          target("Unused", "Scripts/Tools/Unused", .executable),
          target("KitTests", "Tests/KitTests", .test, dependsOn: ["Kit"]),
        ]), configuration: .standard, manifestText: nil)
    let selection = try ExportSelection.make(
      workspace: workspace, layers: [], modules: ["Kit", "Base"], configuration: .standard)
    #expect(selection.leftOut.isEmpty)
    #expect(selection.tooling.map(\.name) == ["Tables", "TableTool", "Support"])
    let owners = ExportedPackage.owners(
      selection.modules + selection.tests + selection.tooling, workspace: workspace,
      owners: CodeOwners(text: "/Core/ @core\n/Shared/ @shared\n/Scripts/ @tools\n"))
    #expect(owners.contains("# Tooling\n/Scripts/Plugins/Tables/       @tools\n"))
    // A command plugin is no build tool: the module that uses it cannot go alone.
    let refused = try ExportSelection.make(
      workspace: workspace, layers: [], modules: ["Other"], configuration: .standard)
    #expect(refused.leftOut.map { "\($0.source)->\($0.target)" } == ["Other->Tidy"])
    #expect(refused.tooling.isEmpty)
  }

  @Test func theManifestWriterWritesBuildToolPluginsAndTheirUse() throws {
    let dump = """
      {"name": "P", "toolsVersion": {"_version": "6.1.0"}, "targets": [
        {"name": "Kit", "type": "regular", "path": "Core/Kit", "exclude": ["Strings"], "dependencies": [],
         "pluginUsages": [{"plugin": ["Tables", null]}], "settings": []},
        {"name": "TableTool", "type": "executable", "path": "Scripts/Tools/TableTool", "dependencies": []},
        {"name": "Tables", "type": "plugin", "path": "Scripts/Plugins/Tables", "pluginCapability": {"buildTool": null},
         "dependencies": [{"byName": ["TableTool", null]}], "packageAccess": true},
        {"name": "Tidy", "type": "plugin", "path": "Scripts/Plugins/Tidy",
         "pluginCapability": {"command": {"intent": {"custom": {"verb": "tidy", "description": "d"}}, "permissions": []}}},
        {"name": "Other", "type": "regular", "path": "Core/Other", "pluginUsages": [{"plugin": ["Lint", "swift-lint"]}]}]}
      """
    let writer = try ManifestWriter(dumpPackage: Data(dump.utf8))
    let manifest = try writer.manifest(name: "Out", targetNames: ["Kit", "TableTool", "Tables"], header: [])
    #expect(
      manifest.contains(
        """
            .target(name: "Kit", path: "Core/Kit", exclude: ["Strings"], plugins: ["Tables"]),
            .executableTarget(name: "TableTool", path: "Scripts/Tools/TableTool"),
            .plugin(name: "Tables", capability: .buildTool(), dependencies: ["TableTool"], path: "Scripts/Plugins/Tables"),

        """))
    #expect(throws: ExportError.self) { try writer.manifest(name: "X", targetNames: ["Tidy"], header: []) }
    #expect(throws: ExportError.self) { try writer.manifest(name: "X", targetNames: ["Other"], header: []) }
  }

  @Test func anExportOfTheEdgesFixtureLoadsAndKeepsItsDefines() throws {
    let folder = try TemporaryPackage(files: [:])
    let destination = folder.root.appendingPathComponent("out").path
    let captured = CapturedConsole()
    let status = ExportCommand(console: captured.console).run([
      "--package-path", fixturePath("Edges"), "--modules", "Flags,Other", "--name", "EdgesPart", destination,
    ])
    #expect(status == 0, "\(captured.standardError)")
    let manifest = try String(contentsOfFile: destination + "/Package.swift", encoding: .utf8)
    #expect(
      manifest.contains(
        #".target(name: "Flags", dependencies: ["Other"], swiftSettings: [.define("FLAG_ON"), .define("ONLY_LINUX", .when(platforms: [.linux]))]),"#
      ))
    #expect(manifest.contains("// EdgesPart: Flags, Other of Edges, exported by Scripts/export."))
    #expect(!FileManager.default.fileExists(atPath: destination + "/Sources/Consumer"))
    let described = try ManifestLoader().load(packagePath: destination)
    #expect(Set(described.targets.map(\.name)) == ["Flags", "Other"])
    let again = ExportCommand(console: CapturedConsole().console).run([
      "--package-path", fixturePath("Edges"), "--modules", "Other", destination,
    ])
    #expect(again == ExitCode.usage)
    let refused = CapturedConsole()
    let refusedStatus = ExportCommand(console: refused.console).run([
      "--package-path", fixturePath("Edges"), "--modules", "Flags", folder.root.appendingPathComponent("no").path,
    ])
    #expect(refusedStatus == ExitCode.violations)
    #expect(
      refused.standardError
        == "export: refused: a chosen module depends on modules left out: Flags -> Other; export those modules too (--modules) or remove the dependencies\n"
    )
    #expect(!FileManager.default.fileExists(atPath: folder.root.appendingPathComponent("no").path))
  }
}
