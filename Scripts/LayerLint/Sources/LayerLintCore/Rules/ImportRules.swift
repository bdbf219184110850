/// Source-level and test rules: `undeclared-import`, `test-import`, `tooling-dependency` (by import)
/// and `orphan-test`.
///
/// An import under `#if` counts when a build can compile it: the condition is evaluated as SwiftPM
/// builds the target (`SWIFT_PACKAGE` set, the flags the target defines, the enabled traits, its
/// language mode for `swift(…)`), and `DEBUG`, platform and toolchain conditions may hold.
/// An import the manifest rules out (a flag no build sets, `#if false`) is skipped with a note that
/// says what was assumed.
struct ImportRules {
  let workspace: Workspace
  let sources: ScannedSources
  /// The flags each target defines; read on first use, since most packages never need them.
  let flags: TargetFlags

  private var configuration: LayeringConfiguration { workspace.configuration }

  /// Every finding of these rules, and a note for each import skipped because of its `#if`.
  func findings() -> (violations: [Violation], notes: [Note]) {
    var violations: [Violation] = []
    var notes: [Note] = []
    for target in workspace.manifest.targets {
      let found = importFindings(of: target)
      violations += found.violations
      notes += found.notes
    }
    return (violations + workspace.testTargets.flatMap(testManifestViolations(of:)), notes)
  }

  func violations() -> [Violation] { findings().violations }

  // MARK: Imports in source files

  private func importFindings(of target: ManifestTarget) -> (violations: [Violation], notes: [Note]) {
    let declared = Set(target.targetDependencies)
    let allowedForTest = allowedImports(ofTest: target)
    var found: [Violation] = []
    var notes: [Note] = []
    for path in target.swiftSourcePaths {
      for declaration in sources.importsByPath[path] ?? [] {
        guard let module = workspace.target(importedAs: declaration.module), module != target.name else { continue }
        let candidate: Violation
        if let allowed = allowedForTest, !allowed.permits(module) {
          guard configuration.isEnabled(.testImport) else { continue }
          candidate = testImport(
            target, of: allowed.testedModule, importing: module, path: path, declaration: declaration)
        } else if case .layer = workspace.placement(of: target.name),
          workspace.placement(of: module).map(Workspace.isTooling) == true
        {
          guard configuration.isEnabled(.toolingDependency) else { continue }
          candidate = violation(
            .toolingDependency, target, module, path: path, line: declaration.line,
            problem: "a layer module imports tooling", fix: "remove the import; tooling stays outside the layers")
        } else {
          guard !declared.contains(module), configuration.isEnabled(.undeclaredImport) else { continue }
          candidate = undeclaredImport(target, importing: module, path: path, declaration: declaration)
        }
        guard declaration.isConditional else {
          found.append(candidate)
          continue
        }
        let evaluation = environment(of: target).evaluate(declaration.branches)
        if evaluation.truth == .no {
          notes.append(skippedNote(candidate, declaration: declaration, evaluation: evaluation))
        } else {
          found.append(candidate.underCondition(describe(declaration, evaluation)))
        }
      }
    }
    return (found, notes)
  }

  private func environment(of target: ManifestTarget) -> BuildEnvironment {
    flags.environment(of: target, toolsVersion: workspace.manifest.toolsVersion)
  }

  /// `under #if os(Linux), which a build may compile: os(Linux) depends on the platform, assumed it may hold`.
  private func describe(_ declaration: ImportDeclaration, _ evaluation: ConditionEvaluation) -> String {
    let branches = declaration.branches.map(\.spelling).joined(separator: " > ")
    guard !evaluation.assumptions.isEmpty else { return "under \(branches), which every build compiles" }
    return "under \(branches), which a build may compile: \(evaluation.assumptions.joined(separator: "; "))"
  }

  private func skippedNote(
    _ candidate: Violation, declaration: ImportDeclaration, evaluation: ConditionEvaluation
  ) -> Note {
    let branches = declaration.branches.map(\.spelling).joined(separator: " > ")
    let reasons = evaluation.facts + evaluation.assumptions
    let why = reasons.isEmpty ? "" : " (\(reasons.joined(separator: "; ")))"
    return Note(
      rule: candidate.rule, file: candidate.file, line: candidate.line, source: candidate.source,
      target: candidate.target ?? declaration.module,
      text: "import \(declaration.module) skipped: no build compiles \(branches)\(why)")
  }

  private func undeclaredImport(
    _ target: ManifestTarget, importing module: String, path: String, declaration: ImportDeclaration
  ) -> Violation {
    let spelled = declaration.module == module ? module : "\(declaration.module) (target \(module))"
    let problem = "imports \(spelled) without declaring it as a direct dependency"
    let owner = target.isTest ? (workspace.testedModule(of: target) ?? target.name) : target.name
    let isLegal = target.isTest || !configuration.isEnabled(.layerDirection) || workspace.mayDepend(owner, on: module)
    let fix =
      isLegal
      ? "add \"\(module)\" to \(target.name)'s dependencies in Package.swift"
      : "remove the import: \(target.name) may not depend on \(module); move the shared code to a lower layer "
        + "or behind an …\(configuration.interfaceSuffix) module"
    var found = violation(
      .undeclaredImport, target, module, path: path, line: declaration.line, problem: problem, fix: fix)
    if isLegal { found.missingDependency = MissingDependency(target: target.name, dependency: module) }
    return found
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
    _ test: ManifestTarget, of tested: String, importing module: String, path: String,
    declaration: ImportDeclaration
  ) -> Violation {
    violation(
      .testImport, test, module, path: path, line: declaration.line,
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
