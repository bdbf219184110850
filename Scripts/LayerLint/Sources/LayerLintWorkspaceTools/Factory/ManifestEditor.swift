import Foundation

/// Text edits on Package.swift and CODEOWNERS that keep their layout: the workspace's manifest lists
/// each module on one line, `.library("Name", dependsOn: [...], …),`, in its layer's group
/// `let <layer>: [Module] = [ … ]`.
enum ManifestEditor {
  /// One module line of the manifest.
  struct Entry: Equatable, Sendable {
    /// The module's name, the entry's first string literal.
    let name: String
    /// The group it is listed in (`domain` for `let domain: [Module] = [`).
    let group: String
    /// The product of an executable (`cosmonaut`), nil for any other module.
    let product: String?
  }

  private static let groupStart = try! NSRegularExpression(pattern: #"^let ([A-Za-z_][A-Za-z0-9_]*): \[Module\] = \["#)
  private static let entryStart = try! NSRegularExpression(
    pattern: #"^\s*\.[A-Za-z]+\("([^"]+)"(?:, product: "([^"]+)")?"#)

  /// Every module line of every group, in order.
  static func entries(of manifest: String) -> [Entry] {
    var entries: [Entry] = []
    var group: String?
    for line in manifest.components(separatedBy: "\n") {
      if let match = firstMatch(groupStart, in: line) {
        group = match[1]
        if line.trimmingCharacters(in: .whitespaces).hasSuffix("[]") { group = nil }
        continue
      }
      guard let current = group else { continue }
      if line.trimmingCharacters(in: .whitespaces) == "]" {
        group = nil
        continue
      }
      if let match = firstMatch(entryStart, in: line), let name = match[1] {
        entries.append(Entry(name: name, group: current, product: match[2]))
      }
    }
    return entries
  }

  /// Inserts `line` before the closing `]` of `let <group>: [<element>] = [` (`[Module]`, or the
  /// test-support group's `[TestSupportModule]`); `nil` if there is no such group.
  static func inserting(
    _ line: String, intoGroup group: String, of manifest: String, element: String = "Module"
  )
    -> String?
  {
    var lines = manifest.components(separatedBy: "\n")
    guard let start = lines.firstIndex(where: { $0.hasPrefix("let \(group): [\(element)] = [") }) else { return nil }
    if lines[start].trimmingCharacters(in: .whitespaces).hasSuffix("[]") {
      lines[start] = "let \(group): [\(element)] = ["
      lines.insert(contentsOf: [line, "]"], at: start + 1)
      return lines.joined(separator: "\n")
    }
    guard let end = lines[(start + 1)...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "]" }) else {
      return nil
    }
    lines.insert(line, at: end)
    return lines.joined(separator: "\n")
  }

  /// `manifest` with `"dependency"` added to the `dependsOn: [...]` of `module`'s one line, right after
  /// the last dependency listed in `group` (else first); `nil` when the module has no such single line.
  static func addingDependency(
    _ dependency: String, to module: String, afterGroup group: String, in manifest: String
  ) -> String? {
    let groupOf = Dictionary(entries(of: manifest).map { ($0.name, $0.group) }, uniquingKeysWith: { first, _ in first })
    var lines = manifest.components(separatedBy: "\n")
    let matches = lines.indices.filter { index in
      firstMatch(entryStart, in: lines[index])?[1] == module && lines[index].contains("dependsOn: [")
    }
    guard matches.count == 1, let index = matches.first else { return nil }
    let line = lines[index]
    guard let open = line.range(of: "dependsOn: ["), let close = line[open.upperBound...].firstIndex(of: "]") else {
      return nil
    }
    var names = line[open.upperBound..<close].split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }.filter { !$0.isEmpty }
    if names.contains(dependency) { return manifest }
    let position = (names.lastIndex { groupOf[$0] == group }).map { $0 + 1 } ?? 0
    names.insert(dependency, at: position)
    let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
    lines[index] = line.replacingCharacters(in: open.upperBound..<close, with: list)
    return lines.joined(separator: "\n")
  }

  /// Adds `pattern owner` at the end of the block under `heading`, aligned like its neighbours;
  /// appends a new block when the heading is missing.
  static func addingOwner(pattern: String, owner: String, underHeading heading: String, to text: String) -> String {
    var lines = text.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    guard let headingIndex = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == heading }) else {
      let separator = lines.isEmpty || lines.last?.isEmpty == true ? [] : [""]
      return (lines + separator + [heading, "\(pattern) \(owner)"]).joined(separator: "\n") + "\n"
    }
    var last = headingIndex
    while last + 1 < lines.count {
      let next = lines[last + 1].trimmingCharacters(in: .whitespaces)
      if next.isEmpty || next.hasPrefix("#") { break }
      last += 1
    }
    let column = last > headingIndex ? ownerColumn(of: lines[last]) : pattern.count + 1
    let padding = String(repeating: " ", count: max(1, column - pattern.count))
    lines.insert("\(pattern)\(padding)\(owner)", at: last + 1)
    return lines.joined(separator: "\n") + "\n"
  }

  private static func ownerColumn(of line: String) -> Int {
    guard let patternEnd = line.firstIndex(where: { $0 == " " || $0 == "\t" }),
      let ownerStart = line[patternEnd...].firstIndex(where: { $0 != " " && $0 != "\t" })
    else { return line.count + 1 }
    return line.distance(from: line.startIndex, to: ownerStart)
  }

  /// The capture groups of `expression`'s first match in `line` (index 0: the whole match), nil if none.
  private static func firstMatch(_ expression: NSRegularExpression, in line: String) -> [String?]? {
    guard let match = expression.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else { return nil }
    return (0..<match.numberOfRanges).map { index in
      Range(match.range(at: index), in: line).map { String(line[$0]) }
    }
  }
}
