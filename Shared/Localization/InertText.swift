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
/// - With a `limit`, the first `limit - 1` characters are kept and `…` ends the text.
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

  /// The text as it is shown.
  public let text: String

  /// `raw` made inert, cut to `limit` characters (`nil`: never cut). With `keepingLayout`, line
  /// feeds and tabs stay as they are (for a whole message that may span lines, not for an echo). With
  /// `keepingColours`, the colour sequences a terminal theme writes — `Esc[`, digits and `;`, `m`
  /// (SGR) — stay too, for a screen drawn in colour; every other sequence is still shown inert.
  public init(
    _ raw: some StringProtocol, limit: Int? = InertText.defaultLimit, keepingLayout: Bool = false,
    keepingColours: Bool = false
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
    if !needsEscapes, limit.map({ (printableASCII ? whole.utf8.count : raw.count) <= max($0, 1) }) ?? true {
      self.text = whole
      return
    }
    let characters = Array(raw)
    let cut = limit.map { characters.count > max($0, 1) } ?? false
    let kept = cut ? characters.prefix(max((limit ?? 1) - 1, 0)) : characters[...]
    var text = ""
    var scalars = kept.lazy.flatMap(\.unicodeScalars)[...]
    while let scalar = scalars.first {
      scalars = scalars.dropFirst()
      if keepingLayout && (scalar == "\n" || scalar == "\t") {
        text.unicodeScalars.append(scalar)
      } else if keepingColours, scalar == "\u{1B}", let length = Self.colourSequenceLength(after: scalars) {
        text.unicodeScalars.append(scalar)
        text.unicodeScalars.append(contentsOf: scalars.prefix(length))
        scalars = scalars.dropFirst(length)
      } else {
        text += Self.escape(scalar) ?? String(scalar)
      }
    }
    self.text = cut ? text + "…" : text
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
  public var localizedText: LocalizedText { .verbatim(text) }

  public var description: String { text }
}
