import Foundation
import PackagePlugin

/// Partner files and the vocabulary they are written in, made into Swift when a module is built.
///
/// - The module of the mechanism (the one with `Styles/schema.json`): the framework's element types
///   become typed keys (`StyleElement.title`, `StyleSchema.framework`), and its partner files
///   (`Partners/<id>.json`) are embedded, each checked against the framework and against what every
///   module of the package declares, so a new partner is a new file and nothing else, found wherever
///   the executable runs, and a toggle or screen nobody declares fails the build.
/// - A module that declares a vocabulary (`PartnerVocabulary.json`: the toggles it reads and the
///   screens it draws): typed constants (`FeatureToggle.someToggle`, `StyleScreen.someScreen`) and
///   `PartnerVocabulary.module`, which the module hands to the app that composes it.
@main
struct PartnerFiles: BuildToolPlugin {
  static let declarationFile = "PartnerVocabulary.json"

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    let tool = try context.tool(named: "PartnerFileCompiler").url
    let schema = Self.schema(in: module)
    if FileManager.default.fileExists(atPath: schema.path) {
      return [partnersCommand(context: context, module: module, schema: schema, tool: tool)]
    }
    let declaration = module.directoryURL.appending(path: Self.declarationFile)
    guard FileManager.default.fileExists(atPath: declaration.path) else { return [] }
    let frameworkSchema = module.recursiveTargetDependencies.compactMap { $0 as? SourceModuleTarget }.map(Self.schema)
      .first { FileManager.default.fileExists(atPath: $0.path) }
    guard let frameworkSchema else {
      throw PartnerFilesError(
        "\(target.name) declares a partner vocabulary (\(Self.declarationFile)) but depends on no module with "
          + "the framework's style schema (Styles/schema.json)")
    }
    let output = context.pluginWorkDirectoryURL.appending(path: "DeclaredPartnerVocabulary.swift")
    return [
      .buildCommand(
        displayName: "Partner vocabulary of \(target.name)", executable: tool,
        arguments: ["vocabulary", target.name, frameworkSchema.path, declaration.path, output.path],
        inputFiles: [frameworkSchema, declaration], outputFiles: [output])
    ]
  }

  static func schema(in module: SourceModuleTarget) -> URL {
    module.directoryURL.appending(path: "Styles").appending(path: "schema.json")
  }

  /// The framework's keys and the shipped partners, checked against every declaration of the package.
  func partnersCommand(context: PluginContext, module: SourceModuleTarget, schema: URL, tool: URL) -> Command {
    let folder = module.directoryURL.appending(path: "Partners")
    let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
    let partners = files.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    let declarations = context.package.targets.compactMap { $0 as? SourceModuleTarget }.compactMap {
      target -> (name: String, file: URL)? in
      let file = target.directoryURL.appending(path: Self.declarationFile)
      return FileManager.default.fileExists(atPath: file.path) ? (target.name, file) : nil
    }
    let keys = context.pluginWorkDirectoryURL.appending(path: "StyleKeys.swift")
    let embedded = context.pluginWorkDirectoryURL.appending(path: "ShippedPartners.swift")
    return .buildCommand(
      displayName: "Style schema and partner files of \(module.name)", executable: tool,
      arguments: ["partners", module.name, schema.path, keys.path, embedded.path]
        + declarations.flatMap { ["--declaration", "\($0.name)=\($0.file.path)"] } + partners.map(\.path),
      inputFiles: [schema] + declarations.map(\.file) + partners, outputFiles: [keys, embedded])
  }
}

struct PartnerFilesError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
