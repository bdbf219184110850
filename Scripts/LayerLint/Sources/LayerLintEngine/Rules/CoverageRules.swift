/// Rules on what every layer module must have: `missing-tests` and `missing-owner`.
package struct CoverageRules {
  package let workspace: Workspace
  /// The owners file, or `nil` when the package has none.
  package let codeOwners: CodeOwners?

  private var configuration: LayeringConfiguration { workspace.configuration }

  package func violations() -> [Violation] {
    let testNames = Set(workspace.testTargets.map(\.name))
    var found: [Violation] = []
    for module in workspace.modules {
      // A plugin in a layer folder is misplaced tooling (`unknown-layer`), not a module to test or own.
      guard case .layer(let layerName, _) = workspace.placement(of: module.name), !module.isPlugin else { continue }
      let line = workspace.manifestLine(of: module.name)
      let testName = module.name + "Tests"
      if configuration.isEnabled(.missingTests) && !module.isSystemLibrary && !testNames.contains(testName) {
        let folder = "\(configuration.testFolder)/\(testName)"
        found.append(
          Violation(
            rule: .missingTests, file: "Package.swift", line: line, source: module.name, sourceLayer: layerName,
            problem: "has no test target \(testName) (or its folder has no Swift sources)",
            fix: "add \(folder)/\(testName).swift with a test of \(module.name) and a \(testName) test target"))
      }
      if configuration.isEnabled(.missingOwner) && (codeOwners?.owners(ofDirectory: module.path).isEmpty ?? true) {
        found.append(
          Violation(
            rule: .missingOwner, file: configuration.ownersFile, line: 1, source: module.name, sourceLayer: layerName,
            problem: "has no owner in \(configuration.ownersFile)",
            fix: "add the line \"/\(module.path)/ @team\" under \"# \(layerName)\" in \(configuration.ownersFile)"))
      }
    }
    return found
  }
}
