import Foundation
import PackagePlugin

/// `swift package lint-layers [options]`: the layering lint as a SwiftPM command plugin, for any package
/// that depends on this one. It runs the lint's executable (`layer-lint`, which SwiftPM builds for it the
/// first time) on the package the command runs in, with the same options and output formats as
/// `Scripts/lint-layers`, and hands it what SwiftPM already knows: every package of the resolved graph
/// with its products, targets and sources (`PackageGraphWriter`), so the lint describes none of them. `--fix` prints the edits to `Package.swift` instead of making them:
/// the plugin asks for no permission to write the package.
@main
struct LintLayersPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "layer-lint")
    let graph = context.pluginWorkDirectoryURL.appendingPathComponent("package-graph.json")
    try PackageGraphWriter.json(dependenciesOf: context.package).write(to: graph, options: .atomic)
    var environment = ProcessInfo.processInfo.environment
    if let swift = try? context.tool(named: "swift") { environment["SWIFT_EXEC_FOR_LINT"] = swift.url.path }
    let process = Process()
    process.executableURL = tool.url
    process.arguments =
      ["lint", "--package-path", context.package.directoryURL.path, "--plugin-graph", graph.path]
      + arguments
    process.environment = environment
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      // SwiftPM reports "Plugin ended with exit code N" and exits 1.
      exit(process.terminationStatus)
    }
  }
}
