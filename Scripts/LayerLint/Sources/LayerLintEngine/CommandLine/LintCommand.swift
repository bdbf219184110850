import Foundation
import LayerLintFixer
import LayerLintManifestReader
import LayerLintSwiftReader

/// `lint-layers`: checks a package against its layering rules and prints every violation.
public struct LintCommand: Subcommand {
  /// `layer-lint lint`.
  public static let name = "lint"
  public static let summary = "checks imports, dependencies and layers of a SwiftPM package (Scripts/lint-layers)"

  /// Describes a package; the real one runs `swift package describe`.
  package typealias Describe = ManifestLoader.Describe

  package static let usage = """
    usage: lint-layers [--package-path PATH] [--config FILE] [--format text|json|github] [--baseline FILE]
                       [--manifest-json FILE] [--imports-only] [--rules R1,R2] [--fix] [--platform NAME]
                       [--traits T1,T2] [--disable-default-traits] [--enable-all-traits] [--help]
    Checks the layering rules of a SwiftPM package (config: PATH/.layering.json, else no layers:
    undeclared-import, redundant-dependency and cycle only).
      --package-path PATH   the package to lint (default: the current directory)
      --config FILE         the configuration to use instead of PATH/.layering.json
      --format FORMAT       text (default), json, or github annotations
      --baseline FILE       tolerate the violations listed in FILE; stale entries fail the run
      --manifest-json FILE  use this `swift package describe --type json` output instead of running it
      --imports-only        only the undeclared-import rule, for any package layout
      --rules R1,R2         only these rules (each as the configuration sets it: on, off or "warn")
      --fix                 add the dependencies undeclared imports need (edges the layering rule
                            allows) and remove redundant ones, in a one-line-per-module Package.swift;
                            print the exact edit for any other manifest; then lint again
      --platform NAME       check dependencies declared for some platforms (`.when(platforms:)`) as a
                            build for NAME has them (default: this machine's, \(Platform.host)):
                            \(Platform.operatingSystems.keys.sorted().joined(separator: ", "))
      --traits T1,T2        evaluate #if with these traits of the package (add `default` for the
                            default ones), as `swift build --traits` does
      --disable-default-traits, --enable-all-traits   as SwiftPM's options of the same names
    Imports under #if count when a build can compile them, as SwiftPM builds the package
    (SWIFT_PACKAGE set, the manifest's defines, the default traits, each target's language mode);
    one that no build compiles is skipped with a note saying why. A module of another package counts as
    declared when a product the target declares brings it, or re-exports it.
    exit: 0 clean, 1 violations, 2 cannot run (manifest, config, baseline, a source it cannot read), 64 bad usage
    """

  package let console: Console
  /// Describes the package; `nil`: SwiftPM's answers (`PackageReader`).
  package let customDescribe: Describe?
  /// The settings each target's `#if` conditions need; `nil`: the manifest's evaluation (`dump-package`).
  package let customFlags: (@Sendable (String) -> TargetFlags)?
  /// The other packages of the package's graph; `nil`: the resolved graph in `.build` (or the plugin's).
  package let customGraph: (@Sendable (String) -> PackageGraph?)?

  /// Creates the command, writing to standard output and standard error.
  public init() { self.init(console: .standard) }

  /// Creates the command; `describe`, `flags` and `graph` default to asking SwiftPM.
  package init(
    console: Console, describe: Describe? = nil, flags: (@Sendable (String) -> TargetFlags)? = nil,
    graph: (@Sendable (String) -> PackageGraph?)? = nil
  ) {
    self.console = console
    self.customDescribe = describe
    self.customFlags = flags
    self.customGraph = graph
  }

  /// The package as one run reads it.
  private struct LoadedPackage {
    var manifest: PackageManifest
    /// The settings `#if`s and dependency conditions are decided with.
    var flags: TargetFlags
    /// The other packages of its graph; `nil` when it is not resolved.
    var graph: PackageGraph?
  }

