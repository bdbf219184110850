import Foundation
import LayerLintFixer
import LayerLintManifestReader
import LayerLintSwiftReader

/// `redundant-dependency`: a target declares a dependency that none of its Swift files imports, in
/// any branch a build may compile. The dependency only makes the build wider; removing it changes
/// nothing the code can see.
///
/// A dependency counts as used when a file of the target imports one of its modules (`@testable`,
/// `@_exported`, a submodule or a kind import too) under conditions a build may compile, or imports a
/// module that re-exports one of them (`@_exported import`, followed through further re-exports).
/// Never reported, because a build uses them without an `import`:
/// - a system library (`.systemLibrary`): it may be linked only for its symbols;
/// - an executable (a test depends on it to have it built), a macro (used through `#externalMacro`),
///   a plugin, a binary target (its module names are not known);
/// - a test-support module (`testSupportModules` in `.layering.json`);
/// - an empty module (its files hold only comments): a marker that clients test with `#if canImport(…)`;
/// - for a test target `<M>Tests`: M, and everything M depends on (the module's dependencies reach its
///   tests anyway; this workspace's manifest gives every test target its module's dependencies).
///
/// Code a build-tool plugin generates is read as far as it can be: a plugin of the package counts as
/// importing what the string literals of its sources and its tools' sources import (`"import Localization"`
/// in the code they write). What a plugin of another package generates cannot be read, so a target that
/// uses one gets a note, not a finding, for a dependency it does not import.
/// Targets the rule does not read: plugins (their dependencies are tools they run), snippets (SwiftPM
/// gives them every library of the package), empty targets (an aggregate that only makes its
/// dependencies build together), system libraries, binary targets, and targets with C-family sources
/// (their `#include`s are not read).
///
/// A dependency imported only under `#if` branches no build compiles is reported, with the branches; a
/// branch under a trait the package declares may be compiled (a build may enable the trait), whatever
/// traits the lint's own build enables.
/// A product of another package counts as used when one of its modules is imported; the modules come
/// from the plugin, or from `describe` of the resolved dependency. When the package is not resolved the
/// product is assumed to be one module of its own name, and when that is not imported a note says the
/// product could not be checked.
package struct RedundantDependencyRule {
  package let workspace: Workspace
  /// The imports of the package's sources, and the files themselves (plugins' sources, whether files hold code).
  package let sources: ScannedSources
  package let flags: TargetFlags
  package let products: ProductCatalog
  /// What each target's files import, evaluated as needed.
  package let imports: TargetImports
  /// Which modules of the package re-export which.
  package let reexports: ReexportIndex

  package init(
    workspace: Workspace, sources: ScannedSources, flags: TargetFlags, products: ProductCatalog,
    imports: TargetImports, reexports: ReexportIndex? = nil
  ) {
    self.workspace = workspace
    self.sources = sources
    self.flags = flags
    self.products = products
    self.imports = imports
    self.reexports = reexports ?? ReexportIndex(workspace: workspace, sources: sources, imports: imports)
  }

  private var configuration: LayeringConfiguration { workspace.configuration }

  /// Every finding, and a note for each product dependency that could not be checked.
  package func findings() -> (violations: [Violation], notes: [Note]) {
    guard configuration.isEnabled(.redundantDependency) else { return ([], []) }
    var violations: [Violation] = []
    var notes: [Note] = []
    for target in workspace.manifest.targets where isRead(target) {
      let found = findings(of: target, reexports: reexports)
      violations += found.violations
      notes += found.notes
    }
    return (violations, notes)
  }

  /// Whether the rule reads `target`'s sources: a Swift module (library, executable, test or macro).
  private func isRead(_ target: ManifestTarget) -> Bool {
    switch target.kind {
    case .library, .executable, .test, .macro: !target.hasCFamilySources && !target.swiftSourcePaths.isEmpty
    // A snippet depends on every library of its package without the manifest saying so.
    case .snippet, .plugin, .systemLibrary, .binary, .other: false
    }
  }

  private func findings(
    of target: ManifestTarget, reexports: ReexportIndex
  ) -> (violations: [Violation], notes: [Note]) {
    let exempt = exemptDependencies(of: target)
    let targetDependencies = target.targetDependencies.filter { !exempt.contains($0) && isReportable($0) }
    let productDependencies = target.productDependencies.filter { !exempt.contains($0) }
    guard !targetDependencies.isEmpty || !productDependencies.isEmpty else { return ([], []) }
    // The modules the code of the package's own build-tool plugins imports (read only when needed).
    var generated: Set<String>?
    // The platforms a dependency is declared for, when it is declared for some only: it is used only when
    // a file imports it in a branch a build for one of them may compile.
    var platforms: Set<String>?
    // Whether a file of the target imports `module`, or a module that re-exports it, in a branch a build may compile.
    func isVisible(_ module: String) -> Bool {
      if imports.imports(target.name, module, platforms: platforms)
        || reexports.exporters(of: module).contains(where: { imports.imports(target.name, $0, platforms: platforms) })
      {
        return true
      }
      let fromPlugins = generated ?? generatedImports(of: target)
      generated = fromPlugins
      return reexports.closure(of: fromPlugins).contains(module)
    }
    func systems(of dependency: String) -> Set<String>? {
      guard let condition = target.conditionalDependencies[dependency], !condition.platforms.isEmpty else { return nil }
      return Set(condition.platforms.compactMap { Platform.operatingSystems[$0] })
    }
    var candidates: [(dependency: String, module: String)] = []
    for dependency in targetDependencies {
      platforms = systems(of: dependency)
      defer { platforms = nil }
      guard let module = workspace.targetsByName[dependency]?.moduleName, !isVisible(module) else { continue }
      candidates.append((dependency, module))
    }
    // Products: most are one module of the product's name; the others need their package's description.
    let foreignPlugins = target.productDependencies.isEmpty ? [] : products.foreignPlugins(of: target.name)
    let unmatched = productDependencies.filter { product in
      platforms = systems(of: product)
      defer { platforms = nil }
      return !foreignPlugins.contains(product) && !isVisible(ManifestTarget.c99Name(product))
    }
    candidates.removeAll { !hasCode(workspace.targetsByName[$0.dependency]) }
    guard !candidates.isEmpty || !unmatched.isEmpty, hasCode(target) else { return ([], []) }
    var violations: [Violation] = []
    var notes: [Note] = []
    // What a plugin of another package generates is unknown: it may import any of these.
    func report(_ dependency: String, isProduct: Bool, skipped: (path: String, declaration: ImportDeclaration)?) {
      if let plugin = foreignPlugins.sorted().first {
        notes.append(
          Note(
            rule: .redundantDependency, file: "Package.swift", line: manifestLine(of: target), source: target.name,
            target: dependency,
            text: "no file of \(target.name) imports \"\(dependency)\", but the code the build-tool plugin \(plugin) "
              + "generates may (a plugin of another package; its code is not read)", kind: .pluginMayUse))
      } else {
        violations.append(redundant(target, dependency, isProduct: isProduct, skipped: skipped))
      }
    }
    for (dependency, module) in candidates {
      report(dependency, isProduct: false, skipped: imports.skipped(target.name, module))
    }
    guard !unmatched.isEmpty else { return (violations, notes) }
    let catalog = products.modules(of: unmatched)
    // Modules the target sees through the re-exports of the products' modules it imports: those of the
    // unmatched products' packages, and each matched product's module of its name.
    var reexported: Set<String> = []
    for product in unmatched {
      platforms = systems(of: product)
      for module in catalog[product] ?? [] where isVisible(module.module) {
        reexported.formUnion(products.reexports(of: module))
      }
      platforms = nil
    }
    for product in productDependencies where !unmatched.contains(product) {
      reexported.formUnion(products.reexports(ofModule: ManifestTarget.c99Name(product), product: product))
    }
    for product in unmatched {
      let name = ManifestTarget.c99Name(product)
      guard let modules = catalog[product].map({ $0.map(\.module) }) else {
        if reexported.contains(name) { continue }
        notes.append(
          Note(
            rule: .redundantDependency, file: "Package.swift", line: manifestLine(of: target), source: target.name,
            target: product,
            text: "cannot check \"\(product)\": no file imports a module named \(name), and the product's package "
              + "is not resolved, so its other modules are unknown (swift package resolve, then lint again)",
            kind: .unchecked))
        continue
      }
      platforms = systems(of: product)
      defer { platforms = nil }
      if modules.contains(where: { isVisible($0) || reexported.contains($0) }) { continue }
      report(product, isProduct: true, skipped: modules.lazy.compactMap { self.imports.skipped(target.name, $0) }.first)
    }
    return (violations, notes)
  }

  /// Whether a Swift file of `target` holds code (not only comments); a target of other sources has code.
  private func hasCode(_ target: ManifestTarget?) -> Bool {
    guard let target, !target.swiftSourcePaths.isEmpty, !target.hasCFamilySources else { return true }
    return target.swiftSourcePaths.contains { sources.files.hasCode($0) }
  }

  /// What the code generated for `target` by the package's own build-tool plugins imports: the imports
  /// in the string literals of each plugin's sources and of the tools it runs (its dependencies).
  private func generatedImports(of target: ManifestTarget) -> Set<String> {
    var modules: Set<String> = []
    for part in workspace.buildToolPlugins(of: target).flatMap(\.parts) {
      for path in part.swiftSourcePaths {
        for literal in sources.files.textScan(of: path)?.literals ?? [] where literal.text.contains("import") {
          modules.formUnion(ImportScanner.imports(in: literal.text).map(\.module))
        }
      }
    }
    return modules
  }

  /// Dependencies of `target` a build uses without an import: test-support modules, and for a test
  /// target `<M>Tests`, M and everything M depends on (directly or not).
  private func exemptDependencies(of target: ManifestTarget) -> Set<String> {
    var exempt = configuration.testSupportModules
    guard target.isTest, let tested = workspace.testedModule(of: target) else { return exempt }
    exempt.insert(tested)
    var queue = [tested]
    while let name = queue.popLast() {
      guard let module = workspace.targetsByName[name] else { continue }
      for dependency in module.targetDependencies + module.productDependencies where exempt.insert(dependency).inserted
      {
        queue.append(dependency)
      }
    }
    return exempt
  }

  /// Whether a dependency on the package's own target `name` can be redundant: not for a system library,
  /// an executable, a macro, a plugin or a binary target (see the type's documentation).
  private func isReportable(_ name: String) -> Bool {
    guard let dependency = workspace.targetsByName[name] else { return false }
    switch dependency.kind {
    case .library, .test, .snippet, .other: return true
    case .executable, .macro, .plugin, .binary, .systemLibrary: return false
    }
  }

  private func manifestLine(of target: ManifestTarget) -> Int {
    target.isTest ? workspace.manifestLine(ofTest: target) : workspace.manifestLine(of: target.name)
  }

  private func redundant(
    _ target: ManifestTarget, _ dependency: String, isProduct: Bool,
    skipped: (path: String, declaration: ImportDeclaration)?
  ) -> Violation {
    var problem = "declares \"\(dependency)\" as a dependency, but no source file of \(target.name) imports it"
    if let skipped {
      let branches = skipped.declaration.branches.map(\.spelling).joined(separator: " > ")
      problem += " (\(skipped.path):\(skipped.declaration.line) imports it under \(branches), which no build compiles)"
    }
    // A test target the manifest generates from its module's line gets its extra dependencies from `testsUse:`.
    let generatedFrom =
      target.isTest && !workspace.manifestLines.mentions(target.name) ? workspace.testedModule(of: target) : nil
    let fix =
      generatedFrom.map { "remove \"\(dependency)\" from \($0)'s testsUse in Package.swift" }
      ?? "remove \"\(dependency)\" from \(target.name)'s dependencies in Package.swift"
    var found = Violation(
      rule: .redundantDependency, file: "Package.swift", line: manifestLine(of: target), source: target.name,
      sourceLayer: workspace.layerName(of: target.name), target: dependency,
      targetLayer: isProduct ? nil : workspace.layerName(of: dependency), problem: problem, fix: fix)
    found.redundantDependency = RedundantDependency(target: target.name, dependency: dependency)
    return found
  }
}

