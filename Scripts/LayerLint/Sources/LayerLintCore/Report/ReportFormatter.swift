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

/// Renders a finished lint run.
struct ReportFormatter {
  let format: OutputFormat
  let violations: [Violation]
  let moduleCount: Int
  let fileCount: Int
  let toleratedCount: Int

  var summary: String {
    let tolerated = toleratedCount > 0 ? "; \(toleratedCount) tolerated by the baseline" : ""
    if violations.isEmpty {
      return "lint-layers: clean — \(moduleCount) modules, \(fileCount) files\(tolerated)"
    }
    let offenders = Set(violations.map(\.source)).count
    let noun = violations.count == 1 ? "violation" : "violations"
    let modules = offenders == 1 ? "module" : "modules"
    return
      "lint-layers: \(violations.count) \(noun) in \(offenders) \(modules) (\(fileCount) files scanned)\(tolerated)"
  }

  func render() -> String {
    switch format {
    case .text:
      return (violations.map { "\($0.file):\($0.line): error: [\($0.rule.rawValue)] \($0.message)" } + [summary])
        .joined(separator: "\n") + "\n"
    case .github:
      return
        (violations.map {
          "::error file=\(escape($0.file, isProperty: true)),line=\($0.line),title=[\($0.rule.rawValue)]::\(escape($0.message, isProperty: false))"
        } + [summary]).joined(separator: "\n") + "\n"
    case .json:
      return json()
    }
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
    let object: [String: Any] = [
      "violations": items, "modules": moduleCount, "files": fileCount, "tolerated": toleratedCount,
      "summary": summary,
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
