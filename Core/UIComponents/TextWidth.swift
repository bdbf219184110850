/// Width helpers that ignore ANSI escape sequences, so styled text lines up.
enum TextWidth {
  /// `text` without ANSI CSI (`ESC [ … final`) and OSC (`ESC ] … BEL/ST`) sequences.
  static func strippingEscapes(_ text: String) -> String {
    guard text.unicodeScalars.contains("\u{1B}") else { return text }
    var result = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "\u{1B}" else {
        result.append(scalar)
        continue
      }
      switch scalars.next() {
      case "[":  // CSI: parameters and intermediates, then one final byte 0x40–0x7E
        while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
      case "]":  // OSC: until BEL or ESC \
        while let next = scalars.next() {
          if next == "\u{07}" { break }
          if next == "\u{1B}" {
            _ = scalars.next()
            break
          }
        }
      default:  // two-character escape: already consumed
        break
      }
    }
    return String(result)
  }

  /// The number of characters a terminal shows for `text` (escape sequences count zero).
  static func visibleWidth(_ text: String) -> Int {
    strippingEscapes(text).count
  }

  /// `text` padded with spaces to `width` visible characters (left- or right-aligned).
  static func pad(_ text: String, to width: Int, rightAligned: Bool = false) -> String {
    let missing = max(0, width - visibleWidth(text))
    let padding = String(repeating: " ", count: missing)
    return rightAligned ? padding + text : text + padding
  }
}
