import Foundation
import LayerLintEngine
import LayerLintManifestReader

/// Why `api` cannot run; one line.
struct APIError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

/// The workspace's API contracts: which modules have one, where each file is, the API each built
/// module has now, and who must hear of a breaking change.
struct APIContracts {
  let packagePath: String
  let configuration: LayeringConfiguration
  let manifest: PackageManifest

  private var workspace: Workspace { Workspace(manifest: manifest, configuration: configuration, manifestText: nil) }

  /// Library modules in layers (no executables, tests, test support, system libraries or tooling),
  /// as `Scripts/docs` documents them.
  var modules: [ManifestTarget] {
    DocsBuild(
      packagePath: packagePath, configuration: configuration, manifest: manifest, enforcedLayers: [],
      console: Console(writeOutput: { _ in }, writeError: { _ in })
    ).libraryModules.sorted { $0.name < $1.name }
  }

  /// `<folder>/<Module>.api`, relative to the package root.
  static func file(of module: ManifestTarget) -> String { "\(module.path)/\(module.name).api" }

  /// The API each of `modules` has in the debug build, as its file's text, by module name: the symbol
  /// graphs extracted as `Scripts/docs` extracts them (built first unless `buildsFirst` is false).
  func builtAPIs(of modules: [ManifestTarget], buildsFirst: Bool) throws -> [String: String] {
    guard !modules.isEmpty else { return [:] }
    let work = URL(fileURLWithPath: packagePath).appendingPathComponent(".build/api")
    try? FileManager.default.removeItem(at: work)
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let extraction = DocsBuild(
      packagePath: packagePath, configuration: configuration, manifest: manifest, enforcedLayers: [],
      console: Console(writeOutput: { _ in }, writeError: { _ in }), buildsFirst: buildsFirst)
    let folder = try extraction.symbolGraphs(of: modules, in: work, extensionBlocks: true)
    var texts: [String: String] = [:]
    for module in modules {
      let files = SymbolGraphCoverage.files(of: module.moduleName, in: folder)
      guard !files.isEmpty else { throw APIError(message: "no symbol graph of \(module.name) in \(folder.path)") }
      texts[module.name] = APIRenderer(module: module.name, graph: try SymbolGraph.load(files)).render()
    }
    return texts
  }

  /// The modules that declare `module` as a dependency (apps and test support included, tests left
  /// out), and the owners of each (CODEOWNERS).
  func importers(of module: String) -> (modules: [String], approvals: [(owner: String, modules: [String])]) {
    let importers = manifest.targets.filter { !$0.isTest && $0.targetDependencies.contains(module) }
      .sorted { $0.name < $1.name }
    let ownersText = try? String(
      contentsOf: URL(fileURLWithPath: packagePath).appendingPathComponent(configuration.ownersFile), encoding: .utf8)
    let owners = ownersText.map(CodeOwners.init(text:))
    var approvals: [String: [String]] = [:]
    for importer in importers {
      for owner in owners?.owners(ofDirectory: importer.path) ?? [] {
        approvals[owner, default: []].append(importer.name)
      }
    }
    return (importers.map(\.name), approvals.keys.sorted().map { ($0, approvals[$0]!) })
  }

  /// `needs approval from @a (owners of X, Y), @b (owners of Z)`, or why no one is asked.
  static func approvalPhrase(
    _ importers: (modules: [String], approvals: [(owner: String, modules: [String])])
  )
    -> String
  {
    if importers.modules.isEmpty { return "no module imports it" }
    if importers.approvals.isEmpty {
      return "imported by \(importers.modules.joined(separator: ", ")), which have no owner"
    }
    return "needs approval from "
      + importers.approvals.map { "\($0.owner) (owners of \($0.modules.joined(separator: ", ")))" }.joined(
        separator: ", ")
  }
}
