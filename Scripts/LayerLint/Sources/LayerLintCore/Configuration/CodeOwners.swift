/// A parsed CODEOWNERS file with GitHub's semantics: the last matching pattern wins.
public struct CodeOwners: Sendable {
  /// One non-comment line: a gitignore-style pattern and its owners (possibly none).
  struct Rule: Sendable {
    let pattern: String
    let owners: [String]
    let line: Int
  }

  let rules: [Rule]

  /// Parses the text of a CODEOWNERS file.
  public init(text: String) {
    var rules: [Rule] = []
    for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
      guard let pattern = fields.first else { continue }
      rules.append(Rule(pattern: pattern, owners: Array(fields.dropFirst()), line: offset + 1))
    }
    self.rules = rules
  }

  /// The owners of the folder `directory` (relative to the root, no leading slash): those of the
  /// last pattern that matches the folder or one of its parents; empty when nothing matches or the
  /// last match names no owner.
  public func owners(ofDirectory directory: String) -> [String] {
    let components = directory.split(separator: "/").map(String.init)
    return rules.last { Self.matches(pattern: $0.pattern, directoryComponents: components) }?.owners ?? []
  }

  static func matches(pattern: String, directoryComponents: [String]) -> Bool {
    var body = Substring(pattern)
    let isDirectoryOnly = body.hasSuffix("/")
    if isDirectoryOnly { body = body.dropLast() }
    let isAnchored = body.hasPrefix("/") || body.dropFirst().contains("/")
    if body.hasPrefix("/") { body = body.dropFirst() }
    if body.isEmpty { return true }  // "/" or "*"-like root patterns
    var patternComponents = body.split(separator: "/").map(String.init)
    if !isAnchored { patternComponents.insert("**", at: 0) }
    // A pattern that names a folder owns everything below it: match it against the folder or any parent.
    for length in stride(from: directoryComponents.count, through: 1, by: -1) {
      if GlobMatcher.matches(patternComponents[...], Array(directoryComponents.prefix(length))[...]) {
        return true
      }
    }
    return false
  }
}

/// Matches path components against gitignore-style components with `*`, `?` and `**`.
enum GlobMatcher {
  static func matches(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
    guard let first = pattern.first else { return path.isEmpty }
    if first == "**" {
      let rest = pattern.dropFirst()
      for skip in 0...path.count where matches(rest, path.dropFirst(skip)) { return true }
      return false
    }
    guard let component = path.first, matchesComponent(Array(first.utf8)[...], Array(component.utf8)[...]) else {
      return false
    }
    return matches(pattern.dropFirst(), path.dropFirst())
  }

  static func matchesComponent(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
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
