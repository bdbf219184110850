import Dispatch
import Foundation
import LayerLintSwiftReader

/// The other packages of a package's resolved graph (`.build/workspace-state.json`), each described by
/// SwiftPM (`swift package describe`, kept in the package's cache folder while the dependency's checkout,
/// its manifests and the toolchain stay the same), or handed over by the command plugin, which SwiftPM
/// tells the whole graph. It answers which package and product a module comes from, which modules a
/// product brings, and which modules a module re-exports (`@_exported import`).
package final class PackageGraph: @unchecked Sendable {
  /// One package of the graph.
  package struct Member: Sendable {
    /// SwiftPM's identity (`swift-nio`), and the package's name (`swift-nio`, or the manifest's `name`).
    package let identity: String
    package let name: String
    /// Where its sources are.
    package let folder: String
    /// Its targets (paths relative to `folder`, or absolute) and products.
    package let manifest: PackageManifest

    package init(identity: String, name: String, folder: String, manifest: PackageManifest) {
      self.identity = identity
      self.name = name
      self.folder = folder
      self.manifest = manifest
    }

    /// Whether `.product(name:package:)`'s `package` names this package (its identity or its name).
    package func matches(_ package: String) -> Bool {
      identity.lowercased() == package.lowercased() || name.lowercased() == package.lowercased()
    }

    /// The absolute paths of a target's Swift sources.
    func sources(of target: ManifestTarget) -> [String] {
      let root = folder.hasSuffix("/") ? folder : folder + "/"
      return target.swiftSourcePaths.map { $0.hasPrefix("/") ? $0 : root + $0 }
    }
  }

  /// The described packages.
  package let members: [Member]
  /// Packages of the graph that could not be described (their identities).
  package let undescribed: [String]
  /// Module name → the packages and targets that declare it.
  private let owners: [String: [(member: Int, target: String)]]
  private let exports = ExportedModules()

  package init(members: [Member], undescribed: [String] = []) {
    self.members = members
    self.undescribed = undescribed
    var owners: [String: [(member: Int, target: String)]] = [:]
    for (index, member) in members.enumerated() {
      for target in member.manifest.targets where !target.isTest && target.kind != .plugin {
        owners[target.moduleName, default: []].append((index, target.name))
      }
    }
    self.owners = owners
  }

  /// The package and target that declare module `name`, if a package of the graph does.
  package func owner(ofModule name: String) -> (member: Member, target: ManifestTarget)? {
    guard let first = owners[name]?.first else { return nil }
    let member = members[first.member]
    guard let target = member.manifest.targets.first(where: { $0.name == first.target }) else { return nil }
    return (member, target)
  }

  /// The package `.product(name:package:)`'s `package` names; without one, the package that has product `product`.
  package func member(providing product: String, package: String?) -> Member? {
    if let package, let member = members.first(where: { $0.matches(package) }) { return member }
    return members.first { $0.manifest.products.contains { $0.name == product } }
  }

  /// The library products of the graph whose targets include module `name`'s target, with their packages.
  package func products(offering module: String) -> [(member: Member, product: ManifestProduct)] {
    guard let owner = owner(ofModule: module) else { return [] }
    return owner.member.manifest.products.filter { $0.isLibrary && $0.targets.contains(owner.target.name) }.map {
      (owner.member, $0)
    }
  }

  /// The modules a dependency on `product` lets a file import: the modules of the product's own targets,
  /// and what they re-export (further re-exports followed). `nil` when no package of the graph has it.
  package func exposedModules(ofProduct product: String, package: String?) -> Set<String>? {
    guard let member = member(providing: product, package: package),
      let declared = member.manifest.products.first(where: { $0.name == product })
    else { return nil }
    let targets = Dictionary(member.manifest.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    return reexportClosure(of: Set(declared.targets.compactMap { targets[$0]?.moduleName }))
  }

  /// What a product brings into a build: its targets and, transitively, the targets of its package they
  /// depend on, with their sources; `nil` when no package of the graph has it.
  package func modules(ofProduct product: String, package: String?) -> [ProductModule]? {
    guard let member = member(providing: product, package: package),
      let declared = member.manifest.products.first(where: { $0.name == product })
    else { return nil }
    let targets = Dictionary(member.manifest.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var seen: Set<String> = []
    var queue = declared.targets
    var modules: [ProductModule] = []
    while !queue.isEmpty {
      let name = queue.removeFirst()
      guard seen.insert(name).inserted, let target = targets[name] else { continue }
      modules.append(ProductModule(module: target.moduleName, sources: member.sources(of: target)))
      queue += target.targetDependencies
    }
    return modules
  }

  /// `modules` and every module they re-export, directly or through further re-exports.
  package func reexportClosure(of modules: Set<String>) -> Set<String> {
    var result = modules
    var queue = Array(modules)
    while let module = queue.popLast() {
      for exported in reexports(ofModule: module) where result.insert(exported).inserted { queue.append(exported) }
    }
    return result
  }

  /// The modules module `name` (of a package of the graph) re-exports: its `@_exported import`s, whatever
  /// their condition; read once.
  package func reexports(ofModule name: String) -> Set<String> {
    exports.modules(exportedBy: name) {
      guard let owner = owner(ofModule: name) else { return [] }
      return owner.member.sources(of: owner.target)
    }
  }

  // MARK: Reading the graph

  /// The graph of the package at `packageRoot` as SwiftPM resolved it; `nil` when it is not resolved.
  /// Each dependency is described once (in parallel) and its description kept under `cacheFolder`.
  package static func resolved(
    packageRoot: String, cache: SettingsCache?, swift: String = ManifestLoader().swiftExecutable,
    describe: (@Sendable (String) -> Data?)? = nil
  ) -> PackageGraph? {
    let dependencies = ResolvedDependencies.read(packageRoot: packageRoot)
    guard !dependencies.isEmpty else { return nil }
    let describe = describe ?? { folder in ProductCatalog.describeDependencyJSON(folder, swift: swift) }
    let described = IndexedResults<Data>(count: dependencies.count)
    DispatchQueue.concurrentPerform(iterations: dependencies.count) { index in
      let dependency = dependencies[index]
      let file = cache.map { dependency.cacheFile(in: $0) }
      if let file, let kept = FileManager.default.contents(atPath: file.path) {
        described.store(kept, at: index)
      } else if let output = describe(dependency.folder) {
        // Kept as the little the lint reads of it: a tenth of `describe`'s output, read on every run.
        let kept = (try? ManifestLoader.decode(output)).flatMap(Self.compactDescription) ?? output
        if let file { SettingsCache.store(kept, at: file, keeping: 2) }
        described.store(kept, at: index)
      }
    }
    var members: [Member] = []
    var undescribed: [String] = []
    for (index, dependency) in dependencies.enumerated() {
      guard let data = described.value(at: index), let manifest = try? ManifestLoader.decode(data) else {
        undescribed.append(dependency.identity)
        continue
      }
      members.append(
        Member(identity: dependency.identity, name: dependency.name, folder: dependency.folder, manifest: manifest))
    }
    return PackageGraph(members: members, undescribed: undescribed)
  }

  /// `describe`'s format with only what the graph reads: each target's name, module, path, kind, target
  /// dependencies and Swift sources, each product's name, targets and kind.
  static func compactDescription(_ manifest: PackageManifest) -> Data? {
    let object: [String: Any] = [
      "name": manifest.name,
      "targets": manifest.targets.map { target -> [String: Any] in
        [
          "name": target.name, "c99name": target.moduleName, "path": target.path, "type": target.kind.rawValue,
          "target_dependencies": target.targetDependencies, "sources": target.sources.filter { $0.hasSuffix(".swift") },
        ]
      },
      "products": manifest.products.map { product -> [String: Any] in
        [
          "name": product.name, "targets": product.targets,
          "type": product.isLibrary ? ["library": ["automatic"]] : ["executable": NSNull()],
        ]
      },
    ]
    return try? JSONSerialization.data(withJSONObject: object)
  }

  /// The graph the command plugin wrote (`PluginGraph`), from SwiftPM's own model of the package.
  package static func fromPlugin(_ data: Data) throws -> PackageGraph {
    let description = try JSONDecoder().decode(PluginGraph.self, from: data)
    return PackageGraph(
      members: description.packages.map {
        Member(identity: $0.identity, name: $0.name, folder: $0.folder, manifest: $0.manifest)
      })
  }
}

/// What the command plugin hands the lint: every package of the resolved graph but the linted one, with
/// its targets (absolute paths, sources relative to them) and products, in `describe`'s format.
package struct PluginGraph: Decodable, Sendable {
  package struct Package: Decodable, Sendable {
    package let identity: String
    package let name: String
    package let folder: String
    package let manifest: PackageManifest
  }

  package let packages: [Package]
}
