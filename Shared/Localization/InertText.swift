/// Text that came from outside — an answer typed at a prompt, a word on a command line, what a peer
/// sent — made safe to show back in a line: it cannot move the cursor, change colours, ring the bell
/// or reorder the line, and a long one is cut to a readable length.
///
/// The one place such text is sanitised: every line that echoes foreign text fills its placeholder
/// with `InertText(answer)` (a ``TextArgument``), e.g. `Strings.notAChoice(answer: InertText(answer))`.
///
/// - Control characters are written as escapes: Esc as `\e`, a line feed as `\n`, a carriage return
///   as `\r`, a tab as `\t`, every other one as `\u{…}` (hex): the C0 and C1 controls, DEL, the line
///   and paragraph separators, and the invisible format characters that reorder or hide text
///   (bidirectional overrides, zero-width spaces); the joiners emoji are made of stay.
/// - With a `limit`, the text as shown — escapes included — is at most `limit` characters and
///   `2 × limit + 1` bytes of UTF-8 (a name in Cyrillic fits, or is cut, as one in Latin letters; a letter
///   carrying thousands of combining marks does not): what is longer is cut and `…` ends it.
/// - `InertText.line(_:)` is a whole line for a person (an error, a note): every control character
///   inert, line breaks too, and at most ``hardLineBytes`` bytes; `LocalizedText.resolvedLine`
///   keeps a line to ``lineBytes`` by cutting the values it echoes, never its sentence.
///
/// ```swift
/// InertText("\u{1B}[A").text              // "\e[A"
/// InertText(String(repeating: "x", count: 100)).text.count  // 40, the last one "…"
/// ```
public struct InertText: TextArgument, Hashable, CustomStringConvertible {
  /// How many characters an echo shows unless told otherwise (the last of them the `…`): a word,
  /// a name, an answer.
  public static let defaultLimit = 40
  /// How many characters of a value long by nature an echo shows: a path, a link, a URL.
  public static let longLimit = 240
  /// The most bytes a line written for a person holds, its newline aside, where it can: a line
  /// rendered from its text (`LocalizedText.resolvedLine`) cuts the values it echoes to fit.
  public static let lineBytes = 300
  /// The most bytes any line written for a person holds (``line(_:)``), whatever it is made of.
  public static let hardLineBytes = 1_024

  /// The text as it is shown.
  public let text: String

  /// `raw` made inert, cut to `limit` characters and `2 × limit + 1` bytes as shown (`nil`: never cut).
  /// With `keepingLayout`, line feeds and tabs stay as they are (for a whole message that may span
  /// lines, not for an echo). With `keepingColours`, the colour sequences a terminal theme writes —
  /// `Esc[`, digits and `;`, `m` (SGR) — stay too, for a screen drawn in colour; every other sequence
  /// is still shown inert.
  public init(
    _ raw: some StringProtocol, limit: Int? = InertText.defaultLimit, keepingLayout: Bool = false,
    keepingColours: Bool = false
  ) {
    self.init(
      raw, limit: limit, bytes: limit.map { 2 * max($0, 1) + 1 }, keepingLayout: keepingLayout,
      keepingColours: keepingColours)
  }

  /// `line` as one line for a person to read: every control character shown inert (a line break
  /// reads `\n`: a value from outside can never split it), at most ``hardLineBytes`` bytes.
  public static func line(_ line: some StringProtocol) -> InertText {
    InertText(line, limit: nil, bytes: hardLineBytes, keepingLayout: false, keepingColours: false)
  }

  private init(
    _ raw: some StringProtocol, limit: Int?, bytes: Int?, keepingLayout: Bool, keepingColours: Bool
  ) {
    // The common case — nothing to escape, nothing to cut — costs one pass and no copy; printable
    // ASCII (and the layout kept) is seen from its bytes, without decoding scalars.
    // The bytes are read from contiguous storage: a whole JSON document shown inert costs a pass
    // of a few nanoseconds a byte, not a call per byte.
    var whole = String(raw)
    let printableASCII = whole.withUTF8 { bytes in
      bytes.allSatisfy { byte in (0x20...0x7E).contains(byte) || (keepingLayout && (byte == 0x0A || byte == 0x09)) }
    }
    let needsEscapes =
      !printableASCII
      && raw.unicodeScalars.contains { scalar in
        !(keepingLayout && (scalar == "\n" || scalar == "\t")) && Self.escape(scalar) != nil
      }
    let fitsBytes = bytes.map { whole.utf8.count <= $0 } ?? true
    let fitsCharacters = limit.map { (printableASCII ? whole.utf8.count : raw.count) <= max($0, 1) } ?? true
    if !needsEscapes, fitsBytes, fitsCharacters {
      self.text = whole
      return
    }
    guard limit != nil || bytes != nil else {
      self.text = Self.escaped(
        Substring(raw).unicodeScalars, keepingLayout: keepingLayout, keepingColours: keepingColours)
      return
    }
    // Escaped first, then cut as shown, never inside an escape or a character; past the bounds
    // nothing more is escaped (a value of megabytes costs what its first bytes do).
    var pieces: [String] = []
    var (shownCharacters, shownBytes) = (0, 0)
    var rest = Substring(raw)
    while let character = rest.first {
      if let limit, shownCharacters > limit { break }
      if let bytes, shownBytes > bytes { break }
      var piece = ""
      if keepingColours, character == "\u{1B}",
        let length = Self.colourSequenceLength(after: rest.unicodeScalars.dropFirst())
      {
        piece = String(rest.unicodeScalars.prefix(length + 1))
        rest = Substring(rest.unicodeScalars.dropFirst(length + 1))
      } else {
        // A character may be several scalars (`\r\n` is one): each is shown inert, but for the
        // line breaks and tabs a whole message keeps.
        for scalar in character.unicodeScalars {
          if keepingLayout && (scalar == "\n" || scalar == "\t") {
            piece.unicodeScalars.append(scalar)
          } else {
            piece += Self.escape(scalar) ?? String(scalar)
          }
        }
        rest = rest.dropFirst()
      }
      pieces.append(piece)
      shownCharacters += piece.count
      shownBytes += piece.utf8.count
    }
    self.text = Self.cut(
      pieces, characters: shownCharacters, bytes: shownBytes, whole: rest.isEmpty,
      limit: limit.map { max($0, 1) }, byteLimit: bytes)
  }