/// Which modules of the package re-export which (`@_exported import`, in a branch a build may compile).
package struct ReexportIndex {
  /// For each module, the modules whose imports make it visible too (directly or through further re-exports).
  private let exporters: [String: Set<String>]

  package init(workspace: Workspace, sources: ScannedSources, imports: TargetImports) {
    var exports: [String: Set<String>] = [:]
    for target in workspace.modules {
      let exported = target.swiftSourcePaths.flatMap { sources.importsByPath[$0] ?? [] }.filter(\.isExported)
      for module in Set(exported.map(\.module)) where imports.imports(target.name, module, exportedOnly: true) {
        exports[target.moduleName, default: []].insert(module)
      }
    }
    var exporters: [String: Set<String>] = [:]
    for exporter in exports.keys {
      var queue = Array(exports[exporter] ?? [])
      var seen: Set<String> = []
      while let module = queue.popLast() {
        guard seen.insert(module).inserted else { continue }
        exporters[module, default: []].insert(exporter)
        queue += exports[module] ?? []
      }
    }
    self.exporters = exporters
  }

  /// The modules that make `module` visible to a file that imports them.
  package func exporters(of module: String) -> Set<String> { exporters[module] ?? [] }

  /// `modules` and every module they make visible through re-exports.
  package func closure(of modules: Set<String>) -> Set<String> {
    modules.union(exporters.filter { !$0.value.isDisjoint(with: modules) }.keys)
  }
}

