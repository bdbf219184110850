import LayerLintManifestReader

/// Where a target lives, as the configuration sees it.
package enum Placement: Equatable, Sendable {
  /// In a layer folder; `rank` 0 is the bottom layer.
  case layer(name: String, rank: Int)
  /// In a tooling folder such as `Scripts/`.
  case tooling(folder: String)
  /// In the test folder.
  case tests(folder: String)
  /// Anywhere else; `folder` is the top-level folder.
  case unknown(folder: String)

  /// The name shown in findings after the module.
  package var displayName: String? {
    switch self {
    case .layer(let name, _): name
    case .tooling(let folder), .tests(let folder): folder
    case .unknown(let folder): folder.isEmpty ? nil : folder
    }
  }

  package var rank: Int? {
    if case .layer(_, let rank) = self { rank } else { nil }
  }
}

/// The package's targets, classified by the configuration, with the lookups every rule needs.
package struct Workspace: Sendable {
  package let manifest: PackageManifest
  package let configuration: LayeringConfiguration
  package let manifestLines: ManifestLineFinder
  package let targetsByName: [String: ManifestTarget]
  package let placements: [String: Placement]
  /// The target of every module name Swift code can import: SwiftPM's derived module names
  /// (`my_lib` → `my-lib`) and the modules system-library module maps declare (`sqlite3` → `CSQLite`).
  package let targetsByModuleName: [String: String]

  /// Classifies `manifest`'s targets; with `packageRoot`, system-library module maps are read too.
  package init(
    manifest: PackageManifest, configuration: LayeringConfiguration, manifestText: String?, packageRoot: String? = nil
  ) {
    self.manifest = manifest
    self.configuration = configuration
    self.manifestLines = ManifestLineFinder(text: manifestText ?? "")
    var targetsByName: [String: ManifestTarget] = [:]
    var placements: [String: Placement] = [:]
    var targetsByModuleName: [String: String] = [:]
    for target in manifest.targets {
      targetsByName[target.name] = target
      placements[target.name] = Self.placement(
        ofPath: target.path, name: target.isTest ? nil : target.name, configuration: configuration)
      guard !target.isTest else { continue }
      targetsByModuleName[target.moduleName] = target.name
      if target.isSystemLibrary, let packageRoot {
        for module in ModuleMap.declaredModules(root: packageRoot, targetPath: target.path) {
          targetsByModuleName[module] = targetsByModuleName[module] ?? target.name
        }
      }
    }
    self.targetsByName = targetsByName
    self.placements = placements
    self.targetsByModuleName = targetsByModuleName
  }

  /// The workspace module (non-test target name) that `import module` reaches, if any.
  package func target(importedAs module: String) -> String? { targetsByModuleName[module] }

  /// Where a target with `path` (and, for a non-test target, `name`) belongs: the first layer whose
  /// target patterns match its name, else the layer whose folder holds it, a tooling folder, the test folder.
  package static func placement(
    ofPath path: String, name: String? = nil, configuration: LayeringConfiguration
  ) -> Placement {
    func isInside(_ folder: String) -> Bool { path == folder || path.hasPrefix(folder + "/") }
    let layers = configuration.layers
    if let name, let index = layers.firstIndex(where: { $0.matches(targetName: name) }) {
      return .layer(name: layers[index].name, rank: layers.count - 1 - index)
    }
    for (index, layer) in layers.enumerated() where layer.folder.map(isInside) == true {
      return .layer(name: layer.name, rank: layers.count - 1 - index)
    }
    if let folder = configuration.toolingFolders.first(where: isInside) { return .tooling(folder: folder) }
    if isInside(configuration.testFolder) { return .tests(folder: configuration.testFolder) }
    return .unknown(folder: String(path.split(separator: "/").first ?? ""))
  }

  /// Non-test targets: the package's modules.
  package var modules: [ManifestTarget] { manifest.targets.filter { !$0.isTest } }
  /// Test targets.
  package var testTargets: [ManifestTarget] { manifest.targets.filter(\.isTest) }

  package func placement(of name: String) -> Placement? { placements[name] }
  /// The layer (or folder) shown after a module in findings; none when the configuration has no layers.
  package func layerName(of name: String) -> String? {
    configuration.layers.isEmpty ? nil : placements[name]?.displayName
  }
  package func isModule(_ name: String) -> Bool { targetsByName[name].map { !$0.isTest } ?? false }
  package func isInterface(_ name: String) -> Bool {
    name.hasSuffix(configuration.interfaceSuffix) && name != configuration.interfaceSuffix
  }

  /// Whether `name` is a build-tool plugin in a tooling folder: any module may use it, since a build
  /// only runs it (and the tools it runs) and links nothing of it.
  package func isToolingBuildPlugin(_ name: String) -> Bool {
    guard let target = targetsByName[name], target.pluginCapability == .buildTool else { return false }
    return placements[name].map(Self.isTooling) ?? false
  }

  /// Where a plugin that is misplaced should live: `Scripts/Plugins/<name>/` (the first tooling folder).
  package func pluginHome(of name: String) -> String {
    configuration.toolingFolders.first.map { "\($0)/Plugins/\(name)/" } ?? "a tooling folder"
  }

  /// Whether `module` may depend on `dependency` under the layer rules.
  package func mayDepend(_ module: String, on dependency: String) -> Bool {
    if targetsByName[dependency]?.isSystemLibrary == true || isToolingBuildPlugin(dependency) { return true }
    // Test-support modules in the test folder are for tests only, like tooling.
    if case .tests = placements[dependency] { return false }
    guard let from = placements[module]?.rank, let to = placements[dependency]?.rank else {
      return !(placements[dependency].map(Self.isTooling) ?? false)
    }
    guard InterfaceContractRule.isAllowed(dependency, for: module, in: self) else { return false }
    if to < from { return true }
    return to == from && isInterface(dependency)
  }

  /// The module a test target tests (`NetworkTests` → `Network`), if it names one.
  package func testedModule(of test: ManifestTarget) -> String? {
    guard test.name.hasSuffix("Tests") else { return nil }
    let name = String(test.name.dropLast("Tests".count))
    return isModule(name) ? name : nil
  }

  /// The package's own build-tool plugins `target` uses, each with the targets of the tools it runs
  /// (its dependencies, transitively): where the code they generate for `target` comes from.
  func buildToolPlugins(of target: ManifestTarget) -> [(plugin: ManifestTarget, parts: [ManifestTarget])] {
    target.targetDependencies.compactMap { targetsByName[$0] }.filter { $0.pluginCapability == .buildTool }.map {
      plugin in
      var seen: Set<String> = []
      var parts: [ManifestTarget] = []
      var queue = [plugin.name]
      while let name = queue.popLast() {
        guard seen.insert(name).inserted, let part = targetsByName[name] else { continue }
        queue += part.targetDependencies
        parts.append(part)
      }
      return (plugin, parts)
    }
  }

  /// The line of the module's entry in Package.swift (1 when it cannot be found).
  package func manifestLine(of name: String) -> Int { manifestLines.line(of: name) }

  /// The line of a test target's entry, or of its module's entry when the manifest generates test targets.
  package func manifestLine(ofTest test: ManifestTarget) -> Int {
    manifestLines.mentions(test.name)
      ? manifestLine(of: test.name) : manifestLine(of: testedModule(of: test) ?? test.name)
  }

  package static func isTooling(_ placement: Placement) -> Bool {
    if case .tooling = placement { true } else { false }
  }
}
