import LayerLintManifestReader

/// `interface-contract`: an `…Interface` module is the small thing another team compiles against, so it
/// depends on (declares, and imports) only modules of the layers `interfaceDependencies.layers` names (the
/// bottom layer by default) and, when `interfaceDependencies.interfaces` is set, other `…Interface` modules.
/// System libraries and products of other packages are not modules of a layer and are left alone. An edge
/// to the module's own layer or above is `interface-direction`'s finding (when that rule is on), and an
/// import the module does not declare is `undeclared-import`'s, whose fix then says to remove the import.
package struct InterfaceContractRule {
  let workspace: Workspace

  private var configuration: LayeringConfiguration { workspace.configuration }

  /// The layers an interface module may depend on.
  private var allowedLayers: [String] { Self.allowedLayers(configuration) }

  static func allowedLayers(_ configuration: LayeringConfiguration) -> [String] {
    configuration.interfaceDependencies.layers ?? configuration.layers.last.map { [$0.name] } ?? []
  }

  package func violations() -> [Violation] {
    guard configuration.isEnabled(.interfaceContract) else { return [] }
    var found: [Violation] = []
    for module in workspace.modules where workspace.isInterface(module.name) && isLayerModule(module.name) {
      for dependency in module.targetDependencies
      where !Self.isAllowed(dependency, for: module.name, in: workspace) && !isDirectionFinding(module.name, dependency)
      {
        found.append(
          Violation(
            rule: .interfaceContract, file: "Package.swift", line: workspace.manifestLine(of: module.name),
            source: module.name, sourceLayer: workspace.layerName(of: module.name), target: dependency,
            targetLayer: workspace.layerName(of: dependency),
            problem: "an interface module depends on a module outside its contract (\(contractSpelling))",
            fix: "remove \"\(dependency)\" from \(module.name)'s dependencies in Package.swift and move the code that "
              + "needs it to an implementation module"))
      }
    }
    return found
  }

  /// Whether `interface-direction` reports this edge already (a dependency on the module's own layer or above).
  private func isDirectionFinding(_ module: String, _ dependency: String) -> Bool {
    guard configuration.isEnabled(.interfaceDirection), let from = workspace.placement(of: module)?.rank,
      let to = workspace.placement(of: dependency)?.rank
    else { return false }
    return to >= from
  }

  /// `Shared and other …Interface modules`.
  private var contractSpelling: String {
    let layers = allowedLayers.isEmpty ? "no layer" : allowedLayers.joined(separator: ", ")
    return configuration.interfaceDependencies.interfaces
      ? "\(layers) and other …\(configuration.interfaceSuffix) modules" : "\(layers) only"
  }

  private func isLayerModule(_ name: String) -> Bool {
    if case .layer = workspace.placement(of: name) { return true }
    return false
  }

  /// Whether interface module `module` may depend on `dependency` under the contract: a module of an
  /// allowed layer, another interface when interfaces are allowed, or no module of a layer at all (a system
  /// library, tooling a build runs, a test-support module: other rules judge those). Any module may when
  /// the rule is off or `module` is no interface.
  static func isAllowed(_ dependency: String, for module: String, in workspace: Workspace) -> Bool {
    let configuration = workspace.configuration
    guard configuration.isEnabled(.interfaceContract), workspace.isInterface(module),
      let target = workspace.targetsByName[dependency], !target.isSystemLibrary, !target.isPlugin,
      case .layer(let layer, _) = workspace.placement(of: dependency)
    else { return true }
    if allowedLayers(configuration).contains(layer) { return true }
    return configuration.interfaceDependencies.interfaces && workspace.isInterface(dependency)
  }
}
