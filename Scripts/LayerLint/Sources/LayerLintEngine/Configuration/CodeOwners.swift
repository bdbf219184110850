/// A parsed CODEOWNERS file with GitHub's semantics: the last matching pattern wins.
package struct CodeOwners: Sendable {
  /// One non-comment line: a gitignore-style pattern (pre-split into components) and its owners.
  package struct Rule: Sendable {
    package let pattern: String
    package let owners: [String]
    package let line: Int
    /// The pattern's components; unanchored patterns start with `**`.
    package let components: [[UInt8]]
    /// Whether no component has a wildcard, so a prefix comparison decides.
    package let isLiteral: Bool

    package init(pattern: String, owners: [String], line: Int) {
      self.pattern = pattern
      self.owners = owners
      self.line = line
      var body = Substring(pattern)
      if body.hasSuffix("/") { body = body.dropLast() }
      let isAnchored = body.hasPrefix("/") || body.dropFirst().contains("/")
      if body.hasPrefix("/") { body = body.dropFirst() }
      var components = body.split(separator: "/").map { Array($0.utf8) }
      if !isAnchored && !components.isEmpty { components.insert(Array("**".utf8), at: 0) }
      self.components = components
      isLiteral = isAnchored && !body.contains { $0 == "*" || $0 == "?" }
    }

    /// Whether the rule covers the folder (a pattern naming a folder owns everything below it).
    package func matches(directory: [[UInt8]]) -> Bool {
      if components.isEmpty { return true }  // "/" owns everything
      if isLiteral {
        return components.count <= directory.count && zip(components, directory).allSatisfy { $0 == $1 }
      }
      for length in stride(from: directory.count, through: 1, by: -1)
      where GlobMatcher.matches(components[...], directory[..<length]) {
        return true
      }
      return false
    }
  }

  package let rules: [Rule]
  /// The last rule of each literal, anchored pattern, by its path (`Core/Radio`): most owners files
  /// are made of these, and a folder's candidates among them are just its own path and its parents'.
  private let lastLiteralRule: [String: Int]
  /// The indices of the other rules (wildcards, unanchored patterns), in file order.
  private let patternRules: [Int]

  /// Parses the text of a CODEOWNERS file.
  package init(text: String) {
    var rules: [Rule] = []
    for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
      guard let pattern = fields.first else { continue }
      rules.append(Rule(pattern: pattern, owners: Array(fields.dropFirst()), line: offset + 1))
    }
    self.rules = rules
    var literal: [String: Int] = [:]
    var patterns: [Int] = []
    for (index, rule) in rules.enumerated() {
      if rule.isLiteral && !rule.components.isEmpty {
        literal[Self.key(rule.components[...])] = index
      } else {
        patterns.append(index)
      }
    }
    lastLiteralRule = literal
    patternRules = patterns
  }

  private static func key(_ components: ArraySlice<[UInt8]>) -> String {
    components.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/")
  }

  /// The index of the last rule that matches the folder `components` (or a parent of it).
  private func lastMatch(directory components: [[UInt8]]) -> Int? {
    var best: Int?
    for length in stride(from: components.count, through: 1, by: -1) {
      if let index = lastLiteralRule[Self.key(components[..<length])], index > (best ?? -1) { best = index }
    }
    for index in patternRules.reversed() where index > (best ?? -1) {
      if rules[index].matches(directory: components) { return index }
    }
    return best
  }

  /// The owners of the file at `path` (relative to the root): those of the last pattern that matches
  /// the file or one of its folders. A pattern ending in `/` matches folders only.
  package func owners(ofFile path: String) -> [String] {
    let components = path.split(separator: "/").map { Array($0.utf8) }
    let folders = Array(components.dropLast())
    return rules.last { rule in
      rule.matches(directory: folders) || (!rule.pattern.hasSuffix("/") && rule.matches(directory: components))
    }?.owners ?? []
  }

  /// The owners of the folder `directory` (relative to the root, no leading slash): those of the
  /// last pattern that matches the folder or one of its parents; empty when nothing matches or the
  /// last match names no owner.
  package func owners(ofDirectory directory: String) -> [String] {
    let components = directory.split(separator: "/").map { Array($0.utf8) }
    return lastMatch(directory: components).map { rules[$0].owners } ?? []
  }
}

/// Matches path components against gitignore-style components with `*`, `?` and `**`.
package enum GlobMatcher {
  private static let doubleStar = Array("**".utf8)

  package static func matches(_ pattern: ArraySlice<[UInt8]>, _ path: ArraySlice<[UInt8]>) -> Bool {
    guard let first = pattern.first else { return path.isEmpty }
    if first == doubleStar {
      let rest = pattern.dropFirst()
      for skip in 0...path.count where matches(rest, path.dropFirst(skip)) { return true }
      return false
    }
    guard let component = path.first, matchesComponent(first[...], component[...]) else { return false }
    return matches(pattern.dropFirst(), path.dropFirst())
  }

  package static func matchesComponent(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
    guard let first = pattern.first else { return text.isEmpty }
    switch first {
    case UInt8(ascii: "*"):
      for skip in 0...text.count where matchesComponent(pattern.dropFirst(), text.dropFirst(skip)) { return true }
      return false
    case UInt8(ascii: "?"):
      return !text.isEmpty && matchesComponent(pattern.dropFirst(), text.dropFirst())
    default:
      return text.first == first && matchesComponent(pattern.dropFirst(), text.dropFirst())
    }
  }
}
