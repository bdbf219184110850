import Foundation
import PackagePlugin

/// Turns a module's style schema (`Styles/schema.json`) into typed keys (`StyleElement.title`,
/// `StyleScreen.dashboard`, `StyleSchema.workspace`), so a wrong name fails the build, not the run;
/// and embeds its partner files (`Partners/<id>.json`), so a new partner is a new file and nothing
/// else, found wherever the executable runs.
@main
struct PartnerFiles: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    let schema = module.directoryURL.appending(path: "Styles").appending(path: "schema.json")
    guard FileManager.default.fileExists(atPath: schema.path) else { return [] }
    let folder = module.directoryURL.appending(path: "Partners")
    let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
    let partners = files.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    let keys = context.pluginWorkDirectoryURL.appending(path: "StyleKeys.swift")
    let embedded = context.pluginWorkDirectoryURL.appending(path: "ShippedPartners.swift")
    return [
      .buildCommand(
        displayName: "Style schema and partner files of \(target.name)",
        executable: try context.tool(named: "PartnerFileCompiler").url,
        arguments: [target.name, schema.path, keys.path, embedded.path] + partners.map(\.path),
        inputFiles: [schema] + partners, outputFiles: [keys, embedded])
    ]
  }
}
