import LayerLintManifestReader

/// Manifest-level rules on where modules live and what they declare as dependencies:
/// `unknown-layer`, `layer-direction`, `sideways`, `interface-direction`, `tooling-dependency`,
/// `executable-outside-app`.
///
/// Plugins are tooling: a plugin target belongs in a tooling folder, where a layer module may use it
/// when it is a build-tool plugin (a build runs it; nothing of it, or of the tools it runs, is linked).
/// A layer module that uses a command plugin, or a plugin in a layer folder, breaks `tooling-dependency`;
/// a plugin in a layer folder breaks `unknown-layer` too.
package struct DependencyRules {
  package let workspace: Workspace

  private var configuration: LayeringConfiguration { workspace.configuration }
  private var moveAdvice: String {
    "move the shared code to a lower layer or behind an …\(configuration.interfaceSuffix) module"
  }

  package func violations() -> [Violation] {
    workspace.modules.flatMap(violations(of:)) + workspace.testTargets.flatMap(placementViolations(ofTest:))
  }

  private func violations(of module: ManifestTarget) -> [Violation] {
    guard let placement = workspace.placement(of: module.name) else { return [] }
    var found: [Violation] = []
    let line = workspace.manifestLine(of: module.name)
    let isTestSupport = configuration.testSupportModules.contains(module.name)
    switch placement {
    case .unknown, .tests:
      if configuration.isEnabled(.unknownLayer)
        && !(isTestSupport && placement == .tests(folder: configuration.testFolder))
      {
        found.append(unknownLayer(module, line: line, placement: placement))
      }
      return found
    case .tooling:
      return found
    case .layer(let layerName, _) where module.isPlugin:
      guard configuration.isEnabled(.unknownLayer) else { return found }
      return [
        Violation(
          rule: .unknownLayer, file: "Package.swift", line: line, source: module.name, sourceLayer: layerName,
          problem: "a plugin lives in \(module.path)/, inside a layer folder; plugins are tooling",
          fix: "move \(module.name) to \(workspace.pluginHome(of: module.name)) and update its path in Package.swift")
      ]
    case .layer(let layerName, _):
      if module.kind == .executable && layerName != configuration.executableLayer
        && configuration.isEnabled(.executableOutsideApp)
      {
        found.append(
          Violation(
            rule: .executableOutsideApp, file: "Package.swift", line: line, source: module.name,
            sourceLayer: layerName, problem: "executables live only in \(configuration.executableLayer)",
            fix:
              "move the entry point to a module in \(configuration.executableLayer)/ and make \(module.name) a library")
        )
      }
      if module.isSystemLibrary { return found }
      for dependency in module.targetDependencies {
        if let violation = dependencyViolation(module, layerName: layerName, dependency: dependency, line: line) {
          found.append(violation)
        }
      }
      return found
    }
  }

  private func unknownLayer(_ module: ManifestTarget, line: Int, placement: Placement) -> Violation {
    let layerFolders = configuration.layers.compactMap(\.folder)
    let folders = layerFolders + configuration.toolingFolders
    let patterns = configuration.layers.flatMap(\.targets)
    guard !patterns.isEmpty else {
      return Violation(
        rule: .unknownLayer, file: "Package.swift", line: line, source: module.name,
        sourceLayer: placement.displayName,
        problem: "lives in \(module.path)/, outside the layer and tooling folders (\(folders.joined(separator: ", ")))",
        fix:
          "move \(module.name) to <Layer>/\(module.name)/ in one of \(layerFolders.joined(separator: ", ")) and update its path in Package.swift"
      )
    }
    let inFolders =
      folders.isEmpty ? "" : " and lives in \(module.path)/, outside the folders \(folders.joined(separator: ", "))"
    return Violation(
      rule: .unknownLayer, file: "Package.swift", line: line, source: module.name, sourceLayer: placement.displayName,
      problem:
        "is in no layer: its name matches none of the layers' target patterns (\(patterns.joined(separator: ", ")))"
        + inFolders,
      fix:
        "rename it to match a layer's pattern, or add a pattern for it to a layer in \(LayeringConfiguration.fileName)")
  }

  private func dependencyViolation(
    _ module: ManifestTarget, layerName: String, dependency: String, line: Int
  ) -> Violation? {
    guard let target = workspace.targetsByName[dependency], !target.isSystemLibrary,
      let targetPlacement = workspace.placement(of: dependency)
    else { return nil }
    func violation(_ rule: RuleID, _ problem: String, _ fix: String) -> Violation? {
      guard configuration.isEnabled(rule) else { return nil }
      return Violation(
        rule: rule, file: "Package.swift", line: line, source: module.name, sourceLayer: layerName,
        target: dependency, targetLayer: targetPlacement.displayName, problem: problem, fix: fix)
    }
    let remove = "remove \"\(dependency)\" from \(module.name)'s dependencies in Package.swift"
    if target.isPlugin {
      return pluginViolation(module, uses: target, placement: targetPlacement, violation: violation)
    }
    switch targetPlacement {
    case .tooling:
      return violation(
        .toolingDependency, "a layer module depends on tooling", "\(remove); tooling stays outside the layers")
    case .tests where configuration.testSupportModules.contains(dependency):
      return violation(
        .toolingDependency, "a layer module depends on a test-support module, which only tests may use",
        "\(remove); test support stays outside the layers")
    case .tests, .unknown:
      return nil  // `unknown-layer` already names the target.
    case .layer(_, let targetRank):
      guard let rank = workspace.placement(of: module.name)?.rank, targetRank >= rank else { return nil }
      if workspace.isInterface(module.name) && !(targetRank == rank && workspace.isInterface(dependency)) {
        return violation(
          .interfaceDirection, "an interface module depends only on lower layers and on other interfaces",
          "\(remove) and \(moveAdvice)")
      }
      if targetRank > rank {
        return violation(.layerDirection, "depends upward on a higher layer", "\(remove) and \(moveAdvice)")
      }
      if workspace.isInterface(dependency) { return nil }
      return violation(.sideways, "depends sideways on a module of its own layer", "\(remove) and \(moveAdvice)")
    }
  }

  /// A build-tool plugin in a tooling folder is fine; a command plugin, or any plugin in a layer folder, is not.
  private func pluginViolation(
    _ module: ManifestTarget, uses plugin: ManifestTarget, placement: Placement,
    violation: (RuleID, String, String) -> Violation?
  ) -> Violation? {
    let name = plugin.name
    switch placement {
    case .tooling where plugin.pluginCapability == .buildTool:
      return nil
    case .tooling:
      let kind = plugin.pluginCapability == .command ? "a command plugin" : "a plugin that is no build tool"
      return violation(
        .toolingDependency, "uses \(kind), which a build never runs (only `swift package` on request)",
        "remove \"\(name)\" from \(module.name)'s plugins in Package.swift; a module uses only build-tool plugins")
    case .layer:
      return violation(
        .toolingDependency, "uses a plugin that lives in a layer folder (\(plugin.path)/); plugins are tooling",
        "move \(name) to \(workspace.pluginHome(of: name)) and update its path in Package.swift")
    case .tests, .unknown:
      return nil  // `unknown-layer` already names the plugin.
    }
  }

  /// Test targets belong in the test folder.
  private func placementViolations(ofTest test: ManifestTarget) -> [Violation] {
    guard configuration.isEnabled(.unknownLayer), let placement = workspace.placement(of: test.name),
      placement != .tests(folder: configuration.testFolder)
    else { return [] }
    let line = workspace.manifestLine(ofTest: test)
    return [
      Violation(
        rule: .unknownLayer, file: "Package.swift", line: line, source: test.name, sourceLayer: placement.displayName,
        problem: "a test target lives in \(test.path)/, outside \(configuration.testFolder)/",
        fix: "move it to \(configuration.testFolder)/\(test.name)/ and update its path in Package.swift")
    ]
  }
}
