import LayerLintFixer
import LayerLintManifestReader
import LayerLintSwiftReader

/// Source-level and test rules: `undeclared-import`, `test-import`, `tooling-dependency` (by import)
/// and `orphan-test`.
///
/// An import under `#if` counts when a build can compile it: the condition is evaluated as SwiftPM
/// builds the target (`SWIFT_PACKAGE` set, the flags the target defines, the enabled traits, its
/// language mode for `swift(…)`), and `DEBUG`, platform and toolchain conditions may hold.
/// An import the manifest rules out (a flag no build sets, `#if false`) is skipped with a note that
/// says what was assumed.
///
/// A module of another package of the graph counts as declared when a product the target declares
/// brings it (one of the product's targets) or re-exports it, or a target it declares re-exports it.
/// A dependency declared for some platforms (`.when(platforms:)`) or traits (`.when(traits:)`) declares
/// its modules only in those builds: an import a build for the lint's platform (`--platform`) with the
/// lint's traits may compile needs a dependency that build has, as `swift build` decides.
package struct ImportRules {
  package let workspace: Workspace
  package let sources: ScannedSources
  /// The flags each target defines; read on first use, since most packages never need them.
  package let flags: TargetFlags
  /// What each dependency lets a target import (other packages' modules included).
  package let declared: DeclaredModules
  /// The platform whose build decides dependencies declared for some platforms (SwiftPM's name).
  package let platform: String
  /// The packages the manifest depends on directly (identity → location); `nil` when not known.
  package let directPackages: [String: String]?

  package init(
    workspace: Workspace, sources: ScannedSources, flags: TargetFlags, declared: DeclaredModules? = nil,
    platform: String = Platform.host, directPackages: [String: String]? = nil
  ) {
    self.workspace = workspace
    self.sources = sources
    self.flags = flags
    self.declared =
      declared
      ?? DeclaredModules(
        workspace: workspace,
        reexports: ReexportIndex(
          workspace: workspace, sources: sources,
          imports: TargetImports(workspace: workspace, sources: sources, flags: flags)),
        graph: nil, productPackages: [:])
    self.platform = platform
    self.directPackages = directPackages
  }

  /// How a candidate finding is decided: by any build, or by a build for the lint's platform.
  private enum Scope {
    /// Any build: the import must be declared on every platform.
    case anyBuild
    /// Builds for the lint's platform only: the dependency is declared for some platforms.
    case platformBuild
  }

  private var configuration: LayeringConfiguration { workspace.configuration }

  /// Every finding of these rules, and a note for each import skipped because of its `#if`.
  package func findings() -> (violations: [Violation], notes: [Note]) {
    var violations: [Violation] = []
    var notes: [Note] = []
    for target in workspace.manifest.targets {
      let found = importFindings(of: target)
      violations += found.violations
      notes += found.notes
    }
    return (violations + workspace.testTargets.flatMap(testManifestViolations(of:)), notes)
  }

  package func violations() -> [Violation] { findings().violations }

  // MARK: Imports in source files

  private func importFindings(of target: ManifestTarget) -> (violations: [Violation], notes: [Note]) {
    let declaredTargets = Set(target.targetDependencies)
    let allowedForTest = allowedImports(ofTest: target)
    var found: [Violation] = []
    var notes: [Note] = []
    for path in target.swiftSourcePaths {
      for declaration in sources.importsByPath[path] ?? [] {
        let candidate: Violation
        var scope = Scope.anyBuild
        if let module = workspace.target(importedAs: declaration.module) {
          guard module != target.name else { continue }
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
            guard configuration.isEnabled(.undeclaredImport) else { continue }
            if let disabled = target.disabledDependencies[module], !declaredTargets.contains(module) {
              candidate = conditionalImport(
                target, module, through: [disabled], becauseOfTraits: true, path: path, declaration: declaration)
            } else if !declaredTargets.contains(module) {
              candidate = undeclaredImport(target, importing: module, path: path, declaration: declaration)
            } else if let condition = target.conditionalDependencies[module], !condition.applies(toPlatform: platform) {
              candidate = conditionalImport(
                target, module, through: [condition], becauseOfTraits: false, path: path, declaration: declaration)
              scope = .platformBuild
            } else {
              continue
            }
          }
        } else if let foreign = foreignImport(target, path: path, declaration: declaration) {
          (candidate, scope) = foreign
        } else {
          continue
        }
        var environment = environment(of: target)
        if scope == .platformBuild { environment.operatingSystem = Platform.operatingSystems[platform] }
        guard declaration.isConditional else {
          found.append(candidate)
          continue
        }
        let evaluation = environment.evaluate(declaration.branches)
        if evaluation.truth == .no {
          // An import a build for the platform does not compile needs no dependency there: nothing to say.
          if scope == .anyBuild {
            notes.append(skippedNote(candidate, declaration: declaration, evaluation: evaluation))
          }
        } else {
          found.append(candidate.underCondition(describe(declaration, evaluation)))
        }
      }
    }
    return (found, notes)
  }

  // MARK: Modules of other packages

  /// The finding for an import of a module of another package of the graph that no dependency the target
  /// declares brings (or only one a build for the lint's platform lacks); `nil` when it is declared, when the
  /// module is no module of the graph, or when a dependency of unknown modules might bring it.
  private func foreignImport(
    _ target: ManifestTarget, path: String, declaration: ImportDeclaration
  ) -> (Violation, Scope)? {
    guard configuration.isEnabled(.undeclaredImport), target.kind != .plugin, target.kind != .snippet,
      let owner = declared.foreignOwner(of: declaration.module)
    else { return nil }
    let module = declaration.module
    var providers: [String] = []
    var unknown = false
    for dependency in target.targetDependencies
    where declared.modules(of: dependency, isProduct: false)?.contains(module) == true {
      providers.append(dependency)
    }
    for product in target.productDependencies {
      guard let modules = declared.modules(of: product, isProduct: true) else {
        unknown = true
        continue
      }
      if modules.contains(module) { providers.append(product) }
    }
    if !providers.isEmpty {
      let conditions = providers.compactMap { target.conditionalDependencies[$0] }
      guard conditions.count == providers.count, !conditions.contains(where: { $0.applies(toPlatform: platform) })
      else { return nil }
      return (
        conditionalImport(
          target, module, through: conditions, becauseOfTraits: false, path: path, declaration: declaration),
        .platformBuild
      )
    }
    // A product whose modules are unknown (its package could not be described) may bring it.
    guard !unknown else { return nil }
    let disabled = target.disabledDependencies.values.filter { dependency in
      declared.modules(of: dependency.name, isProduct: workspace.targetsByName[dependency.name] == nil)?
        .contains(module) == true
    }
    if !disabled.isEmpty {
      return (
        conditionalImport(
          target, module, through: disabled.sorted { $0.name < $1.name }, becauseOfTraits: true, path: path,
          declaration: declaration),
        .anyBuild
      )
    }
    return (foreignUndeclared(target, module, owner: owner, path: path, declaration: declaration), .anyBuild)
  }

  /// `imports DequeModule, a module of package swift-collections, without declaring a product that brings it`.
  private func foreignUndeclared(
    _ target: ManifestTarget, _ module: String, owner: (member: PackageGraph.Member, target: ManifestTarget),
    path: String, declaration: ImportDeclaration
  ) -> Violation {
    let package = owner.member.identity
    let problem = "imports \(module), a module of package \(package), without declaring a product that brings it"
    let offering = declared.graph?.products(offering: module) ?? []
    let fix: String
    if let product = offering.first(where: { $0.product.name == module }) ?? offering.first {
      let spelled = ".product(name: \"\(product.product.name)\", package: \"\(product.member.identity)\")"
      let isDirect = directPackages.map { packages in
        packages.keys.contains { $0.lowercased() == product.member.identity.lowercased() }
      }
      let addPackage =
        isDirect == false ? " and the package \(product.member.identity) to the package's dependencies" : ""
      fix = "add \(spelled) to \(target.name)'s dependencies\(addPackage) in Package.swift"
    } else {
      fix =
        "import a module of one of \(package)'s products instead: \(module) is an internal module of \(package), "
        + "no product of it offers it"
    }
    return violation(.undeclaredImport, target, module, path: path, line: declaration.line, problem: problem, fix: fix)
  }

  /// An import whose dependencies are declared only for other platforms, or only with traits this build
  /// does not enable: `swift build` for the platform with the traits fails with `no such module`.
  private func conditionalImport(
    _ target: ManifestTarget, _ module: String, through conditions: [DeclaredDependency], becauseOfTraits: Bool,
    path: String, declaration: ImportDeclaration
  ) -> Violation {
    let names = conditions.map { "\"\($0.name)\" (\($0.conditionSpelling))" }.joined(separator: ", ")
    let platformName = Platform.operatingSystems[platform] ?? platform
    let problem: String
    let fix: String
    if becauseOfTraits {
      let traits = Set(conditions.flatMap(\.traits)).sorted()
      problem =
        "imports \(module), which only the dependency \(names) brings, and this build does not enable "
        + "\(traits.joined(separator: " or ")): swift build fails with no such module '\(module)'"
      fix =
        "import \(module) under #if \(traits.joined(separator: " || ")), or declare the dependency without the trait "
        + "condition (lint with --traits \(traits.joined(separator: ",")) to check that build)"
    } else {
      let systems = Set(conditions.flatMap(\.platforms)).sorted().compactMap { Platform.operatingSystems[$0] }
      let guardCondition = systems.map { "os(\($0))" }.joined(separator: " || ")
      problem =
        "imports \(module), which only the dependency \(names) brings: a build for \(platformName) has no "
        + "\(module) (swift build fails with no such module '\(module)')"
      fix =
        "import \(module) under #if \(guardCondition.isEmpty ? "…" : guardCondition), or add .\(Platform.spelling(of: platform)) "
        + "to the dependency's platforms in Package.swift"
    }
    return violation(.undeclaredImport, target, module, path: path, line: declaration.line, problem: problem, fix: fix)
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
package struct TestImportPolicy {
  package let workspace: Workspace
  package let testedModule: String

  package func permits(_ module: String) -> Bool {
    module == testedModule || workspace.configuration.testSupportModules.contains(module)
      || workspace.mayDepend(testedModule, on: module)
  }
}
