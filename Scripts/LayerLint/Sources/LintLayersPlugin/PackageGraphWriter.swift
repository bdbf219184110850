import Foundation
import PackagePlugin

/// The resolved graph as SwiftPM tells the plugin: every package the linted one depends on, directly or
/// not, with its targets (their folders, Swift sources and dependencies) and products, in the format of
/// `swift package describe` that the lint reads (`PluginGraph`), so the lint describes none of them itself.
enum PackageGraphWriter {
  static func json(dependenciesOf root: Package) throws -> Data {
    var packages: [[String: Any]] = []
    var seen: Set<String> = [root.id]
    var queue = root.dependencies.map(\.package)
    while !queue.isEmpty {
      let package = queue.removeFirst()
      guard seen.insert(package.id).inserted else { continue }
      queue += package.dependencies.map(\.package)
      packages.append([
        "identity": package.id, "name": package.displayName, "folder": package.directoryURL.path,
        "manifest": description(of: package),
      ])
    }
    return try JSONSerialization.data(withJSONObject: ["packages": packages], options: [.sortedKeys])
  }

  /// One package in `describe`'s format: `name`, `targets` (absolute `path`, `sources` relative to it) and `products`.
  private static func description(of package: Package) -> [String: Any] {
    [
      "name": package.displayName,
      "targets": package.targets.map(description(of:)),
      "products": package.products.map { product -> [String: Any] in
        let type: [String: Any] = product is LibraryProduct ? ["library": ["automatic"]] : ["executable": NSNull()]
        return ["name": product.name, "targets": product.targets.map(\.name), "type": type]
      },
    ]
  }

  private static func description(of target: any Target) -> [String: Any] {
    var item: [String: Any] = [
      "name": target.name, "path": target.directoryURL.path,
      "target_dependencies": target.dependencies.compactMap { dependency -> String? in
        if case .target(let target) = dependency { return target.name }
        return nil
      },
      "product_dependencies": target.dependencies.compactMap { dependency -> String? in
        if case .product(let product) = dependency { return product.name }
        return nil
      },
    ]
    switch target {
    case let module as SourceModuleTarget:
      item["c99name"] = module.moduleName
      item["type"] = kind(of: module.kind)
      let folder = module.directoryURL.path + "/"
      item["sources"] = module.sourceFiles.filter { $0.type == .source }.map { file in
        file.url.path.hasPrefix(folder) ? String(file.url.path.dropFirst(folder.count)) : file.url.path
      }
    case is SystemLibraryTarget:
      item["type"] = "system-target"
    default:
      item["type"] = "binary"
    }
    return item
  }

  private static func kind(of kind: ModuleKind) -> String {
    switch kind {
    case .executable: "executable"
    case .test: "test"
    case .snippet: "snippet"
    case .macro: "macro"
    default: "library"
    }
  }
}