/// What the files of each target import, each `#if` evaluated only when a rule asks about that module
/// (so a condition that needs the manifest's settings costs `dump-package` only when it matters). An
/// import counts when any build may compile it: under a trait the package declares too, enabled or not.
package final class TargetImports: @unchecked Sendable {
  private let workspace: Workspace
  private let sources: ScannedSources
  private let flags: TargetFlags
  private let lock = NSLock()
  private var environments: [String: BuildEnvironment] = [:]
  private var answers: [String: Bool] = [:]

  package init(workspace: Workspace, sources: ScannedSources, flags: TargetFlags) {
    self.workspace = workspace
    self.sources = sources
    self.flags = flags
  }

  /// Whether a file of `target` imports `module` (`@_exported` imports only, with `exportedOnly`) in a
  /// branch a build may compile.
  /// With `platforms`, only builds for those platforms (`os(…)` names) count.
  package func imports(
    _ target: String, _ module: String, exportedOnly: Bool = false, platforms: Set<String>? = nil
  ) -> Bool {
    let key = "\(target)\u{0}\(module)\u{0}\(exportedOnly)\u{0}\(platforms?.sorted() ?? [])"
    lock.lock()
    if let answer = answers[key] {
      lock.unlock()
      return answer
    }
    lock.unlock()
    let answer = declarations(of: target, module).contains { _, declaration in
      (!exportedOnly || declaration.isExported) && isCompiled(declaration, in: target, platforms: platforms)
    }
    lock.lock()
    answers[key] = answer
    lock.unlock()
    return answer
  }

  /// The first import of `module` in `target` when every one of them sits in a branch no build compiles.
  package func skipped(_ target: String, _ module: String) -> (path: String, declaration: ImportDeclaration)? {
    let found = declarations(of: target, module)
    guard let first = found.first, !imports(target, module) else { return nil }
    return (first.0, first.1)
  }

  private func declarations(of target: String, _ module: String) -> [(String, ImportDeclaration)] {
    guard let manifestTarget = workspace.targetsByName[target] else { return [] }
    return manifestTarget.swiftSourcePaths.flatMap { path in
      (sources.importsByPath[path] ?? []).filter { $0.module == module }.map { (path, $0) }
    }
  }

  private func isCompiled(_ declaration: ImportDeclaration, in target: String, platforms: Set<String>?) -> Bool {
    guard declaration.isConditional, let manifestTarget = workspace.targetsByName[target] else { return true }
    lock.lock()
    var environment =
      environments[target]
      ?? flags.environment(of: manifestTarget, toolsVersion: workspace.manifest.toolsVersion, anyTraits: true)
    environments[target] = environment
    lock.unlock()
    environment.possibleOperatingSystems = platforms
    return environment.evaluate(declaration.branches).truth != .no
  }
}