  /// Runs the lint with `arguments` (without the program name) and returns the exit code.
  public func run(_ arguments: [String]) -> Int32 {
    let reader: ArgumentReader
    do {
      reader = try ArgumentReader(
        arguments,
        valueOptions: [
          "--package-path", "--format", "--baseline", "--manifest-json", "--config", "--traits", "--platform",
          "--plugin-graph", "--rules",
        ],
        flagOptions: ["--help", "--imports-only", "--fix", "--disable-default-traits", "--enable-all-traits"])
    } catch {
      console.writeError("lint-layers: \(error.message) (see --help)\n")
      return ExitCode.usage
    }
    if reader.isSet("--help") {
      console.writeOutput(Self.usage + "\n")
      return ExitCode.success
    }
    if let extra = reader.positional.first {
      console.writeError("lint-layers: unexpected argument \(extra) (see --help)\n")
      return ExitCode.usage
    }
    guard let format = OutputFormat(rawValue: reader.value("--format") ?? "text") else {
      console.writeError("lint-layers: --format must be text, json or github\n")
      return ExitCode.usage
    }
    let platform = (reader.value("--platform") ?? Platform.host).lowercased()
    guard Platform.operatingSystems[platform] != nil else {
      let names = Platform.operatingSystems.keys.sorted().joined(separator: ", ")
      console.writeError("lint-layers: --platform must be one of \(names)\n")
      return ExitCode.usage
    }
    var onlyRules: Set<RuleID>?
    if let list = reader.value("--rules") {
      let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      if let unknown = names.first(where: { RuleID(rawValue: $0) == nil }) {
        console.writeError("lint-layers: --rules: unknown rule \(unknown) (see Scripts/README.md)\n")
        return ExitCode.usage
      }
      onlyRules = Set(names.compactMap(RuleID.init(rawValue:)))
    }
    let packagePath = reader.value("--package-path") ?? FileManager.default.currentDirectoryPath
    let traits = TraitSelection(
      traits: reader.value("--traits"), disableDefaults: reader.isSet("--disable-default-traits"),
      enableAll: reader.isSet("--enable-all-traits"))
    // The plugin hands over the graph; SwiftPM holds `.build` meanwhile, and the plugin may not write the package.
    let pluginGraph = reader.value("--plugin-graph")
    let isPlugin = pluginGraph != nil
    do {
      var configuration = try LayeringConfiguration.load(
        packagePath: packagePath, file: reader.value("--config"), whenAbsent: .packageDefault)
      if reader.isSet("--imports-only") { configuration = .importsOnly }
      if let onlyRules { configuration.enabledRules.formIntersection(onlyRules.union([.staleBaseline])) }
      var baseline: Baseline?
      if let path = reader.value("--baseline") { baseline = try Baseline.load(path: path) }
      // Every rule reads the sources from here; while SwiftPM runs, lex the ones it is about to list.
      let files = SourceFiles(root: packagePath)
      let prescan =
        reader.value("--manifest-json") == nil
        ? SourcePrescan.start(
          files: files, root: packagePath, folders: configuration.sourceFolders,
          texts: configuration.isEnabled(.untranslatedText),
          codeLineFolders: configuration.isEnabled(.vocabulary) || configuration.isEnabled(.testDouble)
            ? configuration.layers.compactMap(\.folder) : []) : nil
      let load = { () throws -> LoadedPackage in
        try self.load(
          packagePath: packagePath, traits: traits, manifestJSON: reader.value("--manifest-json"),
          pluginGraph: pluginGraph)
      }
      var package = try load()
      prescan?.stop()
      let options = LintOptions(platform: platform, graph: package.graph)
      var report = LayerLinter.lint(
        manifest: package.manifest, configuration: configuration, packageRoot: packagePath, flags: package.flags,
        products: catalog(package), options: options, files: files)
      if reader.isSet("--fix") {
        switch fix(
          report, manifest: package.manifest, configuration: configuration, packagePath: packagePath,
          printOnly: isPlugin, reload: { _ = try load() })
        {
        case .unchanged: break
        case .failed(let status): return status
        case .changed:
          package = try load()
          // --fix edits Package.swift only: the sources read for the first lint are as they were.
          report = LayerLinter.lint(
            manifest: package.manifest, configuration: configuration, packageRoot: packagePath, flags: package.flags,
            products: catalog(package), options: LintOptions(platform: platform, graph: package.graph), files: files)
        }
      }
      if !report.unreadableFiles.isEmpty {
        // A file the lint cannot read may hide any import: refuse to call the package clean.
        let count = report.unreadableFiles.count
        let files = report.unreadableFiles.map { path in
          report.problems[path].map { problem in
            (problem.line.map { "\(path):\($0)" } ?? path) + " (\(problem.reason))"
          } ?? path
        }
        console.writeError(
          "lint-layers: cannot read \(count) source file\(count == 1 ? "" : "s"): " + files.joined(separator: ", ")
            + "\n")
        return ExitCode.cannotRun
      }
      let (violations, tolerated) = baseline?.apply(to: report.violations) ?? (report.violations, 0)
      let formatter = ReportFormatter(
        format: format, violations: LayerLinter.sorted(violations), moduleCount: report.moduleCount,
        fileCount: report.fileCount, toleratedCount: tolerated, notes: report.notes, warnings: report.warnings)
      console.writeOutput(formatter.render())
      return violations.isEmpty ? ExitCode.success : ExitCode.violations
    } catch let error as ConfigurationError {
      console.writeError("lint-layers: \(error.description)\n")
      return ExitCode.cannotRun
    } catch let error as ManifestLoadError {
      return report(error, packagePath: packagePath, format: format)
    } catch {
      console.writeError("lint-layers: \(error)\n")
      return ExitCode.cannotRun
    }
  }

