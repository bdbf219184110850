import Foundation
import PackagePlugin

/// Turns a module's `Strings/<language>.json` tables into typed Swift keys (`Strings.suppliesTitle`,
/// `Strings.suppliesConsumed(item:quantity:)`), so a wrong name fails the build, not the run; the
/// compiler refuses a key missing in a language and placeholders that differ between languages.
@main
struct StringTables: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    let directory = module.directoryURL.appending(path: "Strings")
    let tables = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
    let inputs = tables.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    guard !inputs.isEmpty else { return [] }
    let output = context.pluginWorkDirectoryURL.appending(path: "Strings.swift")
    return [
      .buildCommand(
        displayName: "String tables of \(target.name)",
        executable: try context.tool(named: "StringTableCompiler").url,
        arguments: [target.name, output.path] + inputs.map(\.path),
        inputFiles: inputs, outputFiles: [output])
    ]
  }
}
