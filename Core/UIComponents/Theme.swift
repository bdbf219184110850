/// How text is styled: ANSI escape sequences, or plain text for pipes, `NO_COLOR` and `--no-color`.
public struct Theme: Sendable, Equatable {
  /// What a piece of text is, so a theme can pick its look.
  public enum Style: Sendable, Hashable, CaseIterable {
    /// A screen title, a section heading, a field's label and value, secondary text, a reading's
    /// status (ok, warning, critical), the selected menu entry, and an error line.
    case title, heading, label, value, dim, ok, warning, critical, selected, error
  }

  /// True when ``apply(_:to:)`` adds ANSI escape sequences.
  public let usesColor: Bool

  private init(usesColor: Bool) { self.usesColor = usesColor }

  /// No escape sequences at all.
  public static let plain = Theme(usesColor: false)
  /// ANSI colors and attributes.
  public static let ansi = Theme(usesColor: true)

  /// `text` wrapped in the style's escape sequence (and a reset), or `text` unchanged on a plain theme.
  public func apply(_ style: Style, to text: String) -> String {
    guard usesColor, !text.isEmpty else { return text }
    return "\u{1B}[\(style.ansiCode)m\(text)\u{1B}[0m"
  }

  /// ANSI only when output is a TTY whose `TERM` is set and not `dumb`, `NO_COLOR` is unset or
  /// empty, and `noColor` (`--no-color`) is false.
  public static func detect(isTTY: Bool, environment: [String: String], noColor: Bool) -> Theme {
    let noColorVariable = environment["NO_COLOR"] ?? ""
    let term = environment["TERM"] ?? ""
    let capable = !term.isEmpty && term != "dumb"
    return isTTY && capable && noColorVariable.isEmpty && !noColor ? .ansi : .plain
  }
}

extension Theme.Style {
  /// The SGR parameters of the style.
  var ansiCode: String {
    switch self {
    case .title: "1;4"
    case .heading: "1;36"
    case .label: "36"
    case .value: "1"
    case .dim: "2"
    case .ok: "32"
    case .warning: "33"
    case .critical: "1;31"
    case .selected: "7"
    case .error: "31"
    }
  }
}
