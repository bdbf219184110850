import Foundation

/// The parts of `swift package describe --type json` the guard rails read.
///
/// `describe` is used rather than `dump-package` because it resolves each target's path and lists
/// its source files; `dump-package` only echoes what the manifest spelled out (often no path).
struct PackageManifest: Decodable, Sendable {
  /// The package's name.
  let name: String
  /// Every target of the package, in the order `describe` lists them.
  let targets: [ManifestTarget]
  /// The manifest's tools version (`// swift-tools-version: 6.0` → `[6, 0]`): the oldest compiler
  /// that can build the package; empty when unknown.
  let toolsVersion: [Int]
  /// The package's own products (`describe`'s `products`): name and targets.
  let products: [ManifestProduct]
  /// For each product of another package that a target depends on, the modules it brings; only the
  /// plugin's description has them (`layer_lint_products`), `describe` names products alone.
  let productModules: [String: [ProductModule]]?

  /// Creates a manifest from already-decoded parts; tests build small graphs with it.
  init(
    name: String, targets: [ManifestTarget], toolsVersion: [Int] = [], products: [ManifestProduct] = [],
    productModules: [String: [ProductModule]]? = nil
  ) {
    self.name = name
    self.targets = targets
    self.toolsVersion = toolsVersion
    self.products = products
    self.productModules = productModules
  }

  private enum CodingKeys: String, CodingKey {
    case name, targets, products
    case toolsVersion = "tools_version"
    case productModules = "layer_lint_products"
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    targets = try container.decode([ManifestTarget].self, forKey: .targets)
    let version = try container.decodeIfPresent(String.self, forKey: .toolsVersion) ?? ""
    toolsVersion = version.split(separator: ".").compactMap { Int($0) }
    products = (try? container.decodeIfPresent([ManifestProduct].self, forKey: .products)) ?? []
    productModules = try container.decodeIfPresent([String: [ProductModule]].self, forKey: .productModules)
  }
}

/// A product of a package: its name and the targets it is made of.
struct ManifestProduct: Decodable, Sendable, Equatable {
  let name: String
  let targets: [String]

  init(name: String, targets: [String]) {
    self.name = name
    self.targets = targets
  }
}

/// One module a product of another package brings: its name, and the Swift sources it is built from
/// (absolute paths, read for `@_exported` imports); a product brings its targets and what they depend on.
struct ProductModule: Codable, Sendable, Equatable {
  let module: String
  let sources: [String]

  init(module: String, sources: [String] = []) {
    self.module = module
    self.sources = sources
  }
}

/// One target of a package as `describe` reports it.
struct ManifestTarget: Decodable, Sendable, Equatable {
  /// What kind of target `describe` says this is.
  enum Kind: String, Sendable {
    case library, executable, test, systemLibrary = "system-target", macro, plugin, snippet, binary
    case other
  }

  /// What a plugin target does (`plugin_capability.type` in `describe`).
  enum PluginCapability: String, Sendable {
    /// Runs during every build of the targets that use it (`.buildTool()`); nothing of it is linked.
    case buildTool
    /// Runs when a person asks for it (`swift package <verb>`); a target cannot use it in a build.
    case command
    case other
  }

  /// The target's name, as the manifest spells it (`my-lib`).
  let name: String
  /// The name Swift code imports it by, as SwiftPM derives it from the target name (`my-lib` → `my_lib`).
  let moduleName: String
  /// The target's folder relative to the package root, e.g. `Core/Network`.
  let path: String
  /// The target's kind.
  let kind: Kind
  /// Targets of the same package this target declares as direct dependencies.
  let targetDependencies: [String]
  /// Products of other packages this target declares as direct dependencies.
  let productDependencies: [String]
  /// Source files relative to `path`.
  let sources: [String]
  /// For a plugin target: what it does; `nil` for every other kind.
  let pluginCapability: PluginCapability?
  /// Whether the target has resources (then SwiftPM builds `Bundle.module` and sets
  /// `SWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE`).
  let hasResources: Bool

  /// Creates a target; tests build small graphs with it.
  init(
    name: String, path: String, kind: Kind, targetDependencies: [String] = [], productDependencies: [String] = [],
    sources: [String] = [], pluginCapability: PluginCapability? = nil, hasResources: Bool = false
  ) {
    self.name = name
    self.moduleName = Self.c99Name(name)
    self.path = path
    self.kind = kind
    self.targetDependencies = targetDependencies
    self.productDependencies = productDependencies
    self.sources = sources
    self.pluginCapability = kind == .plugin ? pluginCapability ?? .other : nil
    self.hasResources = hasResources
  }

  private enum CodingKeys: String, CodingKey {
    case name, path, type, sources, c99name, resources
    case targetDependencies = "target_dependencies"
    case productDependencies = "product_dependencies"
    case pluginCapability = "plugin_capability"
  }

  /// One entry of `"resources"`; only their number matters.
  private struct ResourceJSON: Decodable {}

  /// `"plugin_capability": {"type": "buildTool"}` or `{"type": "command", "intent": …}`.
  private struct CapabilityJSON: Decodable {
    let type: String
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    moduleName = try container.decodeIfPresent(String.self, forKey: .c99name) ?? Self.c99Name(name)
    path = try container.decode(String.self, forKey: .path)
    kind = Kind(rawValue: try container.decode(String.self, forKey: .type)) ?? .other
    targetDependencies = try container.decodeIfPresent([String].self, forKey: .targetDependencies) ?? []
    productDependencies = try container.decodeIfPresent([String].self, forKey: .productDependencies) ?? []
    sources = try container.decodeIfPresent([String].self, forKey: .sources) ?? []
    let capability = try? container.decodeIfPresent(CapabilityJSON.self, forKey: .pluginCapability)
    pluginCapability = kind == .plugin ? capability.flatMap { PluginCapability(rawValue: $0.type) } ?? .other : nil
    hasResources = !((try? container.decodeIfPresent([ResourceJSON].self, forKey: .resources)) ?? []).isEmpty
  }

  /// SwiftPM's module name for a target name: every character that cannot be part of a C identifier
  /// becomes `_`, and a leading digit gets a `_` in front (`my-lib` → `my_lib`, `2d` → `_2d`).
  static func c99Name(_ name: String) -> String {
    var result = String(
      name.unicodeScalars.map { scalar -> Character in
        let isLetter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
        return isLetter || ("0"..."9").contains(scalar) || scalar.value >= 0x80 ? Character(scalar) : "_"
      })
    if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
    return result
  }

  /// Whether this is a test target.
  var isTest: Bool { kind == .test }
  /// Whether this target binds an OS library (`.systemLibrary`).
  var isSystemLibrary: Bool { kind == .systemLibrary }
  /// Whether this is a plugin target (build tool or command): tooling a build runs, never linked.
  var isPlugin: Bool { kind == .plugin }
  /// The Swift sources of the target, relative to the package root.
  var swiftSourcePaths: [String] {
    sources.filter { $0.hasSuffix(".swift") }.map { path.isEmpty ? $0 : "\(path)/\($0)" }
  }
  /// Whether the target has C, C++, Objective-C or assembly sources (whose `#include`s the lint does not read).
  var hasCFamilySources: Bool {
    sources.contains { source in
      ["c", "cc", "cpp", "cxx", "c++", "m", "mm", "s", "S"].contains((source as NSString).pathExtension)
    }
  }
}
