import Dispatch
import Foundation
import LayerLintSwiftReader

/// The modules that products of other packages bring, for `redundant-dependency`: a target that depends
/// on product `P` uses it when it imports one of P's modules. Asked only for products whose own name is
/// not imported, since most products are one module of their name.
///
/// The modules come from the package's resolved graph (`PackageGraph`: the plugin's, or SwiftPM's
/// description of each resolved dependency): a product brings its targets and, transitively, the targets
/// of its package they depend on.
package final class ProductCatalog: @unchecked Sendable {
  /// Looks up the modules of some products; a product it cannot find is missing from the result.
  package typealias Lookup = @Sendable ([String]) -> [String: [ProductModule]]

  private let lookup: Lookup
  private let pluginUsages: @Sendable (String) -> Set<String>
  /// The folder of the package that provides a product, when it is known (a resolved dependency).
  private let packageFolder: @Sendable (String) -> String?
  private let lock = NSLock()
  private var known: [String: [ProductModule]]
  private var asked: Set<String> = []
  private let exports = ExportedModules()

  /// A catalog that knows `known` and asks `lookup` for other products; `pluginUsages` names the
  /// build-tool plugins of other packages each target uses.
  package init(
    known: [String: [ProductModule]] = [:], pluginUsages: @escaping @Sendable (String) -> Set<String> = { _ in [] },
    packageFolder: @escaping @Sendable (String) -> String? = { _ in nil }, lookup: @escaping Lookup = { _ in [:] }
  ) {
    self.known = known
    self.lookup = lookup
    self.pluginUsages = pluginUsages
    self.packageFolder = packageFolder
  }

  /// The plugins of other packages that `target` uses (`plugins: [.plugin(name:package:)]`).
  package func foreignPlugins(of target: String) -> Set<String> { pluginUsages(target) }

  /// The modules of each of `products` that can be found (looked up once per product).
  package func modules(of products: [String]) -> [String: [ProductModule]] {
    lock.lock()
    let missing = products.filter { known[$0] == nil && !asked.contains($0) }
    asked.formUnion(missing)
    lock.unlock()
    let found = missing.isEmpty ? [:] : lookup(missing)
    lock.lock()
    defer { lock.unlock() }
    known.merge(found) { first, _ in first }
    return known.filter { products.contains($0.key) }
  }

  /// The modules `module` re-exports (`@_exported import` in its sources, whatever the condition).
  package func reexports(of module: ProductModule) -> Set<String> {
    cachedReexports(of: module.module) { module.sources }
  }

  /// The modules that module `module` of `product` re-exports, read without describing its package:
  /// from its sources when they are known, else from `Sources/<module>/` of the product's resolved
  /// package (SwiftPM's default layout); empty when neither is there.
  package func reexports(ofModule module: String, product: String) -> Set<String> {
    lock.lock()
    let sources = known[product]?.first { $0.module == module }?.sources
    lock.unlock()
    return cachedReexports(of: module) {
      if let sources { return sources }
      guard let folder = packageFolder(product) else { return [] }
      let moduleFolder = ((folder as NSString).appendingPathComponent("Sources") as NSString)
        .appendingPathComponent(module)
      guard let files = FileManager.default.enumerator(atPath: moduleFolder) else { return [] }
      return files.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map {
        (moduleFolder as NSString).appendingPathComponent($0)
      }
    }
  }

  private func cachedReexports(of module: String, sources: () -> [String]) -> Set<String> {
    exports.modules(exportedBy: module, sources: sources)
  }

  /// The catalog of a package whose other packages are `graph` (`nil`: not resolved): `settings` (from
  /// `dump-package`) gives the package each product is declared with and the plugins of other packages
  /// each target uses. `known` are modules given up front (a description that lists them).
  package static func from(
    graph: PackageGraph?, known: [String: [ProductModule]] = [:], settings: @escaping @Sendable () -> PackageSettings?
  ) -> ProductCatalog {
    // Without a graph (and modules given) no product can be looked up, and the plugins of other packages a
    // target uses are not worth reading the settings for: their products are unknown too.
    let canLookUp = !known.isEmpty || graph != nil
    return ProductCatalog(
      known: known, pluginUsages: { canLookUp ? Set(settings()?.foreignPlugins[$0] ?? []) : [] },
      packageFolder: { product in
        graph?.member(providing: product, package: settings()?.productPackages[product])?.folder
      }
    ) { (products: [String]) in
      guard let graph else { return [:] }
      let packages = settings()?.productPackages ?? [:]
      var result: [String: [ProductModule]] = [:]
      for product in products {
        if let modules = graph.modules(ofProduct: product, package: packages[product]) { result[product] = modules }
      }
      return result
    }
  }

  /// `swift package describe --type json` of the package in `folder`, with a scratch folder of its own;
  /// `nil` when it fails.
  package static func describeDependencyJSON(_ folder: String, swift: String) -> Data? {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("layer-lint-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    guard
      let output = try? ProcessRunner.run(
        swift,
        arguments: ["package", "--package-path", folder, "--scratch-path", scratch.path, "describe", "--type", "json"]),
      output.status == 0
    else { return nil }
    return output.standardOutput
  }
}

/// The dependency packages SwiftPM has resolved for a package, from `.build/workspace-state.json`.
package struct ResolvedDependencies {
  /// One resolved dependency: its identity and name, and the folder its sources are in.
  package struct Dependency: Equatable {
    package let identity: String
    package let name: String
    package let folder: String
    /// What SwiftPM checked out (the entry's `state`, e.g. its revision), as canonical text.
    package var state: String = ""

    /// Where its description is kept: keyed by its identity, folder and checkout, the text of its manifests,
    /// the package's toolchain and, for a package that is not a checkout (a local one), the shape of its folder.
    func cacheFile(in cache: SettingsCache) -> URL {
      var key = "layer-lint dependency v1\u{0}\(identity)\u{0}\(folder)\u{0}\(state)\u{0}\(cache.toolchain)\u{0}"
      let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
        $0 == "Package.swift" || ($0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift"))
      }.sorted()
      for name in names {
        key += name + "\u{0}" + ((try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? "") + "\u{0}"
      }
      if !state.contains("checkout") && !state.contains("registryDownload") {
        key += SourceTree.fingerprint(of: folder)
      }
      return cache.folder.appendingPathComponent("dependency-\(identity)-\(SettingsCache.fnv1a(key)).json")
    }

    /// Whether `.product(name:package:)`'s `package` names this dependency (its identity or its name).
    package func matches(_ package: String) -> Bool {
      identity.lowercased() == package.lowercased() || name.lowercased() == package.lowercased()
    }
  }

  /// The dependencies of the package at `packageRoot`; empty when it is not resolved.
  package static func read(packageRoot: String) -> [Dependency] {
    let build = (packageRoot as NSString).appendingPathComponent(".build")
    guard
      let data = FileManager.default.contents(
        atPath: (build as NSString).appendingPathComponent("workspace-state.json"))
    else { return [] }
    return parse(data, packageRoot: packageRoot, buildFolder: build)
  }

  /// The dependencies in `workspace-state.json`: checkouts in `.build/checkouts/`, registry downloads in
  /// `.build/registry/downloads/`, edited packages in `Packages/`, local packages where they are.
  package static func parse(_ data: Data, packageRoot: String, buildFolder: String) -> [Dependency] {
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let object = root["object"] as? [String: Any], let dependencies = object["dependencies"] as? [[String: Any]]
    else { return [] }
    return dependencies.compactMap { entry in
      guard let reference = entry["packageRef"] as? [String: Any], let identity = reference["identity"] as? String
      else { return nil }
      let subpath = entry["subpath"] as? String ?? identity
      let state = (entry["state"] as? [String: Any])?["name"] as? String ?? ""
      let folder: String
      switch state {
      case "fileSystem", "local":
        guard let location = reference["location"] as? String else { return nil }
        folder = location
      case "edited":
        folder = (packageRoot as NSString).appendingPathComponent("Packages/\(subpath)")
      case "registryDownload":
        folder = (buildFolder as NSString).appendingPathComponent("registry/downloads/\(subpath)")
      default:
        folder = (buildFolder as NSString).appendingPathComponent("checkouts/\(subpath)")
      }
      let stateText = (entry["state"]).flatMap {
        try? JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys])
      }
      return Dependency(
        identity: identity, name: reference["name"] as? String ?? identity, folder: folder,
        state: stateText.map { String(decoding: $0, as: UTF8.self) } ?? "")
    }
  }
}

/// The modules each module re-exports (`@_exported import` in its sources, whatever the condition), read
/// once per module; safe to ask from any thread.
package final class ExportedModules: @unchecked Sendable {
  private let lock = NSLock()
  private var known: [String: Set<String>] = [:]

  package init() {}

  /// What `module` re-exports, read from the files `sources` lists the first time it is asked.
  package func modules(exportedBy module: String, sources: () -> [String]) -> Set<String> {
    lock.lock()
    if let cached = known[module] {
      lock.unlock()
      return cached
    }
    lock.unlock()
    var found: Set<String> = []
    for path in sources() {
      for declaration in ImportScanner.imports(ofFileAt: path) ?? [] where declaration.isExported {
        found.insert(declaration.module)
      }
    }
    lock.lock()
    known[module] = found
    lock.unlock()
    return found
  }
}
