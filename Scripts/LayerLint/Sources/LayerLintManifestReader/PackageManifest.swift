import Foundation

/// The parts of `swift package describe --type json` the guard rails read.
///
/// `describe` is used rather than `dump-package` because it resolves each target's path and lists
/// its source files; `dump-package` only echoes what the manifest spelled out (often no path).
package struct PackageManifest: Decodable, Sendable {
  /// The package's name.
  package let name: String
  /// Every target of the package, in the order `describe` lists them.
  package var targets: [ManifestTarget]
  /// The manifest's tools version (`// swift-tools-version: 6.0` → `[6, 0]`): the oldest compiler
  /// that can build the package; empty when unknown.
  package let toolsVersion: [Int]
  /// The package's own products (`describe`'s `products`): name and targets.
  package let products: [ManifestProduct]
  /// For each product of another package that a target depends on, the modules it brings; only the
  /// plugin's description has them (`layer_lint_products`), `describe` names products alone.
  package let productModules: [String: [ProductModule]]?

  /// Creates a manifest from already-decoded parts; tests build small graphs with it.
  package init(
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

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    targets = try container.decode([ManifestTarget].self, forKey: .targets)
    let version = try container.decodeIfPresent(String.self, forKey: .toolsVersion) ?? ""
    toolsVersion = version.split(separator: ".").compactMap { Int($0) }
    products = (try? container.decodeIfPresent([ManifestProduct].self, forKey: .products)) ?? []
    productModules = try container.decodeIfPresent([String: [ProductModule]].self, forKey: .productModules)
  }
}

extension PackageManifest {
  /// This description with each target's dependencies as the manifest declares them (`dump-package`):
  /// those of `enabled` traits in the lists, with their conditions; a bare name is a target of the package
  /// when it has one of that name, else a product. Targets `settings` does not know (snippets) keep theirs.
  package func declaringDependencies(from settings: PackageSettings, traits enabled: Set<String>) -> PackageManifest {
    var result = self
    let names = Set(targets.map(\.name))
    for index in result.targets.indices {
      let name = result.targets[index].name
      guard settings.targetNames.contains(name) else { continue }
      var targetDependencies: [String] = []
      var productDependencies: [String] = []
      var conditional: [String: DeclaredDependency] = [:]
      var disabled: [String: DeclaredDependency] = [:]
      for dependency in settings.dependencies[name] ?? [] {
        let isTarget: Bool
        switch dependency.kind {
        case .target: isTarget = true
        case .product: isTarget = false
        case .byName: isTarget = names.contains(dependency.name)
        }
        guard dependency.isEnabled(traits: enabled) else {
          disabled[dependency.name] = dependency
          continue
        }
        if isTarget { targetDependencies.append(dependency.name) } else { productDependencies.append(dependency.name) }
        if !dependency.platforms.isEmpty || !dependency.traits.isEmpty { conditional[dependency.name] = dependency }
      }
      for plugin in settings.localPlugins[name] ?? [] where names.contains(plugin) {
        targetDependencies.append(plugin)
      }
      result.targets[index].targetDependencies = targetDependencies
      result.targets[index].productDependencies = productDependencies
      result.targets[index].conditionalDependencies = conditional
      result.targets[index].disabledDependencies = disabled
    }
    return result
  }
}

/// A product of a package: its name, the targets it is made of, and whether it is a library.
package struct ManifestProduct: Decodable, Sendable, Equatable {
  package let name: String
  package let targets: [String]
  /// Whether it is a library (`.library(…)`), the only kind a target can import; `true` when not known.
  package let isLibrary: Bool

  package init(name: String, targets: [String], isLibrary: Bool = true) {
    self.name = name
    self.targets = targets
    self.isLibrary = isLibrary
  }

  private enum CodingKeys: String, CodingKey {
    case name, targets, type
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    targets = try container.decodeIfPresent([String].self, forKey: .targets) ?? []
    // `"type": {"library": ["automatic"]}`, `{"executable": null}`, `{"plugin": null}`, …
    let kinds = try? container.decodeIfPresent([String: AnyDecodable].self, forKey: .type)
    isLibrary = kinds.map { $0.keys.contains("library") } ?? true
  }

  /// Any JSON value, skipped.
  private struct AnyDecodable: Decodable {
    init(from decoder: any Decoder) throws {}
  }
}

