/// Source-level and test rules: `undeclared-import`, `test-import`, `tooling-dependency` (by import)
/// and `orphan-test`.
struct ImportRules {
  let workspace: Workspace
  let sources: ScannedSources

  private var configuration: LayeringConfiguration { workspace.configuration }

  func violations() -> [Violation] {
    workspace.manifest.targets.flatMap(importViolations(of:))
      + workspace.testTargets.flatMap(testManifestViolations(of:))
  }

  // MARK: Imports in source files

  private func importViolations(of target: ManifestTarget) -> [Violation] {
    let declared = Set(target.targetDependencies)
    let allowedForTest = allowedImports(ofTest: target)
    var found: [Violation] = []
    for path in target.swiftSourcePaths {
      for declaration in sources.importsByPath[path] ?? [] {
        let module = declaration.module
        guard module != target.name, workspace.isModule(module) else { continue }
        if let allowed = allowedForTest, !allowed.permits(module) {
          if configuration.isEnabled(.testImport) {
            found.append(
              testImport(target, of: allowed.testedModule, importing: module, path: path, line: declaration.line))
          }
          continue
        }
        if case .layer = workspace.placement(of: target.name),
          workspace.placement(of: module).map(Workspace.isTooling) == true
        {
          if configuration.isEnabled(.toolingDependency) {
            found.append(
              violation(
                .toolingDependency, target, module, path: path, line: declaration.line,
                problem: "a layer module imports tooling", fix: "remove the import; tooling stays outside the layers"))
          }
          continue
        }
        guard !declared.contains(module), configuration.isEnabled(.undeclaredImport) else { continue }
        found.append(undeclaredImport(target, importing: module, path: path, declaration: declaration))
      }
    }
    return found
  }

  private func undeclaredImport(
    _ target: ManifestTarget, importing module: String, path: String, declaration: ImportDeclaration
  ) -> Violation {
    let conditional = declaration.isConditional ? " (inside #if; a conditional import still needs the declaration)" : ""
    let problem = "imports \(module) without declaring it as a direct dependency\(conditional)"
    let owner = target.isTest ? (workspace.testedModule(of: target) ?? target.name) : target.name
    let isLegal = target.isTest || !configuration.isEnabled(.layerDirection) || workspace.mayDepend(owner, on: module)
    let fix =
      isLegal
      ? "add \"\(module)\" to \(target.name)'s dependencies in Package.swift"
      : "remove the import: \(target.name) may not depend on \(module); move the shared code to a lower layer "
        + "or behind an …\(configuration.interfaceSuffix) module"
    return violation(.undeclaredImport, target, module, path: path, line: declaration.line, problem: problem, fix: fix)
  }

  // MARK: Test targets

  /// For a unit test target `<M>Tests`: the modules it may import. `nil` for other targets.
  private func allowedImports(ofTest target: ManifestTarget) -> TestImportPolicy? {
    guard target.isTest, configuration.isEnabled(.testImport),
      !configuration.integrationTestTargets.contains(target.name),
      let tested = workspace.testedModule(of: target), workspace.placement(of: tested)?.rank != nil
    else { return nil }
    return TestImportPolicy(workspace: workspace, testedModule: tested)
  }

  private func testImport(
    _ test: ManifestTarget, of tested: String, importing module: String, path: String, line: Int
  )
    -> Violation
  {
    violation(
      .testImport, test, module, path: path, line: line,
      problem: "a test of \(tested) may import only \(tested), what \(tested) may depend on, and test-support modules",
      fix: "remove the import and test \(module) in \(module)Tests, or list a shared helper in testSupportModules in "
        + LayeringConfiguration.fileName)
  }

  private func testManifestViolations(of test: ManifestTarget) -> [Violation] {
    if configuration.integrationTestTargets.contains(test.name) { return [] }
    guard let allowed = allowedImports(ofTest: test) else {
      guard configuration.isEnabled(.orphanTest), workspace.testedModule(of: test) == nil else { return [] }
      return [
        Violation(
          rule: .orphanTest, file: "Package.swift", line: workspace.manifestLine(of: test.name), source: test.name,
          sourceLayer: workspace.layerName(of: test.name),
          problem: "tests no module: its name is not <Module>Tests and it is no integration test target",
          fix: "rename it to <Module>Tests, or add \"\(test.name)\" to integrationTestTargets in "
            + LayeringConfiguration.fileName)
      ]
    }
    return test.targetDependencies.filter { workspace.isModule($0) && !allowed.permits($0) }.map {
      dependency in
      Violation(
        rule: .testImport, file: "Package.swift", line: workspace.manifestLine(ofTest: test),
        source: test.name, sourceLayer: workspace.layerName(of: test.name), target: dependency,
        targetLayer: workspace.layerName(of: dependency),
        problem: "a test of \(allowed.testedModule) depends on a module \(allowed.testedModule) may not use",
        fix: "remove \"\(dependency)\" from \(test.name)'s dependencies in Package.swift")
    }
  }

  private func violation(
    _ rule: RuleID, _ target: ManifestTarget, _ module: String, path: String, line: Int, problem: String, fix: String
  ) -> Violation {
    Violation(
      rule: rule, file: path, line: line, source: target.name, sourceLayer: workspace.layerName(of: target.name),
      target: module, targetLayer: workspace.layerName(of: module), problem: problem, fix: fix)
  }
}

/// What a unit test target `<M>Tests` may import: M, what M may depend on, and test-support modules.
struct TestImportPolicy {
  let workspace: Workspace
  let testedModule: String

  func permits(_ module: String) -> Bool {
    module == testedModule || workspace.configuration.testSupportModules.contains(module)
      || workspace.mayDepend(testedModule, on: module)
  }
}