  /// Reads the package: from `manifestJSON` (a saved `describe`), the injected `describe`, or SwiftPM's
  /// answers (`PackageReader`); its graph from the plugin's file, the injected one, or `.build`.
  private func load(
    packagePath: String, traits: TraitSelection, manifestJSON: String?, pluginGraph: String?
  ) throws -> LoadedPackage {
    let profile = ProcessInfo.processInfo.environment["LAYER_LINT_PROFILE"] != nil
    let started = ContinuousClock.now
    var manifest: PackageManifest
    var flags: TargetFlags
    // The resolved graph's descriptions are read while SwiftPM answers about the package itself.
    let resolvedGraph: Background<PackageGraph?>? =
      customGraph == nil && pluginGraph == nil
      ? Background {
        PackageGraph.resolved(
          packageRoot: packagePath,
          cache: SettingsCache(packagePath: packagePath, swift: ManifestLoader().swiftExecutable))
      } : nil
    if manifestJSON != nil || customDescribe != nil {
      manifest = try ManifestLoader.manifest(
        packagePath: packagePath, manifestJSON: manifestJSON,
        describe: customDescribe ?? { path in try ManifestLoader().load(packagePath: path, options: traits.arguments) })
      flags = customFlags?(packagePath) ?? TargetFlags.dumpPackage(packagePath: packagePath, traits: traits)
    } else {
      let reading = try PackageReader(isolated: pluginGraph != nil).read(packagePath: packagePath, traits: traits)
      manifest = reading.manifest
      let settings = reading.settings
      flags = customFlags?(packagePath) ?? TargetFlags(traits: traits, settings: settings)
      if profile { console.writeError("SwiftPM ran: \(reading.ran.joined(separator: ", "))\n") }
    }
    let graph: PackageGraph?
    if let customGraph {
      graph = customGraph(packagePath)
    } else if let pluginGraph {
      guard let data = FileManager.default.contents(atPath: pluginGraph) else {
        throw ConfigurationError("--plugin-graph \(pluginGraph) is not readable")
      }
      graph = try PackageGraph.fromPlugin(data)
    } else {
      graph = resolvedGraph?.value ?? nil
    }
    if profile { console.writeError("package read: \(ContinuousClock.now - started)\n") }
    return LoadedPackage(manifest: manifest, flags: flags, graph: graph)
  }

  /// The catalog of product modules for `redundant-dependency`, from the package's graph.
  private func catalog(_ package: LoadedPackage) -> ProductCatalog {
    let flags = package.flags
    return ProductCatalog.from(
      graph: package.graph, known: package.manifest.productModules ?? [:], settings: { flags.packageSettings })
  }

  /// A manifest that refused its own dependencies is a lint failure (exit 1); anything else cannot run (exit 2).
  private func report(_ error: ManifestLoadError, packagePath: String, format: OutputFormat) -> Int32 {
    switch error {
    case .failed(let reason):
      console.writeError("lint-layers: \(reason)\n")
      return ExitCode.cannotRun
    case .manifestRejectedDependencies(let lines):
      let manifestText = try? String(
        contentsOf: URL(fileURLWithPath: packagePath).appendingPathComponent("Package.swift"), encoding: .utf8)
      let finder = ManifestLineFinder(text: manifestText ?? "")
      let violations = lines.map { ManifestErrorParser.violation(fromLine: $0, lines: finder) }
      let formatter = ReportFormatter(
        format: format, violations: violations, moduleCount: 0, fileCount: 0, toleratedCount: 0,
        manifestLoaded: false)
      console.writeOutput(formatter.render())
      return ExitCode.violations
    }
  }

  private enum FixOutcome {
    case unchanged, changed
    case failed(Int32)
  }