  /// `text` (already inert) cut to at most `bytes` bytes at a character, `…` ending it.
  static func shortened(_ text: String, toBytes bytes: Int) -> String {
    let room = bytes - "…".utf8.count
    var kept = ""
    var keptBytes = 0
    for character in text.dropLast(text.hasSuffix("…") ? 1 : 0) {
      let size = character.utf8.count
      guard keptBytes + size <= room else { break }
      kept.append(character)
      keptBytes += size
    }
    return kept + "…"
  }

  /// Every scalar of `scalars` shown inert (a whole screen, never cut: scalar by scalar, no pieces).
  private static func escaped(
    _ scalars: Substring.UnicodeScalarView, keepingLayout: Bool, keepingColours: Bool
  ) -> String {
    var text = ""
    var scalars = scalars
    while let scalar = scalars.first {
      scalars = scalars.dropFirst()
      if keepingLayout && (scalar == "\n" || scalar == "\t") {
        text.unicodeScalars.append(scalar)
      } else if keepingColours, scalar == "\u{1B}", let length = colourSequenceLength(after: scalars) {
        text.unicodeScalars.append(scalar)
        text.unicodeScalars.append(contentsOf: scalars.prefix(length))
        scalars = scalars.dropFirst(length)
      } else {
        text += escape(scalar) ?? String(scalar)
      }
    }
    return text
  }

  /// The pieces (each an escape, a character or a colour sequence) joined, or the most of them
  /// that with `…` after them are at most `limit` characters and `byteLimit` bytes; `whole` false
  /// when the pieces are only the start of the value. `characters` and `bytes` are the pieces' size.
  private static func cut(
    _ pieces: [String], characters: Int, bytes: Int, whole: Bool, limit: Int?, byteLimit: Int?
  ) -> String {
    if whole, limit.map({ characters <= $0 }) ?? true, byteLimit.map({ bytes <= $0 }) ?? true {
      return pieces.joined()
    }
    let ellipsis = "…"
    let characterRoom = limit.map { $0 - 1 } ?? Int.max
    let byteRoom = byteLimit.map { $0 - ellipsis.utf8.count } ?? Int.max
    var kept = ""
    var (keptCharacters, keptBytes) = (0, 0)
    for piece in pieces {
      let (count, size) = (piece.count, piece.utf8.count)
      guard keptCharacters + count <= characterRoom, keptBytes + size <= byteRoom else { break }
      kept += piece
      (keptCharacters, keptBytes) = (keptCharacters + count, keptBytes + size)
    }
    return kept + ellipsis
  }

  /// How many scalars after an Esc make a colour sequence (`[`, digits and `;`, `m`), or nil when
  /// they make none.
  private static func colourSequenceLength(after scalars: some Collection<Unicode.Scalar>) -> Int? {
    guard scalars.first == "[" else { return nil }
    var length = 1
    for scalar in scalars.dropFirst() {
      length += 1
      switch scalar {
      case "m": return length
      case "0"..."9", ";": continue
      default: return nil
      }
    }
    return nil
  }

  /// The escape that shows `scalar`, or nil when it may be shown as it is.
  static func escape(_ scalar: Unicode.Scalar) -> String? {
    // Printable ASCII, most of any text, needs no look-up in the Unicode tables.
    if (0x20...0x7E).contains(scalar.value) { return nil }
    switch scalar.value {
    case 0x1B: return "\\e"
    case 0x0A: return "\\n"
    case 0x0D: return "\\r"
    case 0x09: return "\\t"
    case 0x200C, 0x200D: return nil  // the joiners inside emoji and scripts are harmless
    default: break
    }
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator:
      return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    default:
      return nil
    }
  }

  /// The text itself, the same in every language.
  public var localizedText: LocalizedText { .echo(text) }

  public var description: String { text }
}
