import Localization

/// "Did you mean …?" for a word that is close to one the program knows.
enum Suggestion {
  /// The candidate closest to `word` (edit distance, case-insensitive), if it is close enough to be
  /// a typo: at most 1 edit for words of up to 4 letters, else at most 2; or `word` is a prefix of it.
  static func closest(to word: String, among candidates: [String]) -> String? {
    let typed = word.lowercased()
    guard !typed.isEmpty else { return nil }
    let allowed = typed.count <= 4 ? 1 : 2
    // The word itself is never what was meant instead of it (it is known, but not where it stands).
    let scored = candidates.filter { $0.lowercased() != typed }.map { ($0, distance(typed, $0.lowercased())) }
    if let best = scored.filter({ $0.1 <= allowed }).min(by: { $0.1 < $1.1 }) { return best.0 }
    if typed.count >= 3,
      let prefixed = candidates.first(where: { $0.lowercased().hasPrefix(typed) && $0.lowercased() != typed })
    {
      return prefixed
    }
    return nil
  }

  /// ` (did you mean 'x'?)` or nothing.
  static func clause(for word: String, among candidates: [String]) -> LocalizedText {
    closest(to: word, among: candidates).map { Strings.errorSuggestion(word: $0) } ?? .verbatim("")
  }

  /// The Levenshtein distance between two strings (insertions, deletions, substitutions).
  static func distance(_ lhs: String, _ rhs: String) -> Int {
    let left = Array(lhs)
    let right = Array(rhs)
    guard !left.isEmpty else { return right.count }
    guard !right.isEmpty else { return left.count }
    var previous = Array(0...right.count)
    for (i, leftCharacter) in left.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: right.count)
      for (j, rightCharacter) in right.enumerated() {
        let substitution = previous[j] + (leftCharacter == rightCharacter ? 0 : 1)
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, substitution)
      }
      previous = current
    }
    return previous[right.count]
  }
}
