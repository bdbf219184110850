/// What a log line shows of text from outside — a name, a path, a peer's words: the workspace's one
/// rule for showing such text inert, the same as Localization's `InertText` (which Logging does not
/// link; ScaffoldTests check that both agree on every Unicode scalar). Applied where a record
/// becomes a line (``LogRecord/formatted``), so a log read with `cat`, `tail -f` or `less -R` shows
/// every record as written and nothing in it acts on the terminal.
///
/// - Esc is written `\e`, a line feed `\n`, a carriage return `\r`, a tab `\t`.
/// - Every other control character, DEL, the line and paragraph separators and the invisible format
///   characters that reorder or hide text (bidirectional overrides, zero-width spaces) are written
///   `\u{…}` (hex); the zero-width joiners that emoji and scripts are made of stay.
/// - A record's message or metadata value longer than ``maximumLength`` characters is cut, `…` last.
public enum LogText {
  /// The most characters of one message or value a log line keeps.
  public static let maximumLength = 4096

  /// `raw` as a log line shows it (see ``LogText``).
  public static func inert(_ raw: String) -> String {
    let needsWork = raw.utf8.count > maximumLength || raw.unicodeScalars.contains { escape($0) != nil }
    guard needsWork else { return raw }
    let cut = raw.count > maximumLength
    var text = ""
    for scalar in (cut ? raw.prefix(maximumLength - 1) : raw[...]).unicodeScalars {
      if let escaped = escape(scalar) { text += escaped } else { text.unicodeScalars.append(scalar) }
    }
    return cut ? text + "…" : text
  }

  /// The escape that shows `scalar`, or nil when it may be shown as it is.
  public static func escape(_ scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0x1B: return "\\e"
    case 0x0A: return "\\n"
    case 0x0D: return "\\r"
    case 0x09: return "\\t"
    case 0x200C, 0x200D: return nil
    default: break
    }
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator:
      return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    default:
      return nil
    }
  }
}
