import LayerLintEngine
import LayerLintManifestReader

/// The workspace's module dependency graph: layer modules only (no tests, system libraries, plugins or tooling).
struct ModuleGraph: Sendable {
  /// A layer and its modules, alphabetically.
  struct LayerGroup: Sendable {
    /// The layer's name.
    let name: String
    /// The modules in the layer.
    let modules: [String]
  }

  /// Layers top to bottom; layers without modules are left out.
  let layers: [LayerGroup]
  /// Direct dependencies of each module, in manifest order, restricted to modules of the graph.
  let dependencies: [String: [String]]

  /// Builds the graph of `manifest` under `configuration`'s layers.
  init(manifest: PackageManifest, configuration: LayeringConfiguration) {
    let workspace = Workspace(manifest: manifest, configuration: configuration, manifestText: nil)
    let members = workspace.modules.filter { module in
      !module.isSystemLibrary && !module.isPlugin && workspace.placement(of: module.name)?.rank != nil
    }
    let names = Set(members.map(\.name))
    layers = configuration.layers.compactMap { layer in
      let modules = members.filter { workspace.layerName(of: $0.name) == layer.name }.map(\.name).sorted()
      return modules.isEmpty ? nil : LayerGroup(name: layer.name, modules: modules)
    }
    dependencies = Dictionary(
      uniqueKeysWithValues: members.map { ($0.name, $0.targetDependencies.filter(names.contains)) })
  }

  /// Modules top layer first, alphabetical within a layer.
  var modules: [String] { layers.flatMap(\.modules) }

  /// Every edge `module → dependency`, in module order.
  var edges: [(from: String, to: String)] {
    modules.flatMap { module in (dependencies[module] ?? []).map { (module, $0) } }
  }

  /// How many modules depend on each module.
  var fanIn: [String: Int] {
    var counts = Dictionary(uniqueKeysWithValues: modules.map { ($0, 0) })
    for edge in edges { counts[edge.to, default: 0] += 1 }
    return counts
  }

  /// How many modules each module depends on.
  var fanOut: [String: Int] {
    Dictionary(uniqueKeysWithValues: modules.map { ($0, dependencies[$0]?.count ?? 0) })
  }

  /// The longest dependency path, in edges (0 for a graph without edges). Cycles are cut.
  var longestPath: [String] {
    var memo: [String: [String]] = [:]
    var visiting: Set<String> = []
    func longest(from module: String) -> [String] {
      if let known = memo[module] { return known }
      visiting.insert(module)
      var best: [String] = []
      for dependency in dependencies[module] ?? [] where !visiting.contains(dependency) {
        let path = longest(from: dependency)
        if path.count > best.count { best = path }
      }
      visiting.remove(module)
      memo[module] = [module] + best
      return [module] + best
    }
    return modules.map(longest(from:)).max { $0.count < $1.count } ?? []
  }

  /// The graph's height: the longest dependency path, in edges.
  var height: Int { max(0, longestPath.count - 1) }
}
