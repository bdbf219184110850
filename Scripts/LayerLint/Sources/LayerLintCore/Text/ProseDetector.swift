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
/// word of a caseless script (`保存`, `שמור`).
enum ProseDetector {
  /// Whether `text` reads as prose.
  static func isProse(_ text: String) -> Bool {
    var wordCount = 0
    var onlyWord: Word?
    for piece in withoutPlaceholders(text).unicodeScalars.split(whereSeparator: \.properties.isWhitespace) {
      guard let word = Word(piece) else { continue }
      wordCount += 1
      if wordCount >= 2 { return true }
      onlyWord = word
    }
    guard let word = onlyWord else { return false }
    return word.isCaseless || (word.isCapitalised && word.letters >= 3 && !word.isHyphenated)
  }

  /// `text` with every `{name}` placeholder (letters, digits, `_`, `.`, `-` between the braces) replaced by a space.
  static func withoutPlaceholders(_ text: String) -> String {
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
    var letters = 0
    var isCapitalised = false
    var isHyphenated = false
    var isCaseless = true

    init?(_ piece: Substring.UnicodeScalarView.SubSequence) {
      var scalars = piece[...]
      while let first = scalars.first, ProseDetector.openingPunctuation.contains(first) { scalars.removeFirst() }
      while let last = scalars.last, ProseDetector.closingPunctuation.contains(last) { scalars.removeLast() }
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
    }
  }
}
