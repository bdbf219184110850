import Foundation
import PackagePlugin

/// The framework's style schema made into Swift when its module is built: the module of the mechanism
/// (the one with `Styles/schema.json`) gets typed keys (`StyleElement.title`, `StyleSchema.framework`).
/// It reads that file only: the words the modules above declare are the PartnerFiles plugin's.
@main
struct StyleKeys: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    let schema = module.directoryURL.appending(path: "Styles").appending(path: "schema.json")
    guard FileManager.default.fileExists(atPath: schema.path) else { return [] }
    let keys = context.pluginWorkDirectoryURL.appending(path: "StyleKeys.swift")
    return [
      .buildCommand(
        displayName: "Style schema of \(module.name)", executable: try context.tool(named: "StyleKeyCompiler").url,
        arguments: [module.name, schema.path, keys.path], inputFiles: [schema], outputFiles: [keys])
    ]
  }
}
