import LayerLintManifestReader

/// The modules a target may import because of what it declares: each dependency's module and, for a
/// product of another package, the modules of the product's targets; with what each of them re-exports
/// (`@_exported import`, followed through further re-exports, into other packages too).
package struct DeclaredModules {
  let workspace: Workspace
  let reexports: ReexportIndex
  /// The other packages of the graph; `nil` when it is not resolved.
  let graph: PackageGraph?
  /// The package each product dependency names (`.product(name:package:)`).
  let productPackages: [String: String]

  /// The modules a dependency on `dependency` (a target of the package, or a product) lets a file import;
  /// `nil` for a product no package of the graph has (it cannot be told).
  package func modules(of dependency: String, isProduct: Bool) -> Set<String>? {
    if isProduct {
      return graph?.exposedModules(ofProduct: dependency, package: productPackages[dependency])
    }
    guard let target = workspace.targetsByName[dependency] else { return [] }
    let own = reexports.closure(of: [target.moduleName])
    return graph?.reexportClosure(of: own) ?? own
  }

  /// The module a name of the graph's packages declares (a target of another package), if any.
  package func foreignOwner(of module: String) -> (member: PackageGraph.Member, target: ManifestTarget)? {
    guard workspace.target(importedAs: module) == nil else { return nil }
    return graph?.owner(ofModule: module)
  }
}
