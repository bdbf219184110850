import Foundation

/// `lint-layers --fix`: adds the dependencies that undeclared imports need (only edges the layering
/// rule allows) and removes redundant ones in a manifest in the workspace's one-line-per-module style,
/// and spells out the exact edit for any manifest it cannot edit safely.
package struct DependencyFixer {
  /// One planned change of one manifest line.
  package struct Edit: Equatable, Sendable {
    /// The 1-based line in Package.swift.
    package let line: Int
    /// The line as it is.
    package let old: String
    /// The line as it will be.
    package let new: String
    /// What the edit does, e.g. `added "Logging" to Cosmonaut's dependencies`.
    package let summary: String
  }

  /// A change the fixer will not make by itself, with the edit a person would make (if it can tell).
  package struct Suggestion: Equatable, Sendable {
    /// What to do, e.g. `add "Beta" to the dependencies of Alpha`.
    package let summary: String
    /// The exact edit, when the entry is on one line; `nil` when the entry could not be found.
    package let edit: Edit?
  }

  /// The result of planning: edits it may apply, and suggestions for the rest.
  package struct Plan: Equatable, Sendable {
    package var edits: [Edit] = []
    package var suggestions: [Suggestion] = []
    /// The manifest with every edit applied.
    package var fixedText: String = ""
  }

  package let manifestText: String
  /// A test target's module when its entry is generated from the module's line (`NetworkTests` → `Network`).
  package let testedModule: @Sendable (String) -> String?
  /// Whether a test target's files import a dependency (one removed from its module may stay in `testsUse:`).
  package var testImports: @Sendable (_ test: String, _ dependency: String) -> Bool = { _, _ in true }

  /// A fixer of `manifestText`; `testedModule` names a generated test target's module, `testImports`
  /// says whether a test target's files import a dependency.
  package init(
    manifestText: String, testedModule: @escaping @Sendable (String) -> String?,
    testImports: @escaping @Sendable (_ test: String, _ dependency: String) -> Bool = { _, _ in true }
  ) {
    self.manifestText = manifestText
    self.testedModule = testedModule
    self.testImports = testImports
  }

  /// Plans the additions for `missing` and the removals for `redundant` (duplicates are merged).
  package func plan(_ missing: [MissingDependency], removing redundant: [RedundantDependency] = []) -> Plan {
    var lines = manifestText.components(separatedBy: "\n")
    var plan = Plan()
    for item in Set(redundant).sorted(by: { ($0.target, $0.dependency) < ($1.target, $1.dependency) }) {
      if let edit = styledRemoval(of: item, in: lines) {
        apply(edit, to: &lines, plan: &plan)
      } else {
        plan.suggestions.append(
          Suggestion(
            summary: "remove \"\(item.dependency)\" from the dependencies of \(item.target)",
            edit: plainRemoval(of: item, in: lines)))
      }
    }
    var seen = Set<MissingDependency>()
    // Modules first: a test target gets its module's dependencies, so a module's new one may cover its test's.
    let ordered = missing.filter { testedModule($0.target) == nil } + missing.filter { testedModule($0.target) != nil }
    for item in ordered where seen.insert(item).inserted {
      if isCoveredByItsModule(item, in: lines) { continue }
      if let edit = styledEdit(for: item, in: lines) {
        apply(edit, to: &lines, plan: &plan)
      } else {
        plan.suggestions.append(
          Suggestion(
            summary: "add \"\(item.dependency)\" to the dependencies of \(item.target)",
            edit: plainEdit(for: item, in: lines)))
      }
    }
    plan.fixedText = lines.joined(separator: "\n")
    return plan
  }

  /// Applies `edit` to `lines` and records it (merged with an earlier edit of the same line).
  private func apply(_ edit: Edit, to lines: inout [String], plan: inout Plan) {
    lines[edit.line - 1] = edit.new
    if let index = plan.edits.firstIndex(where: { $0.line == edit.line }) {
      let first = plan.edits[index]
      plan.edits[index] = Edit(
        line: edit.line, old: first.old, new: edit.new, summary: first.summary + "; " + edit.summary)
    } else {
      plan.edits.append(edit)
    }
  }

  // MARK: The workspace's style: `.library("Name", dependsOn: [...], testsUse: [...])`

  private static let styledEntry = try! NSRegularExpression(
    pattern:
      #"^\s*\.(library|executable)\("([^"]+)"(, product: "[^"]*")?, dependsOn: \[([^\]]*)\](, testsUse: \[([^\]]*)\])?(, \w+: (\[[^\]]*\]|[^,()\[\]]+))*\),?\s*(//.*)?$"#
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

  /// Removes a redundant dependency from a module's `dependsOn:` (moving it to `testsUse:` when the
  /// module's generated test target imports it), or from the `testsUse:` of a generated test target's module.
  private func styledRemoval(of item: RedundantDependency, in lines: [String]) -> Edit? {
    if let entry = styledLine(named: item.target, in: lines) {
      guard var new = Self.removing(item.dependency, fromListAt: entry.dependsOn, in: entry.text) else { return nil }
      var summary = "removed \"\(item.dependency)\" from \(item.target)'s dependencies"
      if testImports("\(item.target)Tests", item.dependency),
        let moved = Self.addingToTestsUse(item.dependency, in: new)
      {
        new = moved
        summary += " (kept in its testsUse: its tests import it)"
      }
      return Edit(line: entry.index + 1, old: entry.text, new: new, summary: summary)
    }
    guard let module = testedModule(item.target), let entry = styledLine(named: module, in: lines),
      let testsUse = entry.testsUse, let new = Self.removing(item.dependency, fromListAt: testsUse, in: entry.text)
    else { return nil }
    let cleaned = new.replacingOccurrences(of: ", testsUse: []", with: "")
    return Edit(
      line: entry.index + 1, old: entry.text, new: cleaned,
      summary: "removed \"\(item.dependency)\" from \(module)'s testsUse (for \(item.target))")
  }

  /// A styled line with `dependency` added to its `testsUse:` (created when missing).
  private static func addingToTestsUse(_ dependency: String, in line: String) -> String? {
    let range = NSRange(line.startIndex..., in: line)
    guard let match = styledEntry.firstMatch(in: line, range: range),
      let dependsOn = Range(match.range(at: 4), in: line)
    else { return nil }
    if let testsUse = Range(match.range(at: 6), in: line) {
      return appending(dependency, toListAt: testsUse, in: line) ?? line
    }
    let end = line.index(after: dependsOn.upperBound)
    return line[..<end] + ", testsUse: [\"\(dependency)\"]" + line[end...]
  }

  /// `line` without the item naming `dependency` in the list whose contents are at `range`; `nil` when absent.
  package static func removing(_ dependency: String, fromListAt range: Range<String.Index>, in line: String) -> String?
  {
    let items = ListItems.split(line[range])
    guard let index = items.firstIndex(where: { ListItems.name(of: $0) == dependency }) else { return nil }
    var kept = items
    kept.remove(at: index)
    return line.replacingCharacters(in: range, with: kept.joined(separator: ", "))
  }

  /// `line` with `"dependency"` appended to the list whose contents are at `range`.
  private static func appending(_ dependency: String, toListAt range: Range<String.Index>, in line: String) -> String? {
    let contents = line[range].trimmingCharacters(in: .whitespaces)
    if contents.contains("\"\(dependency)\"") { return nil }
    let list = contents.isEmpty ? "\"\(dependency)\"" : "\(contents), \"\(dependency)\""
    return line.replacingCharacters(in: range, with: list)
  }

  // MARK: Any other manifest: the exact edit, never applied

  /// For a target entry spelled `name: "T"`: the line of its dependency list that names the dependency,
  /// without it (the whole line goes when the dependency is alone on it).
  private func plainRemoval(of item: RedundantDependency, in lines: [String]) -> Edit? {
    let starts = lines.indices.filter { lines[$0].contains("name: \"\(item.target)\"") }
    guard starts.count == 1, let start = starts.first else { return nil }
    // The entry ends where the next entry (another `name:` at a target's call) begins.
    var end = start + 1
    while end < lines.count && !lines[end].contains(".target(") && !lines[end].contains("Target(")
      && !lines[end].contains(".plugin(") && !lines[end].contains(".systemLibrary(")
    {
      end += 1
    }
    for index in start..<end {
      let line = lines[index]
      if let open = line.range(of: "dependencies: ["), let close = Self.closingBracket(in: line, from: open.upperBound),
        let new = Self.removing(item.dependency, fromListAt: open.upperBound..<close, in: line)
      {
        return Edit(
          line: index + 1, old: line, new: new,
          summary: "remove \"\(item.dependency)\" from \(item.target)'s dependencies")
      }
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      let items = ListItems.split(Substring(trimmed))
      if index > start, items.count == 1, ListItems.name(of: items[0]) == item.dependency {
        return Edit(
          line: index + 1, old: line, new: "",
          summary: "remove \"\(item.dependency)\" from \(item.target)'s dependencies (delete the line)")
      }
    }
    return nil
  }

  /// The `]` that closes the list opened just before `start`, outside strings and nested brackets.
  private static func closingBracket(in line: String, from start: String.Index) -> String.Index? {
    var depth = 0
    var inString = false
    var index = start
    while index < line.endIndex {
      let character = line[index]
      if character == "\"" {
        inString.toggle()
      } else if !inString {
        if character == "[" || character == "(" { depth += 1 }
        if character == "]" || character == ")" {
          if depth == 0 { return character == "]" ? index : nil }
          depth -= 1
        }
      }
      index = line.index(after: index)
    }
    return nil
  }

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

/// The items of a manifest's dependency list, as written: `"A", .product(name: "B", package: "b")`.
package enum ListItems {
  /// The items of `text` (a list's contents), split at commas outside parentheses, brackets and strings;
  /// a trailing comma leaves no empty item.
  package static func split(_ text: Substring) -> [String] {
    var items: [String] = []
    var current = ""
    var depth = 0
    var inString = false
    for character in text {
      if character == "\"" { inString.toggle() }
      if !inString {
        if character == "(" || character == "[" { depth += 1 }
        if character == ")" || character == "]" { depth -= 1 }
        if character == "," && depth == 0 {
          items.append(current.trimmingCharacters(in: .whitespaces))
          current = ""
          continue
        }
      }
      current.append(character)
    }
    let last = current.trimmingCharacters(in: .whitespaces)
    if !last.isEmpty { items.append(last) }
    return items
  }

  /// The name an item declares: the first string literal (`"A"`, `.product(name: "B", …)`, `.target(name: "C")`).
  package static func name(of item: String) -> String? {
    guard let open = item.firstIndex(of: "\"") else { return nil }
    let rest = item[item.index(after: open)...]
    guard let close = rest.firstIndex(of: "\"") else { return nil }
    return String(rest[..<close])
  }
}
