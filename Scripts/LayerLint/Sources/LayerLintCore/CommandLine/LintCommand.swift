import Foundation

/// `lint-layers`: checks a package against its layering rules and prints every violation.
public struct LintCommand {
  /// Describes a package; the real one runs `swift package describe`.
  typealias Describe = @Sendable (String) throws -> PackageManifest

  static let usage = """
    usage: lint-layers [--package-path PATH] [--format text|json|github] [--baseline FILE]
                       [--manifest-json FILE] [--imports-only] [--fix] [--help]
    Checks the layering rules of a SwiftPM package (config: PATH/.layering.json).
      --package-path PATH   the package to lint (default: the current directory)
      --format FORMAT       text (default), json, or github annotations
      --baseline FILE       tolerate the violations listed in FILE; stale entries fail the run
      --manifest-json FILE  use this `swift package describe --type json` output instead of running it
      --imports-only        only the undeclared-import rule, for any package layout
      --fix                 add the dependencies undeclared imports need (edges the layering rule
                            allows) to a one-line-per-module Package.swift; print the exact edit
                            for any other manifest; then lint again
    Imports under #if count when a build can compile them; one that no build compiles (a flag the
    manifest never defines, #if false) is skipped with a note saying what was assumed.
    exit: 0 clean, 1 violations, 2 cannot run (manifest, config, baseline), 64 bad usage
    """

  let console: Console
  let describe: Describe
  /// The flags each target defines, for `#if` conditions; the real one reads `swift package dump-package`.
  let flags: @Sendable (String) -> TargetFlags

  /// Creates the command, writing to standard output and standard error.
  public init() { self.init(console: .standard) }

  /// Creates the command; `describe` defaults to running `swift package describe --type json`, `flags`
  /// to reading `swift package dump-package` when a condition needs a flag.
  init(console: Console, describe: Describe? = nil, flags: (@Sendable (String) -> TargetFlags)? = nil) {
    self.console = console
    self.describe = describe ?? ManifestLoader.describe
    self.flags = flags ?? { TargetFlags.dumpPackage(packagePath: $0) }
  }

  /// Runs the lint with `arguments` (without the program name) and returns the exit code.
  public func run(_ arguments: [String]) -> Int32 {
    let reader: ArgumentReader
    do {
      reader = try ArgumentReader(
        arguments, valueOptions: ["--package-path", "--format", "--baseline", "--manifest-json"],
        flagOptions: ["--help", "--imports-only", "--fix"])
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
    do {
      var configuration = try LayeringConfiguration.load(packagePath: packagePath)
      if reader.isSet("--imports-only") { configuration = .importsOnly }
      var baseline: Baseline?
      if let path = reader.value("--baseline") { baseline = try Baseline.load(path: path) }
      // While `describe` runs, lex the sources it is about to list.
      let prescan =
        reader.value("--manifest-json") == nil
        ? SourcePrescan.start(root: packagePath, folders: configuration.sourceFolders) : nil
      var manifest = try ManifestLoader.manifest(
        packagePath: packagePath, manifestJSON: reader.value("--manifest-json"), describe: describe)
      let prescanned = prescan?.wait()
      var report = LayerLinter.lint(
        manifest: manifest, configuration: configuration, packageRoot: packagePath, flags: flags(packagePath),
        prescanned: prescanned?.imports ?? [:], prescannedTexts: prescanned?.texts ?? [:])
      if reader.isSet("--fix") {
        switch fix(report, manifest: manifest, configuration: configuration, packagePath: packagePath) {
        case .unchanged: break
        case .failed(let status): return status
        case .changed:
          manifest = try describe(packagePath)
          report = LayerLinter.lint(
            manifest: manifest, configuration: configuration, packageRoot: packagePath, flags: flags(packagePath))
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

  /// Applies `--fix`: edits Package.swift where its style makes that safe, prints the rest as edits
  /// to make by hand, and restores the manifest if the edited one does not load.
  private func fix(
    _ report: LintReport, manifest: PackageManifest, configuration: LayeringConfiguration, packagePath: String
  ) -> FixOutcome {
    let missing = report.violations.compactMap(\.missingDependency)
    guard !missing.isEmpty else { return .unchanged }
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
    let fixer = DependencyFixer(manifestText: text) { [generatedTests] in generatedTests[$0] }
    let plan = fixer.plan(missing)
    for suggestion in plan.suggestions {
      let item = suggestion.missing
      if let edit = suggestion.edit {
        console.writeOutput(
          "lint-layers --fix: Package.swift:\(edit.line): cannot edit this manifest safely; \(edit.summary) by hand:\n"
            + "-\(edit.old)\n+\(edit.new)\n")
      } else {
        console.writeOutput(
          "lint-layers --fix: cannot edit Package.swift safely; add \"\(item.dependency)\" to the dependencies of "
            + "\(item.target) by hand (no one-line entry found)\n")
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