  /// Applies `--fix`: edits Package.swift where its style makes that safe, prints the rest as edits
  /// to make by hand, and restores the manifest if the edited one does not load.
  private func fix(
    _ report: LintReport, manifest: PackageManifest, configuration: LayeringConfiguration, packagePath: String,
    printOnly: Bool, reload: () throws -> Void
  ) -> FixOutcome {
    let missing = report.violations.compactMap(\.missingDependency)
    let redundant = report.violations.compactMap(\.redundantDependency)
    guard !missing.isEmpty || !redundant.isEmpty else { return .unchanged }
    let url = URL(fileURLWithPath: packagePath).appendingPathComponent("Package.swift")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
      console.writeError("lint-layers: --fix: Package.swift is not readable\n")
      return .failed(ExitCode.cannotRun)
    }
    let workspace = Workspace(manifest: manifest, configuration: configuration, manifestText: text)
    // Test targets the manifest generates from their module's line (it never spells their names).
    var generatedTests: [String: String] = [:]
    for test in workspace.testTargets where !workspace.manifestLines.mentions(test.name) {
      generatedTests[test.name] = workspace.testedModule(of: test)
    }
    // A dependency removed from a module may still be what its generated test target imports.
    let imports = report.imports
    let moduleNames = Dictionary(manifest.targets.map { ($0.name, $0.moduleName) }, uniquingKeysWith: { a, _ in a })
    let fixer = DependencyFixer(
      manifestText: text, testedModule: { [generatedTests] in generatedTests[$0] },
      testImports: { test, dependency in imports?.imports(test, moduleNames[dependency] ?? dependency) ?? true })
    var plan = fixer.plan(missing, removing: redundant)
    if printOnly {
      // The plugin asks for no permission to write the package: every edit is one to make by hand.
      for edit in plan.edits {
        console.writeOutput(
          "lint-layers --fix: Package.swift:\(edit.line): the plugin does not write Package.swift; \(edit.summary) by hand:\n"
            + "-\(edit.old)\n+\(edit.new)\n")
      }
      plan.edits = []
    }
    for suggestion in plan.suggestions {
      if let edit = suggestion.edit {
        console.writeOutput(
          "lint-layers --fix: Package.swift:\(edit.line): cannot edit this manifest safely; \(edit.summary) by hand:\n"
            + "-\(edit.old)\n+\(edit.new)\n")
      } else {
        console.writeOutput("lint-layers --fix: cannot edit Package.swift safely; \(suggestion.summary) by hand\n")
      }
    }
    guard !plan.edits.isEmpty else { return .unchanged }
    do {
      try Data(plan.fixedText.utf8).write(to: url, options: .atomic)
      try reload()
    } catch {
      try? Data(text.utf8).write(to: url, options: .atomic)
      console.writeError("lint-layers: --fix: the edited Package.swift does not load, so it was restored: \(error)\n")
      return .failed(ExitCode.cannotRun)
    }
    for edit in plan.edits {
      console.writeOutput("lint-layers --fix: Package.swift:\(edit.line): \(edit.summary)\n")
    }
    return .changed
  }
}

/// Turns the manifest's own `error: [layer-direction] A (App) -> B (Domain) points …; fix` lines into findings.
package enum ManifestErrorParser {
  package static func violation(fromLine line: String, lines: ManifestLineFinder) -> Violation {
    if let range = line.range(of: ManifestLoader.swiftPMCycleMarker) {
      let path = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
      let members = path.components(separatedBy: " -> ")
      let source = members.first ?? path
      let target = members.count > 1 ? members[1] : nil
      return Violation(
        rule: .cycle, file: "Package.swift", line: lines.line(of: source), source: source, sourceLayer: nil,
        target: target, problem: "dependency cycle \(path)",
        fix: "remove one of these dependencies; move the shared code to a lower module")
    }
    var text = Substring(line)
    if let range = text.range(of: "[layer-direction]") { text = text[range.upperBound...] }
    text = text.drop { $0 == " " }
    let (statement, advice) = split(text, at: "; ")
    let source = String(statement.prefix { !$0.isWhitespace })
    let layers = parenthesized(statement)
    var target: String?
    var problem = String(statement)
    if let arrow = statement.range(of: "-> ") {
      let rest = statement[arrow.upperBound...]
      target = String(rest.prefix { !$0.isWhitespace })
      if let close = rest.firstIndex(of: ")") {
        problem = rest[rest.index(after: close)...].trimmingCharacters(in: .whitespaces)
      }
    } else if statement.hasPrefix(source) {
      problem = statement.dropFirst(source.count).trimmingCharacters(in: .whitespaces)
    }
    return Violation(
      rule: .layerDirection, file: "Package.swift", line: lines.line(of: source), source: source,
      sourceLayer: layers.first, target: target, targetLayer: layers.count > 1 ? layers[1] : nil,
      problem: problem.isEmpty ? "the manifest refuses this dependency" : problem,
      fix: advice.map { "remove the dependency from \(source) in Package.swift and \($0)" }
        ?? "fix \(source)'s dependencies in Package.swift")
  }

  private static func split(_ text: Substring, at separator: String) -> (Substring, String?) {
    guard let range = text.range(of: separator) else { return (text, nil) }
    return (text[..<range.lowerBound], String(text[range.upperBound...]))
  }

  private static func parenthesized(_ text: Substring) -> [String] {
    var result: [String] = []
    var rest = text
    while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
      result.append(String(rest[rest.index(after: open)..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return result
  }
}
