import Foundation

/// `lint-layers`: checks a package against its layering rules and prints every violation.
public struct LintCommand {
  /// Describes a package; the real one runs `swift package describe`.
  typealias Describe = @Sendable (String) throws -> PackageManifest

  static let usage = """
    usage: lint-layers [--package-path PATH] [--config FILE] [--format text|json|github] [--baseline FILE]
                       [--manifest-json FILE] [--imports-only] [--fix]
                       [--traits T1,T2] [--disable-default-traits] [--enable-all-traits] [--help]
    Checks the layering rules of a SwiftPM package (config: PATH/.layering.json, else no layers:
    undeclared-import, redundant-dependency and cycle only).
      --package-path PATH   the package to lint (default: the current directory)
      --config FILE         the configuration to use instead of PATH/.layering.json
      --format FORMAT       text (default), json, or github annotations
      --baseline FILE       tolerate the violations listed in FILE; stale entries fail the run
      --manifest-json FILE  use this `swift package describe --type json` output instead of running it
      --imports-only        only the undeclared-import rule, for any package layout
      --fix                 add the dependencies undeclared imports need (edges the layering rule
                            allows) and remove redundant ones, in a one-line-per-module Package.swift;
                            print the exact edit for any other manifest; then lint again
      --traits T1,T2        evaluate #if with these traits of the package (add `default` for the
                            default ones), as `swift build --traits` does
      --disable-default-traits, --enable-all-traits   as SwiftPM's options of the same names
    Imports under #if count when a build can compile them, as SwiftPM builds the package
    (SWIFT_PACKAGE set, the manifest's defines, the default traits, each target's language mode);
    one that no build compiles is skipped with a note saying why.
    exit: 0 clean, 1 violations, 2 cannot run (manifest, config, baseline), 64 bad usage
    """

  let console: Console
  /// Describes the package; `nil`: `swift package describe --type json` with the trait options.
  let customDescribe: Describe?
  /// The settings each target's `#if` conditions need; `nil`: `swift package dump-package`, read when a
  /// condition needs it (started while `describe` runs when the prescan meets such a condition).
  let customFlags: (@Sendable (String) -> TargetFlags)?
  /// Set when SwiftPM runs the lint as a command plugin (`swift package lint-layers`).
  let pluginMode: PluginMode?

  /// What changes when the lint runs as a command plugin: SwiftPM holds the package's `.build` (so
  /// `describe` uses a scratch folder of its own), the plugin's context knows the products' modules,
  /// and the plugin may not write the package (`--fix` prints its edits).
  struct PluginMode: Sendable {
    /// The modules of each product of another package that a target depends on.
    var productModules: [String: [ProductModule]]
  }

  /// Creates the command, writing to standard output and standard error.
  public init() { self.init(console: .standard) }

  /// Creates the command; `describe` defaults to running `swift package describe --type json`, `flags`
  /// to reading `swift package dump-package` when a condition needs the manifest's settings.
  init(
    console: Console, describe: Describe? = nil, flags: (@Sendable (String) -> TargetFlags)? = nil,
    pluginMode: PluginMode? = nil
  ) {
    self.console = console
    self.customDescribe = describe
    self.customFlags = flags
    self.pluginMode = pluginMode
  }