/// One module a product of another package brings: its name, and the Swift sources it is built from
/// (absolute paths, read for `@_exported` imports); a product brings its targets and what they depend on.
package struct ProductModule: Codable, Sendable, Equatable {
  package let module: String
  package let sources: [String]

  package init(module: String, sources: [String] = []) {
    self.module = module
    self.sources = sources
  }
}

/// One target of a package as `describe` reports it.
package struct ManifestTarget: Decodable, Sendable, Equatable {
  /// What kind of target `describe` says this is.
  package enum Kind: String, Sendable {
    case library, executable, test, systemLibrary = "system-target", macro, plugin, snippet, binary
    case other
  }

  /// What a plugin target does (`plugin_capability.type` in `describe`).
  package enum PluginCapability: String, Sendable {
    /// Runs during every build of the targets that use it (`.buildTool()`); nothing of it is linked.
    case buildTool
    /// Runs when a person asks for it (`swift package <verb>`); a target cannot use it in a build.
    case command
    case other
  }

  /// The target's name, as the manifest spells it (`my-lib`).
  package let name: String
  /// The name Swift code imports it by, as SwiftPM derives it from the target name (`my-lib` → `my_lib`).
  package let moduleName: String
  /// The target's folder relative to the package root, e.g. `Core/Network`.
  package let path: String
  /// The target's kind.
  package let kind: Kind
  /// Targets of the same package this target declares as direct dependencies (and the build-tool
  /// plugins of the package it uses), in a build with the lint's traits.
  package var targetDependencies: [String]
  /// Products of other packages this target declares as direct dependencies, in a build with the lint's traits.
  package var productDependencies: [String]
  /// The dependencies the manifest declares under a condition (a platform or a trait), by name; empty
  /// when the manifest's own declarations are not known (a description alone).
  package var conditionalDependencies: [String: DeclaredDependency] = [:]
  /// The dependencies declared for traits this build does not enable (not in the lists above), by name.
  package var disabledDependencies: [String: DeclaredDependency] = [:]
  /// Source files relative to `path`.
  package let sources: [String]
  /// For a plugin target: what it does; `nil` for every other kind.
  package let pluginCapability: PluginCapability?
  /// Whether the target has resources (then SwiftPM builds `Bundle.module` and sets
  /// `SWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE`).
  package let hasResources: Bool

  /// Creates a target; tests build small graphs with it.
  package init(
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
    package let type: String
  }

  package init(from decoder: any Decoder) throws {
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
  package static func c99Name(_ name: String) -> String {
    var result = String(
      name.unicodeScalars.map { scalar -> Character in
        let isLetter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
        return isLetter || ("0"..."9").contains(scalar) || scalar.value >= 0x80 ? Character(scalar) : "_"
      })
    if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
    return result
  }

  /// Whether this is a test target.
  package var isTest: Bool { kind == .test }
  /// Whether this target binds an OS library (`.systemLibrary`).
  package var isSystemLibrary: Bool { kind == .systemLibrary }
  /// Whether this is a plugin target (build tool or command): tooling a build runs, never linked.
  package var isPlugin: Bool { kind == .plugin }
  /// The Swift sources of the target, relative to the package root.
  package var swiftSourcePaths: [String] {
    sources.filter { $0.hasSuffix(".swift") }.map { path.isEmpty ? $0 : "\(path)/\($0)" }
  }
  /// Whether the target has C, C++, Objective-C or assembly sources (whose `#include`s the lint does not read).
  package var hasCFamilySources: Bool {
    sources.contains { source in
      ["c", "cc", "cpp", "cxx", "c++", "m", "mm", "s", "S"].contains((source as NSString).pathExtension)
    }
  }
}
