import Foundation

/// How findings are printed.
package enum OutputFormat: String, Sendable {
  /// `path:line: error: [rule] message`, one per line, then a summary line.
  case text
  /// One JSON object with the findings and the counts.
  case json
  /// GitHub Actions annotations: `::error file=…,line=…,title=[rule]::message`, then the summary.
  case github
}

/// Renders a finished lint run. Text, GitHub and JSON output count modules the same way: every
/// non-test target of the package.
package struct ReportFormatter {
  package let format: OutputFormat
  package let violations: [Violation]
  package let moduleCount: Int
  package let fileCount: Int
  package let toleratedCount: Int
  /// Imports skipped because of their `#if`, and what could not be checked; printed, never failing the run.
  package var notes: [Note] = []
  /// Findings of rules switched to `"warn"`: printed as warnings, never failing the run.
  package var warnings: [Violation] = []
  /// Whether the package's manifest loaded (the counts mean nothing when it refused to).
  package var manifestLoaded = true

  /// Targets (test targets included) with at least one violation.
  package var offendingTargetCount: Int { Set(violations.map(\.source)).count }

  package var summary: String {
    let tolerated = toleratedCount > 0 ? "; \(toleratedCount) tolerated by the baseline" : ""
    let skipped = noteSummary.isEmpty ? "" : "; \(noteSummary.joined(separator: ", ")) (see the notes)"
    let warned = warnings.isEmpty ? "" : "; \(Self.count(warnings.count, "warning"))"
    let scope = "\(moduleCount) module\(moduleCount == 1 ? "" : "s"), \(fileCount) file\(fileCount == 1 ? "" : "s")"
    if violations.isEmpty {
      return "lint-layers: clean — \(scope)\(tolerated)\(warned)\(skipped)"
    }
    let noun = violations.count == 1 ? "violation" : "violations"
    let targets = "\(offendingTargetCount) target\(offendingTargetCount == 1 ? "" : "s")"
    guard manifestLoaded else {
      return "lint-layers: \(violations.count) \(noun) in \(targets) (the manifest refused to load)\(tolerated)"
    }
    return "lint-layers: \(violations.count) \(noun) in \(targets) — \(scope) scanned\(tolerated)\(warned)\(skipped)"
  }

  /// What the notes are about, one phrase per kind: `2 imports under #if skipped, 6 products not checked`.
  var noteSummary: [String] {
    var phrases: [String] = []
    let skipped = notes.filter { $0.kind == .skippedImport }.count
    if skipped > 0 { phrases.append("\(Self.count(skipped, "import")) under #if skipped") }
    let unchecked = notes.filter { $0.kind == .unchecked }.count
    if unchecked > 0 { phrases.append("\(Self.count(unchecked, "dependency", plural: "dependencies")) not checked") }
    let plugins = notes.filter { $0.kind == .pluginMayUse }.count
    if plugins > 0 {
      phrases.append("\(Self.count(plugins, "dependency", plural: "dependencies")) left to a plugin's generated code")
    }
    return phrases
  }

  private static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
    "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
  }

  package func render() -> String {
    switch format {
    case .text:
      let lines = merged(
        notes: notes.map { "\($0.file):\($0.line): note: [\($0.rule.rawValue)] \($0.message)" },
        errors: violations.map { "\($0.file):\($0.line): error: [\($0.rule.rawValue)] \($0.message)" },
        warnings: warnings.map { "\($0.file):\($0.line): warning: [\($0.rule.rawValue)] \($0.message)" })
      return (lines + [summary]).joined(separator: "\n") + "\n"
    case .github:
      let lines = merged(
        notes: notes.map {
          "::notice file=\(escape($0.file, isProperty: true)),line=\($0.line),title=[\($0.rule.rawValue)]::\(escape($0.message, isProperty: false))"
        },
        errors: violations.map {
          "::error file=\(escape($0.file, isProperty: true)),line=\($0.line),title=[\($0.rule.rawValue)]::\(escape($0.message, isProperty: false))"
        },
        warnings: warnings.map {
          "::warning file=\(escape($0.file, isProperty: true)),line=\($0.line),title=[\($0.rule.rawValue)]::\(escape($0.message, isProperty: false))"
        })
      return (lines + [summary]).joined(separator: "\n") + "\n"
    case .json:
      return json()
    }
  }

  /// Notes, errors and warnings (each rendered in the order of `notes` / `violations` / `warnings`) in
  /// file and line order.
  private func merged(
    notes noteLines: [String], errors errorLines: [String], warnings warningLines: [String]
  ) -> [String] {
    let keyed =
      zip(notes.map { ($0.file, $0.line, 0) }, noteLines).map { ($0.0, $0.1) }
      + zip(violations.map { ($0.file, $0.line, 1) }, errorLines).map { ($0.0, $0.1) }
      + zip(warnings.map { ($0.file, $0.line, 2) }, warningLines).map { ($0.0, $0.1) }
    return keyed.enumerated().sorted { first, second in
      let (a, b) = (first.element.0, second.element.0)
      return (a.0, a.1, a.2, first.offset) < (b.0, b.1, b.2, second.offset)
    }.map(\.element.1)
  }

  private func json() -> String {
    let items = violations.map(Self.jsonItem)
    let noteItems: [[String: Any]] = notes.map {
      [
        "rule": $0.rule.rawValue, "file": $0.file, "line": $0.line, "source": $0.source, "target": $0.target,
        "message": $0.message,
      ]
    }
    let object: [String: Any] = [
      "violations": items, "modules": moduleCount, "files": fileCount, "tolerated": toleratedCount,
      "targetsWithViolations": offendingTargetCount, "notes": noteItems, "summary": summary,
      "warnings": warnings.map(Self.jsonItem),
    ]
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  private static func jsonItem(_ violation: Violation) -> [String: Any] {
    var item: [String: Any] = [
      "rule": violation.rule.rawValue, "file": violation.file, "line": violation.line, "source": violation.source,
      "problem": violation.problem, "fix": violation.fix, "message": violation.message,
    ]
    item["sourceLayer"] = violation.sourceLayer
    item["target"] = violation.target
    item["targetLayer"] = violation.targetLayer
    return item
  }

  /// GitHub's workflow-command escaping.
  private func escape(_ text: String, isProperty: Bool) -> String {
    var escaped = text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
    if isProperty {
      escaped = escaped.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
    return escaped
  }
}
