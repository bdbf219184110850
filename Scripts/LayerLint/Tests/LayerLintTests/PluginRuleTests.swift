import Foundation
import Testing

@testable import LayerLintEngine
@testable import LayerLintManifestReader
@testable import LayerLintWorkspaceTools

/// Plugins are tooling: a layer module may use a build-tool plugin from a tooling folder, nothing else.
@Suite struct PluginRuleTests {
  private let tooling = [
    target("Tables", "Scripts/Plugins/Tables", .plugin, dependsOn: ["TableTool"], capability: .buildTool),
    target("Tidy", "Scripts/Plugins/Tidy", .plugin, capability: .command),
    target("TableTool", "Scripts/Tools/TableTool", .executable),
  ]

  private func summary(_ violations: [Violation]) -> Set<String> {
    Set(violations.map { "\($0.rule.rawValue) \($0.source)->\($0.target ?? "")" })
  }

  @Test func aLayerModuleMayUseABuildToolPluginFromAToolingFolder() throws {
    let violations = try lint(
      tooling + [
        target("Kit", "Core/Kit", dependsOn: ["Tables"]), target("Base", "Shared/Base", dependsOn: ["Tables"]),
      ],
      configuration: .withoutCoverage)
    #expect(violations.isEmpty)
  }

  @Test func aCommandPluginAPluginInALayerFolderAndAToolingExecutableAreRefused() throws {
    let violations = try lint(
      tooling + [
        target("Kit", "Core/Kit", dependsOn: ["Tidy", "Stray", "TableTool"]),
        target("Stray", "Core/StrayPlugin", .plugin, capability: .buildTool),
      ], configuration: .withoutCoverage)
    #expect(
      summary(violations) == [
        "tooling-dependency Kit->Tidy", "tooling-dependency Kit->Stray", "tooling-dependency Kit->TableTool",
        "unknown-layer Stray->",
      ])
    let byTarget = Dictionary(violations.map { ($0.target ?? $0.source, $0) }, uniquingKeysWith: { first, _ in first })
    #expect(
      byTarget["Tidy"]?.message
        == "Kit (Core) -> Tidy (Scripts): uses a command plugin, which a build never runs (only `swift package` on "
        + "request). Fix: remove \"Tidy\" from Kit's plugins in Package.swift; a module uses only build-tool plugins")
    #expect(byTarget["Stray"]?.fix == "move Stray to Scripts/Plugins/Stray/ and update its path in Package.swift")
    #expect(
      byTarget["Kit"] == nil
        && violations.first { $0.rule == .unknownLayer }?.problem
          == "a plugin lives in Core/StrayPlugin/, inside a layer folder; plugins are tooling"
    )
  }

  @Test func pluginsNeitherNeedTestsNorOwnersNorAppearInTheGraph() throws {
    let targets =
      tooling + [
        target("Kit", "Core/Kit", dependsOn: ["Tables"]),
        target("KitTests", "Tests/KitTests", .test, dependsOn: ["Kit"]),
      ]
    let violations = try lint(targets, files: ["CODEOWNERS": "/Core/Kit/ @team\n"])
    #expect(violations.isEmpty)
    let graph = ModuleGraph(manifest: PackageManifest(name: "P", targets: targets), configuration: .standard)
    #expect(graph.modules == ["Kit"])
    #expect(GraphRenderer.mermaid(graph).contains("Kit") && !GraphRenderer.mermaid(graph).contains("Tables"))
  }

  @Test func describeGivesThePluginCapability() throws {
    let json = """
      {"name": "P", "targets": [
        {"name": "Tables", "path": "Scripts/Plugins/Tables", "type": "plugin", "plugin_capability": {"type": "buildTool"}},
        {"name": "Tidy", "path": "Scripts/Plugins/Tidy", "type": "plugin",
         "plugin_capability": {"type": "command", "intent": {"type": "custom", "verb": "tidy"}, "permissions": []}},
        {"name": "Old", "path": "Scripts/Plugins/Old", "type": "plugin"},
        {"name": "Kit", "path": "Core/Kit", "type": "library", "target_dependencies": ["Tables"]}
      ]}
      """
    let manifest = try JSONDecoder().decode(PackageManifest.self, from: Data(json.utf8))
    #expect(manifest.targets.map(\.pluginCapability) == [.buildTool, .command, .other, nil])
    #expect(manifest.targets.map(\.isPlugin) == [true, true, true, false])
  }
}
