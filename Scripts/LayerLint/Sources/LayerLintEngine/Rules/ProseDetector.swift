/// Decides whether a string literal's static text reads as prose a person would read, as opposed to
/// an identifier, a key, a path, a format or an escape sequence.
///
/// The text (interpolations already removed) loses its `{placeholders}` and is split at whitespace.
/// A piece is a *word* when, after opening punctuation (`(` `"` `«` `¿` …) in front and closing
/// punctuation (`.` `,` `:` `!` `?` `)` `…` …) behind are dropped, it is two or more letters of any
/// script (`\p{L}`, with combining marks), joined at most by `'`, `’` or `-` — and not camelCase
/// (`userId`, `CosmonautApp`). `item_id`, `/v1/supplies`, `--json`, `<path>`, `%.1f`, `en_US` and
/// `42` are no words. The text is prose when it has two or more words, or one word that is
/// capitalised (`Quit`, `Supplies:`, `USAGE:`), three or more letters long and not hyphenated, or one
/// word of a caseless script (`保存`, `שמור`). Code that reads like words is not prose: one word all in
/// capitals is a name (`HOME`, `TERM`, `UTC`, `COMMIT`) unless a `:` ends it (a heading, `USAGE:`), and
/// a text that starts with an SQL statement's keyword in capitals (`SELECT key FROM …`,
/// `BEGIN IMMEDIATE`, `PRAGMA user_version`) is SQL.
package enum ProseDetector {
  /// Whether `text` reads as prose.
  package static func isProse(_ text: String) -> Bool {
    var wordCount = 0
    var onlyWord: Word?
    let pieces = withoutPlaceholders(text).unicodeScalars.split(whereSeparator: \.properties.isWhitespace)
    if let first = pieces.first, sqlKeywords.contains(String(first)) { return false }
    for piece in pieces {
      guard let word = Word(piece) else { continue }
      wordCount += 1
      if wordCount >= 2 { return true }
      onlyWord = word
    }
    guard let word = onlyWord else { return false }
    if word.isAllCapitals && !word.endsWithColon { return false }
    return word.isCaseless || (word.isCapitalised && word.letters >= 3 && !word.isHyphenated)
  }

  /// The keywords an SQL statement starts with (SQLite's statements).
  private static let sqlKeywords: Set<String> = [
    "SELECT", "INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER", "PRAGMA", "BEGIN", "COMMIT",
    "END", "ROLLBACK", "SAVEPOINT", "RELEASE", "WITH", "VACUUM", "EXPLAIN", "ATTACH", "DETACH", "ANALYZE", "REINDEX",
  ]

  /// `text` with every `{name}` placeholder (letters, digits, `_`, `.`, `-` between the braces) replaced by a space.
  package static func withoutPlaceholders(_ text: String) -> String {
    guard text.contains("{") else { return text }
    var result = String.UnicodeScalarView()
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      if scalars[index] == "{" {
        var end = index + 1
        while end < scalars.count, isPlaceholderName(scalars[end]) { end += 1 }
        if end < scalars.count && scalars[end] == "}" {
          result.append(" ")
          index = end + 1
          continue
        }
      }
      result.append(scalars[index])
      index += 1
    }
    return String(result)
  }

  private static func isPlaceholderName(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_" || scalar == "."
      || scalar == "-"
  }

  private static let openingPunctuation: Set<Unicode.Scalar> = [
    "(", "[", "\"", "'", "«", "‘", "“", "„", "‚", "¿", "¡", "‹",
  ]
  private static let closingPunctuation: Set<Unicode.Scalar> = [
    ".", ",", ";", ":", "!", "?", ")", "]", "\"", "'", "»", "’", "”", "…", "›",
  ]
  private static let connectors: Set<Unicode.Scalar> = ["'", "’", "-"]

  /// One whitespace-separated piece that is a word, and its shape.
  private struct Word {
    package var letters = 0
    package var isCapitalised = false
    package var isHyphenated = false
    package var isCaseless = true
    /// Whether every cased letter is a capital (`HOME`, `USAGE`).
    package var isAllCapitals = true
    /// Whether a `:` is among the punctuation after it (`USAGE:`).
    package var endsWithColon = false

    package init?(_ piece: Substring.UnicodeScalarView.SubSequence) {
      var scalars = piece[...]
      while let first = scalars.first, ProseDetector.openingPunctuation.contains(first) { scalars.removeFirst() }
      while let last = scalars.last, ProseDetector.closingPunctuation.contains(last) {
        if last == ":" { endsWithColon = true }
        scalars.removeLast()
      }
      guard !scalars.isEmpty else { return nil }
      var previousIsLetter = false
      var previousIsLowercase = false
      var pendingConnector = false
      for scalar in scalars {
        let category = scalar.properties.generalCategory
        switch category {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
          let isUpper = category == .uppercaseLetter || category == .titlecaseLetter
          if isUpper && previousIsLowercase && !pendingConnector { return nil }  // camelCase: an identifier
          if letters == 0 { isCapitalised = isUpper }
          if category != .otherLetter && category != .modifierLetter { isCaseless = false }
          if category == .lowercaseLetter { isAllCapitals = false }
          letters += 1
          previousIsLetter = true
          previousIsLowercase = category == .lowercaseLetter
          pendingConnector = false
        case .nonspacingMark, .spacingMark, .enclosingMark:
          guard previousIsLetter else { return nil }
        default:
          guard ProseDetector.connectors.contains(scalar), previousIsLetter, !pendingConnector else { return nil }
          if scalar == "-" { isHyphenated = true }
          pendingConnector = true
          previousIsLetter = false
        }
      }
      guard letters >= 2, !pendingConnector else { return nil }
      if isCaseless { isAllCapitals = false }
    }
  }
}
