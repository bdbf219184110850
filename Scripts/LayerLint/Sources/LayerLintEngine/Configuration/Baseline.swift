import Foundation

/// Known violations that are tolerated for now, each with the reason why. The baseline only
/// shrinks: an entry that matches nothing any more is reported as `stale-baseline`.
///
/// Format: a JSON list of `{"rule": "…", "source": "Module", "target": "Module or file", "reason": "…"}`;
/// `target` is optional and matches the other module or the file of a finding.
package struct Baseline: Sendable {
  /// One tolerated violation.
  package struct Entry: Sendable, Equatable {
    /// The rule id.
    package let rule: RuleID
    /// The module that breaks the rule.
    package let source: String
    /// The other module, or the file, of the finding; `nil` matches any.
    package let target: String?
    /// Why it is tolerated.
    package let reason: String
    /// The entry's line in the baseline file.
    package let line: Int
  }

  /// The entries in file order.
  package let entries: [Entry]
  /// The baseline file as it should appear in findings.
  package let displayPath: String

  /// Reads a baseline file; a missing reason, an unknown rule or malformed JSON is an error.
  package static func load(path: String, displayPath: String? = nil) throws(ConfigurationError) -> Baseline {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ConfigurationError("baseline \(path) is not readable")
    }
    return try parse(data, displayPath: displayPath ?? path)
  }

  /// Parses baseline JSON.
  private static let knownEntryKeys: Set<String> = ["rule", "source", "target", "reason", "$comment"]

  package static func parse(_ data: Data, displayPath: String) throws(ConfigurationError) -> Baseline {
    let name = displayPath
    guard let object = try? JSONSerialization.jsonObject(with: data) else {
      throw ConfigurationError("baseline \(name) is not valid JSON")
    }
    guard let items = (object as? [Any]) ?? ((object as? [String: Any])?["violations"] as? [Any]) else {
      throw ConfigurationError("baseline \(name) must be a JSON list of {rule, source, target, reason}")
    }
    let lines = entryLines(in: String(decoding: data, as: UTF8.self))
    var entries: [Entry] = []
    for (index, item) in items.enumerated() {
      guard let fields = item as? [String: Any] else {
        throw ConfigurationError("baseline \(name): entry \(index + 1) is not an object")
      }
      // An unknown key is most likely a misspelt "target", which would widen the entry to every target.
      if let unknown = fields.keys.sorted().first(where: { !knownEntryKeys.contains($0) }) {
        throw ConfigurationError(
          "baseline \(name): entry \(index + 1) has an unknown key \"\(unknown)\" (known: rule, source, target, reason)"
        )
      }
      if let target = fields["target"], !(target is String) || (target as? String)?.isEmpty == true {
        throw ConfigurationError(
          "baseline \(name): entry \(index + 1) has a \"target\" that is not a module or file name")
      }
      guard let ruleName = fields["rule"] as? String, let rule = RuleID(rawValue: ruleName), rule.isConfigurable else {
        throw ConfigurationError("baseline \(name): entry \(index + 1) has no known \"rule\"")
      }
      guard let source = fields["source"] as? String, !source.isEmpty else {
        throw ConfigurationError("baseline \(name): entry \(index + 1) has no \"source\" module")
      }
      let reason = (fields["reason"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
      guard !reason.isEmpty else {
        throw ConfigurationError(
          "baseline \(name): entry \(index + 1) (\(ruleName) \(source)) has no \"reason\"; every tolerated violation needs one"
        )
      }
      let line = index < lines.count ? lines[index] : 1
      entries.append(Entry(rule: rule, source: source, target: fields["target"] as? String, reason: reason, line: line))
    }
    return Baseline(entries: entries, displayPath: displayPath)
  }

  /// The line of each `"rule"` key: a good enough anchor for the entry in a hand-written file.
  private static func entryLines(in text: String) -> [Int] {
    text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      .filter { $0.element.contains("\"rule\"") }.map { $0.offset + 1 }
  }

  package func matches(_ entry: Entry, _ violation: Violation) -> Bool {
    entry.rule == violation.rule && entry.source == violation.source
      && (entry.target == nil || entry.target == violation.target || entry.target == violation.file)
  }

  /// Removes tolerated violations and adds one `stale-baseline` finding per entry that matched nothing.
  package func apply(to violations: [Violation]) -> (remaining: [Violation], toleratedCount: Int) {
    var used = Set<Int>()
    var remaining: [Violation] = []
    for violation in violations {
      if let index = entries.indices.first(where: { matches(entries[$0], violation) }) {
        used.insert(index)
        for other in entries.indices where matches(entries[other], violation) { used.insert(other) }
      } else {
        remaining.append(violation)
      }
    }
    for (index, entry) in entries.enumerated() where !used.contains(index) {
      remaining.append(
        Violation(
          rule: .staleBaseline, file: displayPath, line: entry.line, source: entry.source, sourceLayer: nil,
          target: entry.target,
          problem: "the baseline tolerates a \(entry.rule.rawValue) violation that no longer exists",
          fix: "delete this entry from \(displayPath)"))
    }
    return (remaining, violations.count - remaining.count + (entries.count - used.count))
  }
}
