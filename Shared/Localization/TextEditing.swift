/// The few edits of text that Foundation's `NSString` bridge used to do, on Unicode scalars, with
/// Foundation's results: trimming white space at the ends and replacing a literal piece.
extension StringProtocol {
  /// The text without white space (spaces, tabs, line breaks) at either end: Foundation's
  /// `trimmingCharacters(in: .whitespacesAndNewlines)`.
  public func trimmingWhitespace() -> String {
    trimming { $0.properties.isWhitespace }
  }

  /// The text without spaces and tabs at either end (line breaks stay): Foundation's
  /// `trimmingCharacters(in: .whitespaces)`.
  public func trimmingSpaces() -> String {
    trimming { $0.properties.isWhitespace && !Self.lineBreaks.contains($0.value) }
  }

  /// The text with every occurrence of `target` replaced by `replacement`, compared scalar by
  /// scalar (a `\n` inside `\r\n` is found too): Foundation's `replacingOccurrences(of:with:)`
  /// with a literal comparison.
  public func replacingEvery(_ target: String, with replacement: String) -> String {
    let pattern = Array(target.unicodeScalars)
    let scalars = Array(unicodeScalars)
    guard !pattern.isEmpty, scalars.count >= pattern.count else { return String(self) }
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      if index + pattern.count <= scalars.count && scalars[index..<index + pattern.count].elementsEqual(pattern) {
        result.append(contentsOf: replacement.unicodeScalars)
        index += pattern.count
      } else {
        result.append(scalars[index])
        index += 1
      }
    }
    return String(result)
  }

  /// Line feed, vertical tab, form feed, carriage return, next line, line and paragraph separators.
  private static var lineBreaks: Set<UInt32> { [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029] }

  private func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
      let last = scalars.lastIndex(where: { !isTrimmed($0) })
    else { return "" }
    return String(String.UnicodeScalarView(scalars[first...last]))
  }
}
