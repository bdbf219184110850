import Foundation
import PackagePlugin

/// Partner files and the vocabulary they are written in, made into Swift when a module is built.
/// Each build reads only files of its own module and of the modules below it, but for an app, the
/// top of the layers, which reads what the package's modules declare. (The mechanism's module, the
/// one with `Styles/schema.json`, uses the StyleKeys plugin instead: it reads no declaration.)
///
/// - A module that declares a vocabulary (`PartnerVocabulary.json`: the toggles it reads and the
///   screens it draws): typed constants (`FeatureToggle.someToggle`, `StyleScreen.someScreen`) and
///   `PartnerVocabulary.module`, which the module hands to the app that composes it.
/// - An app (an executable target that uses the plugin): the partner files beside the apps
///   (`App/Partners/<id>.json`, the folder next to the app's own) are embedded as
///   `ShippedPartners.catalogue`, each checked against the framework and against what every module
///   of the package declares, so a new partner is a new file and nothing else, found wherever the
///   executable runs, and a toggle or screen nobody declares fails the build.
@main
struct PartnerFiles: BuildToolPlugin {
  static let declarationFile = "PartnerVocabulary.json"

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    let tool = try context.tool(named: "PartnerFileCompiler").url
    let frameworkSchema = module.recursiveTargetDependencies.compactMap { $0 as? SourceModuleTarget }.map(Self.schema)
      .first { FileManager.default.fileExists(atPath: $0.path) }
    var commands: [Command] = []
    let declaration = module.directoryURL.appending(path: Self.declarationFile)
    let declares = FileManager.default.fileExists(atPath: declaration.path)
    if declares || module.kind == .executable {
      guard let frameworkSchema else {
        throw PartnerFilesError(
          "\(target.name) uses partner files or declares a partner vocabulary (\(Self.declarationFile)) but depends "
            + "on no module with the framework's style schema (Styles/schema.json)")
      }
      if declares {
        let output = context.pluginWorkDirectoryURL.appending(path: "DeclaredPartnerVocabulary.swift")
        commands.append(
          .buildCommand(
            displayName: "Partner vocabulary of \(target.name)", executable: tool,
            arguments: ["vocabulary", target.name, frameworkSchema.path, declaration.path, output.path],
            inputFiles: [frameworkSchema, declaration], outputFiles: [output]))
      }
      if module.kind == .executable {
        commands.append(partnersCommand(context: context, module: module, schema: frameworkSchema, tool: tool))
      }
    }
    return commands
  }

  static func schema(in module: SourceModuleTarget) -> URL {
    module.directoryURL.appending(path: "Styles").appending(path: "schema.json")
  }

  /// The partner files beside the apps (`App/Partners`), checked against the framework and every
  /// declaration of the package, and embedded in the app.
  func partnersCommand(context: PluginContext, module: SourceModuleTarget, schema: URL, tool: URL) -> Command {
    let folder = module.directoryURL.deletingLastPathComponent().appending(path: "Partners")
    let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
    let partners = files.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    let declarations = context.package.targets.compactMap { $0 as? SourceModuleTarget }.compactMap {
      target -> (name: String, file: URL)? in
      let file = target.directoryURL.appending(path: Self.declarationFile)
      return FileManager.default.fileExists(atPath: file.path) ? (target.name, file) : nil
    }
    let label = folder.pathComponents.suffix(2).joined(separator: "/")
    let embedded = context.pluginWorkDirectoryURL.appending(path: "ShippedPartners.swift")
    return .buildCommand(
      displayName: "Partner files of \(module.name)", executable: tool,
      arguments: ["partners", label, schema.path, embedded.path]
        + declarations.flatMap { ["--declaration", "\($0.name)=\($0.file.path)"] } + partners.map(\.path),
      inputFiles: [schema] + declarations.map(\.file) + partners, outputFiles: [embedded])
  }
}

struct PartnerFilesError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
