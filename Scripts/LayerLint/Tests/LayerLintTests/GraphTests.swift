import Foundation
import Testing

@testable import LayerLintManifestReader
@testable import LayerLintWorkspaceTools

@Suite struct GraphTests {
  private let manifest = PackageManifest(
    name: "G",
    targets: [
      target("App", "App/App", .executable, dependsOn: ["Feature", "Log"]),
      target("Feature", "Domain/Feature", dependsOn: ["Store", "Log"]),
      target("Store", "Core/Store", dependsOn: ["CLib", "Log"]),
      target("CLib", "Core/CLib", .systemLibrary),
      target("Log", "Shared/Log"),
      target("StoreTests", "Tests/StoreTests", .test, dependsOn: ["Store"]),
    ])

  @Test func statsGiveHeightAndFans() {
    let graph = ModuleGraph(manifest: manifest, configuration: .standard)
    #expect(graph.modules == ["App", "Feature", "Store", "Log"])
    #expect(graph.height == 3)
    #expect(graph.longestPath == ["App", "Feature", "Store", "Log"])
    #expect(graph.fanIn == ["App": 0, "Feature": 1, "Store": 1, "Log": 3])
    #expect(graph.fanOut == ["App": 2, "Feature": 2, "Store": 1, "Log": 0])
    #expect(GraphRenderer.stats(graph).contains("height: 3 (App -> Feature -> Store -> Log)"))
  }

  @Test func mermaidHasLayersTopToBottomAndNoTestsOrSystemLibraries() {
    let mermaid = GraphRenderer.mermaid(ModuleGraph(manifest: manifest, configuration: .standard))
    #expect(mermaid.hasPrefix("flowchart TB\n  subgraph layer_App [App]\n"))
    let appIndex = mermaid.range(of: "layer_App")!.lowerBound
    let sharedIndex = mermaid.range(of: "layer_Shared")!.lowerBound
    #expect(appIndex < sharedIndex)
    #expect(mermaid.contains("  Store --> Log\n"))
    #expect(!mermaid.contains("CLib") && !mermaid.contains("StoreTests"))
    #expect(
      GraphRenderer.dot(ModuleGraph(manifest: manifest, configuration: .standard)).contains("\"App\" -> \"Feature\";"))
  }

  @Test func readmeSectionIsWrittenCheckedAndReplaced() throws {
    let package = try TemporaryPackage(files: ["README.md": "# Title\n\nText.\n"])
    let json = try TemporaryPackage(files: ["d.json": describeJSON()])
    let captured = CapturedConsole()
    let command = GraphCommand(console: captured.console)
    let base = ["--package-path", package.path, "--manifest-json", json.path + "/d.json"]
    #expect(command.run(base + ["--check", "README.md"]) == 1)
    #expect(command.run(base + ["--write", "README.md"]) == 0)
    #expect(command.run(base + ["--check", "README.md"]) == 0)
    let written = try #require(package.read("README.md"))
    #expect(
      written.hasPrefix(
        "# Title\n\nText.\n\n## Module graph\n\n<!-- module-graph:begin -->\n```mermaid\nflowchart TB\n"))
    let edited = written.replacingOccurrences(of: "  Feature --> Log\n", with: "")
    try Data(edited.utf8).write(to: package.root.appendingPathComponent("README.md"))
    #expect(command.run(base + ["--check", "README.md"]) == 1)
    #expect(
      captured.standardError.contains(
        "README.md: the module graph is stale; run Scripts/module-graph --write README.md"))
    #expect(command.run(base + ["--write", "README.md"]) == 0)
    #expect(package.read("README.md") == written)
    #expect(command.run(["--format", "xml"]) == 64)
  }

  private func describeJSON() -> String {
    """
    {"name": "G", "targets": [
      {"name": "App", "path": "App/App", "type": "executable", "target_dependencies": ["Feature", "Log"]},
      {"name": "Feature", "path": "Domain/Feature", "type": "library", "target_dependencies": ["Log"]},
      {"name": "Log", "path": "Shared/Log", "type": "library"}
    ]}
    """
  }
}
