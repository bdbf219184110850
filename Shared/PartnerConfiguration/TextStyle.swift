/// How one kind of text looks: its colours and attributes. A property left `nil` is inherited from
/// the level below (see ``StyleSheet``); `attributes: []` says "no attributes" explicitly.
public struct TextStyle: Sendable, Hashable {
  /// The text's colour.
  public var foreground: TextColor?
  /// The colour behind the text.
  public var background: TextColor?
  /// Bold, dim, underline, reverse.
  public var attributes: Set<TextAttribute>?

  /// A style; every property left out is inherited.
  public init(foreground: TextColor? = nil, background: TextColor? = nil, attributes: Set<TextAttribute>? = nil) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// This style with every property `other` sets taken from `other` (the more specific level wins).
  public func overlaid(by other: TextStyle?) -> TextStyle {
    guard let other else { return self }
    return TextStyle(
      foreground: other.foreground ?? foreground, background: other.background ?? background,
      attributes: other.attributes ?? attributes)
  }
}

/// A colour: one of the terminal's named colours, or a 24-bit `#RRGGBB`.
public enum TextColor: Sendable, Hashable, CustomStringConvertible {
  /// A colour of the terminal's palette.
  case named(NamedColor)
  /// A 24-bit colour.
  case rgb(red: UInt8, green: UInt8, blue: UInt8)

  /// Reads a name (`cyan`, `brightRed`, `default`) or `#RRGGBB` (hex digits in either case).
  public init?(text: String) {
    if let named = NamedColor(rawValue: text) {
      self = .named(named)
      return
    }
    let digits = text.unicodeScalars.dropFirst()
    guard text.hasPrefix("#"), digits.count == 6, digits.allSatisfy(\.properties.isASCIIHexDigit),
      let value = UInt32(String(String.UnicodeScalarView(digits)), radix: 16)
    else { return nil }
    self = .rgb(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
  }

  /// The colour as a partner file writes it: its name or `#RRGGBB`.
  public var description: String {
    switch self {
    case .named(let name): name.rawValue
    case .rgb(let red, let green, let blue):
      "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    }
  }
}

/// The terminal's named colours (the 16 of ANSI and the terminal's own default).
public enum NamedColor: String, Sendable, Hashable, CaseIterable {
  /// The terminal's own colour (resets an inherited one).
  case `default`
  /// The eight standard colours.
  case black, red, green, yellow, blue, magenta, cyan, white
  /// The eight bright colours.
  case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite
}

/// A text attribute a terminal can show.
public enum TextAttribute: String, Sendable, Hashable, CaseIterable, Comparable {
  /// Heavier text.
  case bold
  /// Fainter text.
  case dim
  /// Underlined text.
  case underline
  /// Foreground and background swapped.
  case reverse

  public static func < (lhs: TextAttribute, rhs: TextAttribute) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
