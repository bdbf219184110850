import Foundation
import LayerLintManifestReader
import LayerLintSwiftReader

/// The outcome of one lint run before the baseline is applied.
package struct LintReport: Sendable {
  /// Every violation, sorted by file and line.
  package var violations: [Violation]
  /// How many modules (non-test targets) the package has.
  package let moduleCount: Int
  /// How many Swift files were scanned.
  package let fileCount: Int
  /// Swift sources of the package that could not be read (relative paths); the run cannot vouch for them.
  package var unreadableFiles: [String] = []
  /// Why each unreadable file could not be read (a line and a reason when the lexer had to stop).
  package var problems: [String: SourceProblem] = [:]
  /// Findings of rules that only warn (`"warn"` in the configuration).
  package var warnings: [Violation] = []
  /// Whether a file of a target imports a module in a branch a build may compile (for `--fix`).
  package var imports: TargetImports?
  /// Imports skipped because no build compiles their `#if` branch, with what was assumed, and product
  /// dependencies `redundant-dependency` could not check.
  package var notes: [Note] = []
}

/// What a run checks the package against beyond its own description.
package struct LintOptions: Sendable {
  /// The platform (SwiftPM's name, `linux`) whose build decides dependencies declared for some platforms.
  package var platform: String
  /// The other packages of the package's resolved graph; `nil` when it is not resolved.
  package var graph: PackageGraph?

  package init(platform: String = Platform.host, graph: PackageGraph? = nil) {
    self.platform = platform
    self.graph = graph
  }
}

/// Runs every enabled rule over a described package.
package enum LayerLinter {
  /// Lints the package at `packageRoot`, described by `manifest`. Reads Package.swift (for line
  /// numbers), the owners file and every Swift source of every target, each once: every rule reads the
  /// sources from `files` (a new store of `packageRoot` when `nil`), which may hold some lexed already.
  package static func lint(
    manifest: PackageManifest, configuration: LayeringConfiguration, packageRoot: String,
    flags: TargetFlags = TargetFlags([:]), products: ProductCatalog? = nil, options: LintOptions = LintOptions(),
    files: SourceFiles? = nil
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
    let files = files ?? SourceFiles(root: packageRoot)
    let sources = ScannedSources.scan(paths: paths, files: files)
    lap("scan")
    var violations = DependencyRules(workspace: workspace).violations()
    lap("dependency rules")
    violations += CycleRule(workspace: workspace).violations()
    lap("cycle")
    let imported = TargetImports(workspace: workspace, sources: sources, flags: flags)
    let reexports = ReexportIndex(workspace: workspace, sources: sources, imports: imported)
    let settings = options.graph == nil ? flags.loadedSettings : flags.packageSettings
    let declared = DeclaredModules(
      workspace: workspace, reexports: reexports, graph: options.graph,
      productPackages: settings?.productPackages ?? [:])
    let imports = ImportRules(
      workspace: workspace, sources: sources, flags: flags, declared: declared, platform: options.platform,
      directPackages: settings?.directPackages
    ).findings()
    violations += imports.violations
    lap("imports")
    let redundant = RedundantDependencyRule(
      workspace: workspace, sources: sources, flags: flags,
      products: products ?? ProductCatalog(known: manifest.productModules ?? [:]), imports: imported,
      reexports: reexports
    ).findings()
    violations += redundant.violations
    lap("redundant dependencies")
    violations += CoverageRules(workspace: workspace, codeOwners: ownersText.map(CodeOwners.init(text:))).violations()
    lap("coverage")
    violations += UntranslatedTextRule(workspace: workspace, packageRoot: packageRoot, flags: flags, files: files)
      .violations()
    lap("untranslated text")
    violations += InterfaceContractRule(workspace: workspace).violations()
    violations += TestDoubleRule(workspace: workspace, files: files).violations()
    lap("test doubles")
    violations += VocabularyRule(workspace: workspace, packageRoot: packageRoot, files: files).violations()
    lap("vocabulary")
    let graphNotes = Self.graphNotes(workspace: workspace, graph: options.graph, settings: settings)
    var report = LintReport(
      violations: sorted(violations.filter { !configuration.isWarning($0.rule) }), moduleCount: workspace.modules.count,
      fileCount: paths.count - sources.unreadablePaths.count, unreadableFiles: sources.unreadablePaths.sorted(),
      imports: imported,
      notes: (imports.notes + redundant.notes + graphNotes).sorted {
        ($0.file, $0.line, $0.target) < ($1.file, $1.line, $1.target)
      })
    report.problems = sources.problems
    report.warnings = sorted(violations.filter { configuration.isWarning($0.rule) })
    return report
  }

  /// What the lint could not check of other packages' modules: a package of the graph it could not describe.
  private static func graphNotes(workspace: Workspace, graph: PackageGraph?, settings: PackageSettings?) -> [Note] {
    guard configuration(workspace).isEnabled(.undeclaredImport) else { return [] }
    guard let graph else {
      guard let packages = settings?.directPackages, !packages.isEmpty else { return [] }
      return [
        Note(
          rule: .undeclaredImport, file: "Package.swift", line: 1, source: workspace.manifest.name,
          target: packages.keys.sorted().joined(separator: ", "),
          text: "imports of other packages' modules are not checked: the package's dependencies are not resolved "
            + "(swift package resolve, then lint again)", kind: .unchecked)
      ]
    }
    return graph.undescribed.map { identity in
      Note(
        rule: .undeclaredImport, file: "Package.swift", line: 1, source: workspace.manifest.name, target: identity,
        text: "imports of the modules of \(identity) are not checked: `swift package describe` of its checkout failed",
        kind: .unchecked)
    }
  }

  private static func configuration(_ workspace: Workspace) -> LayeringConfiguration { workspace.configuration }

  /// Sorts findings by file, line, rule and target so output is stable.
  package static func sorted(_ violations: [Violation]) -> [Violation] {
    violations.sorted {
      ($0.file, $0.line, $0.rule.rawValue, $0.source, $0.target ?? "")
        < ($1.file, $1.line, $1.rule.rawValue, $1.source, $1.target ?? "")
    }
  }
}
