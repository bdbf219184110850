import PartnerConfiguration

/// How text is styled: ANSI escape sequences drawn from a style sheet (the framework's, or a
/// partner's, per screen), or plain text for pipes, `NO_COLOR` and `--no-color`.
///
/// The element types are the framework's (PartnerConfiguration's `Styles/schema.json`); the
/// screens are declared by the modules that draw them (their `PartnerVocabulary.json`). Both are
/// generated constants: a screen names itself with ``screen(_:)``, e.g.
/// `let theme = theme.screen(.someScreen)`, and a wrong name fails the build.
public struct Theme: Sendable, Equatable {
  /// What a piece of text is, so a theme can pick its look: title, heading, label, value, dim, ok,
  /// warning, critical, selected, error (the schema's element types).
  public typealias Style = StyleElement
  /// A screen that may look different from the others (declared by the module that draws it).
  public typealias Screen = StyleScreen

  /// True when ``apply(_:to:)`` adds ANSI escape sequences.
  public let usesColor: Bool
  /// The styles drawn with (the framework's on a plain theme).
  public let styles: StyleSheet
  /// The screen being drawn, whose styles apply; nil for the base styles.
  public let currentScreen: Screen?

  /// A theme drawing with `styles` — in colour unless `usesColor` is false.
  public init(styles: StyleSheet, usesColor: Bool = true) {
    self.init(styles: styles, usesColor: usesColor, screen: nil)
  }

  private init(styles: StyleSheet, usesColor: Bool, screen: Screen?) {
    self.usesColor = usesColor
    self.styles = usesColor ? styles : .defaults
    self.currentScreen = usesColor ? screen : nil
  }

  /// No escape sequences at all.
  public static let plain = Theme(styles: .defaults, usesColor: false)
  /// ANSI colours and attributes: the framework's own styles.
  public static let ansi = Theme(styles: .defaults)

  /// This theme on `screen`: its styles are the screen's.
  public func screen(_ screen: Screen) -> Theme {
    Theme(styles: styles, usesColor: usesColor, screen: screen)
  }

  /// `text` wrapped in the style's escape sequence (and a reset), or `text` unchanged on a plain
  /// theme or for a style that sets nothing.
  public func apply(_ style: Style, to text: String) -> String {
    guard usesColor, !text.isEmpty else { return text }
    let parameters = styles.style(style, on: currentScreen).sgrParameters
    guard !parameters.isEmpty else { return text }
    return "\u{1B}[\(parameters)m\(text)\u{1B}[0m"
  }

  /// Colour when `choice` is `.always`; none when it is `.never` or `noColor` (`--no-color`) is
  /// true; with `.auto`, colour only when output is a TTY whose `TERM` is set and not `dumb` and
  /// `NO_COLOR` is unset or empty. A colour theme draws with `styles`, made only then.
  public static func detect(
    isTTY: Bool, environment: [String: String], noColor: Bool, choice: ColorChoice = .auto,
    styles: @autoclosure () -> StyleSheet = .defaults
  ) -> Theme {
    let noColorVariable = environment["NO_COLOR"] ?? ""
    let term = environment["TERM"] ?? ""
    let capable = !term.isEmpty && term != "dumb"
    let colors: Bool
    switch choice {
    case _ where noColor: colors = false
    case .always: colors = true
    case .never: colors = false
    case .auto: colors = isTTY && capable && noColorVariable.isEmpty
    }
    return colors ? Theme(styles: styles()) : .plain
  }
}

/// When to use colour: `auto` (on a terminal, without `NO_COLOR`), `always` (also in a pipe), `never`.
public enum ColorChoice: String, Sendable, CaseIterable {
  /// Colour on a terminal whose `TERM` is not `dumb`, unless `NO_COLOR` is set.
  case auto
  /// Colour everywhere, also in a pipe or a file.
  case always
  /// No colour.
  case never
}

extension TextStyle {
  /// The SGR parameters of the style: attributes (1 bold, 2 dim, 4 underline, 7 reverse), then the
  /// foreground and the background (the 16 named colours, `default`, or 24-bit `#RRGGBB`).
  var sgrParameters: String {
    var parameters: [String] = []
    for attribute in (attributes ?? []).sorted() {
      switch attribute {
      case .bold: parameters.append("1")
      case .dim: parameters.append("2")
      case .underline: parameters.append("4")
      case .reverse: parameters.append("7")
      }
    }
    if let foreground { parameters.append(foreground.sgr(background: false)) }
    if let background { parameters.append(background.sgr(background: true)) }
    return parameters.joined(separator: ";")
  }
}

extension TextColor {
  func sgr(background: Bool) -> String {
    switch self {
    case .rgb(let red, let green, let blue): return "\(background ? 48 : 38);2;\(red);\(green);\(blue)"
    case .named(let name):
      guard let index = NamedColor.allCases.firstIndex(of: name), name != .default else {
        return background ? "49" : "39"
      }
      let palette = index - 1  // black is 0 … brightWhite is 15
      let base = palette < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
      return String(base + palette % 8)
    }
  }
}
