import Dispatch
import Foundation

/// The modules that products of other packages bring, for `redundant-dependency`: a target that depends
/// on product `P` uses it when it imports one of P's modules. Asked only for products whose own name is
/// not imported, since most products are one module of their name.
///
/// The modules come from the plugin's description of the package (`layer_lint_products`) when the lint
/// runs as a plugin, else from `swift package describe` of each dependency package that is resolved
/// (`.build/workspace-state.json`): a product brings its targets and, transitively, the targets of its
/// package they depend on.
final class ProductCatalog: @unchecked Sendable {
  /// Looks up the modules of some products; a product it cannot find is missing from the result.
  typealias Lookup = @Sendable ([String]) -> [String: [ProductModule]]

  private let lookup: Lookup
  private let pluginUsages: @Sendable (String) -> Set<String>
  /// The folder of the package that provides a product, when it is known (a resolved dependency).
  private let packageFolder: @Sendable (String) -> String?
  private let lock = NSLock()
  private var known: [String: [ProductModule]]
  private var asked: Set<String> = []
  private var exports: [String: Set<String>] = [:]

  /// A catalog that knows `known` and asks `lookup` for other products; `pluginUsages` names the
  /// build-tool plugins of other packages each target uses.
  init(
    known: [String: [ProductModule]] = [:], pluginUsages: @escaping @Sendable (String) -> Set<String> = { _ in [] },
    packageFolder: @escaping @Sendable (String) -> String? = { _ in nil }, lookup: @escaping Lookup = { _ in [:] }
  ) {
    self.known = known
    self.lookup = lookup
    self.pluginUsages = pluginUsages
    self.packageFolder = packageFolder
  }

  /// The plugins of other packages that `target` uses (`plugins: [.plugin(name:package:)]`).
  func foreignPlugins(of target: String) -> Set<String> { pluginUsages(target) }

  /// The modules of each of `products` that can be found (looked up once per product).
  func modules(of products: [String]) -> [String: [ProductModule]] {
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
  func reexports(of module: ProductModule) -> Set<String> {
    cachedReexports(of: module.module) { module.sources }
  }

  /// The modules that module `module` of `product` re-exports, read without describing its package:
  /// from its sources when they are known, else from `Sources/<module>/` of the product's resolved
  /// package (SwiftPM's default layout); empty when neither is there.
  func reexports(ofModule module: String, product: String) -> Set<String> {
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
    lock.lock()
    if let cached = exports[module] {
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
    exports[module] = found
    lock.unlock()
    return found
  }

  /// The catalog for the package at `packageRoot`: products from `describe` of its resolved dependencies.
  /// `settings` (from `dump-package`) gives the package each product is declared with, so that only those
  /// packages are described (a product without one makes every resolved dependency a candidate), and the
  /// plugins of other packages each target uses. `known` are modules the plugin's description gave.
  static func resolvedDependencies(
    packageRoot: String, known: [String: [ProductModule]] = [:],
    settings: @escaping @Sendable () -> PackageSettings?,
    describe: @escaping @Sendable (String) -> PackageManifest? = ProductCatalog.describeDependency
  ) -> ProductCatalog {
    let folder: @Sendable (String) -> String? = { product in
      let resolved = ResolvedDependencies.read(packageRoot: packageRoot)
      guard !resolved.isEmpty, let package = settings()?.productPackages[product] else { return nil }
      return resolved.first { $0.matches(package) }?.folder
    }
    // Without resolved dependencies (and modules from the plugin) no product can be looked up, and the
    // plugins of other packages a target uses are not worth a `dump-package`: their products are unknown too.
    let canLookUp = !known.isEmpty || !ResolvedDependencies.read(packageRoot: packageRoot).isEmpty
    return ProductCatalog(
      known: known, pluginUsages: { canLookUp ? Set(settings()?.foreignPlugins[$0] ?? []) : [] }, packageFolder: folder
    ) { (products: [String]) in
      let dependencies = ResolvedDependencies.read(packageRoot: packageRoot)
      guard !dependencies.isEmpty else { return [:] }
      let packages = settings()?.productPackages ?? [:]
      var folders: [String] = []
      for product in products {
        let wanted = packages[product].flatMap { name in dependencies.first { $0.matches(name) } }
        for folder in wanted.map({ [$0.folder] }) ?? dependencies.map(\.folder) where !folders.contains(folder) {
          folders.append(folder)
        }
      }
      let described = IndexedResults<PackageManifest>(count: folders.count)
      DispatchQueue.concurrentPerform(iterations: folders.count) { [folders] index in
        described.store(describe(folders[index]), at: index)
      }
      var result: [String: [ProductModule]] = [:]
      for (index, folder) in folders.enumerated() {
        guard let manifest = described.value(at: index) else { continue }
        for product in manifest.products where products.contains(product.name) && result[product.name] == nil {
          result[product.name] = modules(of: product, in: manifest, folder: folder)
        }
      }
      return result
    }
  }

  /// A product's targets and the targets of its package they depend on, transitively, as modules.
  static func modules(of product: ManifestProduct, in manifest: PackageManifest, folder: String) -> [ProductModule] {
    let targets = Dictionary(manifest.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var seen: Set<String> = []
    var queue = product.targets
    var modules: [ProductModule] = []
    while !queue.isEmpty {
      let name = queue.removeFirst()
      guard seen.insert(name).inserted, let target = targets[name] else { continue }
      let root = folder.hasSuffix("/") ? folder : folder + "/"
      modules.append(
        ProductModule(
          module: target.moduleName,
          sources: target.swiftSourcePaths.map { $0.hasPrefix("/") ? $0 : root + $0 }))
      queue += target.targetDependencies
    }
    return modules
  }

  /// `swift package describe` of a dependency package, with a scratch folder of its own (nothing is
  /// written into the checkout, and no lock is shared with the package being linted).
  static let describeDependency: @Sendable (String) -> PackageManifest? = { folder in
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("layer-lint-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let loader = ManifestLoader()
    guard
      let output = try? ProcessRunner.run(
        loader.swiftExecutable,
        arguments: ["package", "--package-path", folder, "--scratch-path", scratch.path, "describe", "--type", "json"]),
      output.status == 0
    else { return nil }
    return try? ManifestLoader.decode(output.standardOutput)
  }
}

/// The dependency packages SwiftPM has resolved for a package, from `.build/workspace-state.json`.
struct ResolvedDependencies {
  /// One resolved dependency: its identity and name, and the folder its sources are in.
  struct Dependency: Equatable {
    let identity: String
    let name: String
    let folder: String

    /// Whether `.product(name:package:)`'s `package` names this dependency (its identity or its name).
    func matches(_ package: String) -> Bool {
      identity.lowercased() == package.lowercased() || name.lowercased() == package.lowercased()
    }
  }

  /// The dependencies of the package at `packageRoot`; empty when it is not resolved.
  static func read(packageRoot: String) -> [Dependency] {
    let build = (packageRoot as NSString).appendingPathComponent(".build")
    guard
      let data = FileManager.default.contents(
        atPath: (build as NSString).appendingPathComponent("workspace-state.json"))
    else { return [] }
    return parse(data, packageRoot: packageRoot, buildFolder: build)
  }

  /// The dependencies in `workspace-state.json`: checkouts in `.build/checkouts/`, registry downloads in
  /// `.build/registry/downloads/`, edited packages in `Packages/`, local packages where they are.
  static func parse(_ data: Data, packageRoot: String, buildFolder: String) -> [Dependency] {
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
      return Dependency(identity: identity, name: reference["name"] as? String ?? identity, folder: folder)
    }
  }
}