  /// Runs the lint with `arguments` (without the program name) and returns the exit code.
  public func run(_ arguments: [String]) -> Int32 {
    let reader: ArgumentReader
    do {
      reader = try ArgumentReader(
        arguments,
        valueOptions: ["--package-path", "--format", "--baseline", "--manifest-json", "--config", "--traits"],
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
    let packagePath = reader.value("--package-path") ?? FileManager.default.currentDirectoryPath
    let traits = TraitSelection(
      traits: reader.value("--traits"), disableDefaults: reader.isSet("--disable-default-traits"),
      enableAll: reader.isSet("--enable-all-traits"))
    let isPlugin = pluginMode != nil
    let describe: Describe =
      customDescribe ?? { path in
        guard isPlugin else { return try ManifestLoader().load(packagePath: path, options: traits.arguments) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("layer-lint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        return try ManifestLoader().load(
          packagePath: path, options: traits.arguments + ["--scratch-path", scratch.path])
      }
    do {
      var configuration = try LayeringConfiguration.load(
        packagePath: packagePath, file: reader.value("--config"), whenAbsent: .packageDefault)
      if reader.isSet("--imports-only") { configuration = .importsOnly }
      var baseline: Baseline?
      if let path = reader.value("--baseline") { baseline = try Baseline.load(path: path) }
      let (settings, flags) = conditionSettings(
        packagePath: packagePath, traits: traits, startNow: reader.value("--manifest-json") == nil)
      // While `describe` runs, lex the sources it is about to list; a condition that needs the manifest's
      // settings starts `dump-package` at once, so that it runs alongside `describe`.
      let prescan =
        reader.value("--manifest-json") == nil
        ? SourcePrescan.start(root: packagePath, folders: configuration.sourceFolders, needsSettings: flags.start)
        : nil
      let started = ContinuousClock.now
      var manifest = try ManifestLoader.manifest(
        packagePath: packagePath, manifestJSON: reader.value("--manifest-json"), describe: describe)
      let prescanned = prescan?.stop()
      if ProcessInfo.processInfo.environment["LAYER_LINT_PROFILE"] != nil {
        console.writeError(
          "describe: \(ContinuousClock.now - started)\ndump-package started during describe: \(flags.wasStarted)\n")
      }
      let known = pluginMode?.productModules ?? manifest.productModules ?? [:]
      var products = manifestProducts(packagePath: packagePath, known: known, settings: settings)
      var report = LayerLinter.lint(
        manifest: manifest, configuration: configuration, packageRoot: packagePath, flags: flags, products: products,
        prescanned: prescanned?.imports ?? [:], prescannedTexts: prescanned?.texts ?? [:])
      if reader.isSet("--fix") {
        switch fix(
          report, manifest: manifest, configuration: configuration, packagePath: packagePath, describe: describe)
        {
        case .unchanged: break
        case .failed(let status): return status
        case .changed:
          manifest = try describe(packagePath)
          products = manifestProducts(packagePath: packagePath, known: known, settings: settings)
          report = LayerLinter.lint(
            manifest: manifest, configuration: configuration, packageRoot: packagePath, flags: flags, products: products
          )
        }
      }
      if !report.unreadableFiles.isEmpty {
        // A file the lint cannot read may hide any import: refuse to call the package clean.
        let count = report.unreadableFiles.count
        console.writeError(
          "lint-layers: cannot read \(count) source file\(count == 1 ? "" : "s"): "
            + report.unreadableFiles.joined(separator: ", ") + "\n")
        return ExitCode.cannotRun
      }
      let (violations, tolerated) = baseline?.apply(to: report.violations) ?? (report.violations, 0)
      let formatter = ReportFormatter(
        format: format, violations: LayerLinter.sorted(violations), moduleCount: report.moduleCount,
        fileCount: report.fileCount, toleratedCount: tolerated, notes: report.notes)
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

  /// The manifest's settings (`dump-package`, for the product catalog too) and the source `#if`s read them
  /// from: the same, unless no manifest spells a setting that decides an `#if` (then none is read). With
  /// `startNow`, `dump-package` starts at once when a manifest spells a define, a trait or a language mode.
  private func conditionSettings(
    packagePath: String, traits: TraitSelection, startNow: Bool
  ) -> (settings: TargetFlags, flags: TargetFlags) {
    let settings = customFlags?(packagePath) ?? TargetFlags.dumpPackage(packagePath: packagePath, traits: traits)
    let flags =
      customFlags != nil || ManifestText.mayHaveConditionSettings(packagePath: packagePath)
      ? settings : TargetFlags(traits: traits, load: { PackageSettings() })
    flags.prepare()
    if customFlags == nil && startNow && ManifestText.mayDefineFlagsOrModes(packagePath: packagePath) {
      flags.start()
    }
    return (settings, flags)
  }

  /// The catalog of product modules for `redundant-dependency`: `describe` of the resolved dependency
  /// packages that declare the products asked about (their packages named by `dump-package`).
  private func manifestProducts(
    packagePath: String, known: [String: [ProductModule]], settings: TargetFlags
  ) -> ProductCatalog {
    ProductCatalog.resolvedDependencies(packageRoot: packagePath, known: known, settings: { settings.packageSettings })
  }

  /// Applies `--fix`: edits Package.swift where its style makes that safe, prints the rest as edits
  /// to make by hand, and restores the manifest if the edited one does not load.
  private func fix(
    _ report: LintReport, manifest: PackageManifest, configuration: LayeringConfiguration, packagePath: String,
    describe: Describe
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
    if pluginMode != nil {
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
      _ = try describe(packagePath)
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
enum ManifestErrorParser {
  /// How SwiftPM reports a cycle: `error: cyclic dependency declaration found: A -> B -> A`.
  static let swiftPMCycleMarker = "cyclic dependency declaration found:"

  static func violation(fromLine line: String, lines: ManifestLineFinder) -> Violation {
    if let range = line.range(of: swiftPMCycleMarker) {
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
