import Foundation

/// How findings are printed.
enum OutputFormat: String, Sendable {
  /// `path:line: error: [rule] message`, one per line, then a summary line.
  case text
  /// One JSON object with the findings and the counts.
  case json
  /// GitHub Actions annotations: `::error file=…,line=…,title=[rule]::message`, then the summary.
  case github
}

/// Renders a finished lint run. Text, GitHub and JSON output count modules the same way: every
/// non-test target of the package.
struct ReportFormatter {
  let format: OutputFormat
  let violations: [Violation]
  let moduleCount: Int
  let fileCount: Int
  let toleratedCount: Int
  /// Imports skipped because of their `#if`; printed, never failing the run.
  var notes: [Note] = []
  /// Whether the package's manifest loaded (the counts mean nothing when it refused to).
  var manifestLoaded = true

  /// Targets (test targets included) with at least one violation.
  var offendingTargetCount: Int { Set(violations.map(\.source)).count }

  var summary: String {
    let tolerated = toleratedCount > 0 ? "; \(toleratedCount) tolerated by the baseline" : ""
    let skipped =
      notes.isEmpty ? "" : "; \(notes.count) import\(notes.count == 1 ? "" : "s") under #if skipped (see the notes)"
    let scope = "\(moduleCount) module\(moduleCount == 1 ? "" : "s"), \(fileCount) file\(fileCount == 1 ? "" : "s")"
    if violations.isEmpty {
      return "lint-layers: clean — \(scope)\(tolerated)\(skipped)"
    }
    let noun = violations.count == 1 ? "violation" : "violations"
    let targets = "\(offendingTargetCount) target\(offendingTargetCount == 1 ? "" : "s")"
    guard manifestLoaded else {
      return "lint-layers: \(violations.count) \(noun) in \(targets) (the manifest refused to load)\(tolerated)"
    }
    return "lint-layers: \(violations.count) \(noun) in \(targets) — \(scope) scanned\(tolerated)\(skipped)"
  }

  func render() -> String {
    switch format {
    case .text:
      let lines = merged(
        notes: notes.map { "\($0.file):\($0.line): note: [\($0.rule.rawValue)] \($0.message)" },
        errors: violations.map { "\($0.file):\($0.line): error: [\($0.rule.rawValue)] \($0.message)" })
      return (lines + [summary]).joined(separator: "\n") + "\n"
    case .github:
      let lines = merged(
        notes: notes.map {
          "::notice file=\(escape($0.file, isProperty: true)),line=\($0.line),title=[\($0.rule.rawValue)]::\(escape($0.message, isProperty: false))"
        },
        errors: violations.map {
          "::error file=\(escape($0.file, isProperty: true)),line=\($0.line),title=[\($0.rule.rawValue)]::\(escape($0.message, isProperty: false))"
        })
      return (lines + [summary]).joined(separator: "\n") + "\n"
    case .json:
      return json()
    }
  }

  /// Notes and errors (each rendered in the order of `notes` / `violations`) in file and line order.
  private func merged(notes noteLines: [String], errors errorLines: [String]) -> [String] {
    let keyed =
      zip(notes.map { ($0.file, $0.line, 0) }, noteLines).map { ($0.0, $0.1) }
      + zip(violations.map { ($0.file, $0.line, 1) }, errorLines).map { ($0.0, $0.1) }
    return keyed.enumerated().sorted { first, second in
      let (a, b) = (first.element.0, second.element.0)
      return (a.0, a.1, a.2, first.offset) < (b.0, b.1, b.2, second.offset)
    }.map(\.element.1)
  }

  private func json() -> String {
    let items: [[String: Any]] = violations.map { violation in
      var item: [String: Any] = [
        "rule": violation.rule.rawValue, "file": violation.file, "line": violation.line, "source": violation.source,
        "problem": violation.problem, "fix": violation.fix, "message": violation.message,
      ]
      item["sourceLayer"] = violation.sourceLayer
      item["target"] = violation.target
      item["targetLayer"] = violation.targetLayer
      return item
    }
    let noteItems: [[String: Any]] = notes.map {
      [
        "rule": $0.rule.rawValue, "file": $0.file, "line": $0.line, "source": $0.source, "target": $0.target,
        "message": $0.message,
      ]
    }
    let object: [String: Any] = [
      "violations": items, "modules": moduleCount, "files": fileCount, "tolerated": toleratedCount,
      "targetsWithViolations": offendingTargetCount, "notes": noteItems, "summary": summary,
    ]
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
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
