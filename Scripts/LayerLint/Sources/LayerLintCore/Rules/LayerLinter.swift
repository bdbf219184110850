import Foundation

/// The outcome of one lint run before the baseline is applied.
struct LintReport: Sendable {
  /// Every violation, sorted by file and line.
  var violations: [Violation]
  /// How many modules (non-test targets) the package has.
  let moduleCount: Int
  /// How many Swift files were scanned.
  let fileCount: Int
  /// Swift sources of the package that could not be read (relative paths); the run cannot vouch for them.
  var unreadableFiles: [String] = []
  /// Whether a file of a target imports a module in a branch a build may compile (for `--fix`).
  var imports: TargetImports?
  /// Imports skipped because no build compiles their `#if` branch, with what was assumed, and product
  /// dependencies `redundant-dependency` could not check.
  var notes: [Note] = []
}

/// Runs every enabled rule over a described package.
enum LayerLinter {
  /// Lints the package at `packageRoot`, described by `manifest`. Reads Package.swift (for line
  /// numbers), the owners file and every Swift source of every target (the sources of modules with
  /// translation tables twice: once for imports, once for their string literals).
  static func lint(
    manifest: PackageManifest, configuration: LayeringConfiguration, packageRoot: String,
    flags: TargetFlags = TargetFlags([:]), products: ProductCatalog? = nil,
    prescanned: [String: [ImportDeclaration]] = [:], prescannedTexts: [String: TextScan] = [:]
  ) -> LintReport {
    let root = URL(fileURLWithPath: packageRoot)
    let manifestText = try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let ownersText = try? String(contentsOf: root.appendingPathComponent(configuration.ownersFile), encoding: .utf8)
    let clock = ContinuousClock()
    var mark = clock.now
    func lap(_ label: String) {
      if ProcessInfo.processInfo.environment["LAYER_LINT_PROFILE"] != nil {
        FileHandle.standardError.write(Data("\(label): \(clock.now - mark)\n".utf8))
      }
      mark = clock.now
    }
    let workspace = Workspace(
      manifest: manifest, configuration: configuration, manifestText: manifestText, packageRoot: packageRoot)
    let paths = manifest.targets.flatMap(\.swiftSourcePaths)
    lap("workspace")
    let sources = ScannedSources.scan(paths: paths, root: packageRoot, prescanned: prescanned)
    lap("scan")
    var violations = DependencyRules(workspace: workspace).violations()
    lap("dependency rules")
    violations += CycleRule(workspace: workspace).violations()
    lap("cycle")
    let imports = ImportRules(workspace: workspace, sources: sources, flags: flags).findings()
    violations += imports.violations
    lap("imports")
    let imported = TargetImports(workspace: workspace, sources: sources, flags: flags)
    let redundant = RedundantDependencyRule(
      workspace: workspace, packageRoot: packageRoot, sources: sources, flags: flags,
      products: products ?? ProductCatalog(known: manifest.productModules ?? [:]), imports: imported
    ).findings()
    violations += redundant.violations
    lap("redundant dependencies")
    violations += CoverageRules(workspace: workspace, codeOwners: ownersText.map(CodeOwners.init(text:))).violations()
    lap("coverage")
    violations += UntranslatedTextRule(
      workspace: workspace, packageRoot: packageRoot, flags: flags, prescanned: prescannedTexts
    ).violations()
    lap("untranslated text")
    return LintReport(
      violations: sorted(violations), moduleCount: workspace.modules.count,
      fileCount: paths.count - sources.unreadablePaths.count, unreadableFiles: sources.unreadablePaths.sorted(),
      imports: imported,
      notes: (imports.notes + redundant.notes).sorted { ($0.file, $0.line, $0.target) < ($1.file, $1.line, $1.target) })
  }

  /// Sorts findings by file, line, rule and target so output is stable.
  static func sorted(_ violations: [Violation]) -> [Violation] {
    violations.sorted {
      ($0.file, $0.line, $0.rule.rawValue, $0.source, $0.target ?? "")
        < ($1.file, $1.line, $1.rule.rawValue, $1.source, $1.target ?? "")
    }
  }
}
