import Foundation
import LayerLintManifestReader
import LayerLintSwiftReader

/// `test-double`: test doubles live in test-support modules that no app can link. A production (layer)
/// module may not declare a type whose name is a test double's (`testDoubles.patterns`: `Fake*`, `Mock*`,
/// …, less `testDoubles.exceptions`), nor depend on a test-support module (`testSupportModules`) outside
/// the test folder (`tooling-dependency` reports those in it); and a test-support module may not be a
/// library product, which any package that depends on this one could link.
package struct TestDoubleRule {
  let workspace: Workspace
  /// The run's sources, where the modules' files are read.
  let files: SourceFiles

  private var configuration: LayeringConfiguration { workspace.configuration }
  private var doubles: TestDoubleConfiguration { configuration.testDoubles }

  package func violations() -> [Violation] {
    guard configuration.isEnabled(.testDouble) else { return [] }
    let production = workspace.modules.filter(isProduction)
    // Only files that hold a pattern's fixed part are read line by line: on all cores.
    let fixedParts = doubles.patterns.flatMap { $0.split(whereSeparator: { $0 == "*" || $0 == "?" }).map(String.init) }
      .filter { !$0.isEmpty }
    files.prepare(production.flatMap(\.swiftSourcePaths)) { files, path in
      if fixedParts.isEmpty || files.contains(anyOf: fixedParts, in: path) { _ = files.codeLines(of: path) }
    }
    var found: [Violation] = []
    for module in production {
      found += declaredDoubles(in: module, fixedParts: fixedParts)
      for dependency in module.targetDependencies where configuration.testSupportModules.contains(dependency) {
        if case .tests = workspace.placement(of: dependency) { continue }
        found.append(
          Violation(
            rule: .testDouble, file: "Package.swift", line: workspace.manifestLine(of: module.name),
            source: module.name,
            sourceLayer: workspace.layerName(of: module.name), target: dependency,
            targetLayer: workspace.layerName(of: dependency),
            problem: "a production module depends on a test-support module, which only tests may use",
            fix:
              "remove \"\(dependency)\" from \(module.name)'s dependencies in Package.swift; its tests may depend on it"
          ))
      }
    }
    for product in workspace.manifest.products where product.isLibrary {
      for target in product.targets where configuration.testSupportModules.contains(target) {
        found.append(
          Violation(
            rule: .testDouble, file: "Package.swift", line: workspace.manifestLine(of: target), source: target,
            sourceLayer: workspace.layerName(of: target), target: product.name,
            problem:
              "a test-support module is in the library product \"\(product.name)\", which any package that depends on "
              + "this one can link",
            fix: "remove the product \"\(product.name)\" from Package.swift (test targets depend on \(target) directly)"
          ))
      }
    }
    return found
  }

  /// A module of a layer that is no test-support module.
  private func isProduction(_ module: ManifestTarget) -> Bool {
    guard case .layer = workspace.placement(of: module.name), !module.isPlugin, !module.isSystemLibrary else {
      return false
    }
    return !configuration.testSupportModules.contains(module.name)
  }

  /// Every type `module` declares whose name is a test double's, in the files that hold one of `fixedParts`
  /// (every file when there are none).
  private func declaredDoubles(in module: ManifestTarget, fixedParts: [String]) -> [Violation] {
    var found: [Violation] = []
    for path in module.swiftSourcePaths {
      guard fixedParts.isEmpty || files.contains(anyOf: fixedParts, in: path),
        let codeLines = files.codeLines(of: path)
      else { continue }
      for line in codeLines.lines {
        for name in SwiftCodeLines.declaredTypes(in: line.code) where doubles.isTestDouble(name) {
          let pattern = doubles.patterns.first { LayeringConfiguration.Layer.glob($0, matches: name) } ?? ""
          found.append(
            Violation(
              rule: .testDouble, file: path, line: line.number, source: module.name,
              sourceLayer: workspace.layerName(of: module.name), target: name,
              problem: "a production module declares \(name), a test double (its name matches \(pattern))",
              fix:
                "move \(name) to a test-support module (listed in testSupportModules, no library product), or list "
                + "it in testDoubles.exceptions in \(LayeringConfiguration.fileName) if it is no test double"))
        }
      }
    }
    return found
  }
}
