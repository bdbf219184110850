import Foundation

/// `lint-layers`: checks a package against its layering rules and prints every violation.
public struct LintCommand {
  /// Describes a package; the real one runs `swift package describe`.
  typealias Describe = @Sendable (String) throws -> PackageManifest

  static let usage = """
    usage: lint-layers [--package-path PATH] [--format text|json|github] [--baseline FILE]
                       [--manifest-json FILE] [--imports-only] [--help]
    Checks the layering rules of a SwiftPM package (config: PATH/.layering.json).
      --package-path PATH   the package to lint (default: the current directory)
      --format FORMAT       text (default), json, or github annotations
      --baseline FILE       tolerate the violations listed in FILE; stale entries fail the run
      --manifest-json FILE  use this `swift package describe --type json` output instead of running it
      --imports-only        only the undeclared-import rule, for any package layout
    exit: 0 clean, 1 violations, 2 cannot run (manifest, config, baseline), 64 bad usage
    """

  let console: Console
  let describe: Describe

  /// Creates the command, writing to standard output and standard error.
  public init() { self.init(console: .standard) }

  /// Creates the command; `describe` defaults to running `swift package describe --type json`.
  init(console: Console, describe: Describe? = nil) {
    self.console = console
    self.describe = describe ?? ManifestLoader.describe
  }

  /// Runs the lint with `arguments` (without the program name) and returns the exit code.
  public func run(_ arguments: [String]) -> Int32 {
    let reader: ArgumentReader
    do {
      reader = try ArgumentReader(
        arguments, valueOptions: ["--package-path", "--format", "--baseline", "--manifest-json"],
        flagOptions: ["--help", "--imports-only"])
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
      let manifest = try ManifestLoader.manifest(
        packagePath: packagePath, manifestJSON: reader.value("--manifest-json"), describe: describe)
      let report = LayerLinter.lint(manifest: manifest, configuration: configuration, packageRoot: packagePath)
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
        fileCount: report.fileCount, toleratedCount: tolerated)
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
        format: format, violations: violations, moduleCount: 0, fileCount: 0, toleratedCount: 0)
      console.writeOutput(formatter.render())
      return ExitCode.violations
    }
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
