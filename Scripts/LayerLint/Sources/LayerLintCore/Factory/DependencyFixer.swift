import Foundation

/// `lint-layers --fix`: adds the dependencies that undeclared imports need (only edges the layering
/// rule allows) to a manifest in the workspace's one-line-per-module style, and spells out the exact
/// edit for any manifest it cannot edit safely.
struct DependencyFixer {
  /// One planned change of one manifest line.
  struct Edit: Equatable, Sendable {
    /// The 1-based line in Package.swift.
    let line: Int
    /// The line as it is.
    let old: String
    /// The line as it will be.
    let new: String
    /// What the edit does, e.g. `added "Logging" to Cosmonaut's dependencies`.
    let summary: String
  }

  /// A dependency the fixer will not add by itself, with the edit a person would make (if it can tell).
  struct Suggestion: Equatable, Sendable {
    let missing: MissingDependency
    /// The exact edit, when the entry is on one line; `nil` when the entry could not be found.
    let edit: Edit?
  }

  /// The result of planning: edits it may apply, and suggestions for the rest.
  struct Plan: Equatable, Sendable {
    var edits: [Edit] = []
    var suggestions: [Suggestion] = []
    /// The manifest with every edit applied.
    var fixedText: String = ""
  }

  let manifestText: String
  /// A test target's module when its entry is generated from the module's line (`NetworkTests` → `Network`).
  let testedModule: @Sendable (String) -> String?

  /// Plans the additions for `missing` (duplicates are merged).
  func plan(_ missing: [MissingDependency]) -> Plan {
    var lines = manifestText.components(separatedBy: "\n")
    var plan = Plan()
    var seen = Set<MissingDependency>()
    // Modules first: a test target gets its module's dependencies, so a module's new one may cover its test's.
    let ordered = missing.filter { testedModule($0.target) == nil } + missing.filter { testedModule($0.target) != nil }
    for item in ordered where seen.insert(item).inserted {
      if isCoveredByItsModule(item, in: lines) { continue }
      if let edit = styledEdit(for: item, in: lines) {
        lines[edit.line - 1] = edit.new
        if let index = plan.edits.firstIndex(where: { $0.line == edit.line }) {
          let first = plan.edits[index]
          plan.edits[index] = Edit(
            line: edit.line, old: first.old, new: edit.new, summary: first.summary + "; " + edit.summary)
        } else {
          plan.edits.append(edit)
        }
      } else {
        plan.suggestions.append(Suggestion(missing: item, edit: plainEdit(for: item, in: lines)))
      }
    }
    plan.fixedText = lines.joined(separator: "\n")
    return plan
  }

  // MARK: The workspace's style: `.library("Name", dependsOn: [...], testsUse: [...])`

  private static let styledEntry = try! NSRegularExpression(
    pattern:
      #"^\s*\.(library|executable)\("([^"]+)"(, product: "[^"]*")?, dependsOn: \[([^\]]*)\](, testsUse: \[([^\]]*)\])?\),?\s*(//.*)?$"#
  )

  private func styledEdit(for item: MissingDependency, in lines: [String]) -> Edit? {
    if let entry = styledLine(named: item.target, in: lines) {
      guard let new = Self.appending(item.dependency, toListAt: entry.dependsOn, in: entry.text) else { return nil }
      return Edit(
        line: entry.index + 1, old: entry.text, new: new,
        summary: "added \"\(item.dependency)\" to \(item.target)'s dependencies")
    }
    // A generated test target: its extra dependencies are the module's `testsUse:`.
    guard let module = testedModule(item.target), let entry = styledLine(named: module, in: lines) else { return nil }
    let new: String?
    if let testsUse = entry.testsUse {
      new = Self.appending(item.dependency, toListAt: testsUse, in: entry.text)
    } else {
      let end = entry.text.index(after: entry.dependsOn.upperBound)
      new = entry.text[..<end] + ", testsUse: [\"\(item.dependency)\"]" + entry.text[end...]
    }
    return new.map {
      Edit(
        line: entry.index + 1, old: entry.text, new: $0,
        summary: "added \"\(item.dependency)\" to \(module)'s testsUse (for \(item.target))")
    }
  }

  /// Whether `item` is a generated test target's and its module's line already lists the dependency.
  private func isCoveredByItsModule(_ item: MissingDependency, in lines: [String]) -> Bool {
    guard let module = testedModule(item.target), let entry = styledLine(named: module, in: lines) else {
      return false
    }
    return entry.text[entry.dependsOn].contains("\"\(item.dependency)\"")
  }

  /// The single line `.library("name", …)` / `.executable("name", …)` and the ranges of its lists' contents.
  private func styledLine(
    named name: String, in lines: [String]
  ) -> (index: Int, text: String, dependsOn: Range<String.Index>, testsUse: Range<String.Index>?)? {
    var found: (Int, String, Range<String.Index>, Range<String.Index>?)?
    for (index, line) in lines.enumerated() where line.contains("(\"\(name)\"") {
      let range = NSRange(line.startIndex..., in: line)
      guard let match = Self.styledEntry.firstMatch(in: line, range: range),
        let nameRange = Range(match.range(at: 2), in: line), line[nameRange] == name,
        let dependsOn = Range(match.range(at: 4), in: line)
      else { continue }
      if found != nil { return nil }  // Two entries of one name: not ours to guess.
      found = (index, line, dependsOn, Range(match.range(at: 6), in: line))
    }
    return found
  }

  /// `line` with `"dependency"` appended to the list whose contents are at `range`.
  private static func appending(_ dependency: String, toListAt range: Range<String.Index>, in line: String) -> String? {
    let contents = line[range].trimmingCharacters(in: .whitespaces)
    if contents.contains("\"\(dependency)\"") { return nil }
    let list = contents.isEmpty ? "\"\(dependency)\"" : "\(contents), \"\(dependency)\""
    return line.replacingCharacters(in: range, with: list)
  }

  // MARK: Any other manifest: the exact edit, never applied

  /// For `.target(name: "T", dependencies: [...], …)` on one line: the line with the dependency added.
  private func plainEdit(for item: MissingDependency, in lines: [String]) -> Edit? {
    let matches = lines.enumerated().filter { $0.element.contains("name: \"\(item.target)\"") }
    guard matches.count == 1, let (index, line) = matches.first else { return nil }
    if let open = line.range(of: "dependencies: ["), let close = line[open.upperBound...].firstIndex(of: "]") {
      guard let new = Self.appending(item.dependency, toListAt: open.upperBound..<close, in: line) else { return nil }
      return Edit(
        line: index + 1, old: line, new: new, summary: "add \"\(item.dependency)\" to \(item.target)'s dependencies")
    }
    guard line.range(of: "dependencies:") == nil, let nameRange = line.range(of: "name: \"\(item.target)\"") else {
      return nil
    }
    let new = line.replacingCharacters(
      in: nameRange, with: "name: \"\(item.target)\", dependencies: [\"\(item.dependency)\"]")
    return Edit(
      line: index + 1, old: line, new: new, summary: "add \"\(item.dependency)\" to \(item.target)'s dependencies")
  }
}
