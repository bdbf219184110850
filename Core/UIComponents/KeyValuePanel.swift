/// A titled list of `key: value` rows with the values lined up.
///
/// ```
/// Suit
///   Pressure:  30.1 kPa
///   Oxygen:    98 %
/// ```
public struct KeyValuePanel: Sendable, Equatable {
  /// One `key: value` row; `style` overrides the theme's `.value` style for the value.
  public struct Row: Sendable, Equatable {
    /// The label shown on the left.
    public let key: String
    /// The text shown on the right.
    public let value: String
    /// How the value is styled (`nil` = `.value`).
    public let style: Theme.Style?

    /// A row; pass `style` to color the value (e.g. `.warning`).
    public init(_ key: String, _ value: String, style: Theme.Style? = nil) {
      self.key = key
      self.value = value
      self.style = style
    }
  }

  /// The heading line.
  public let title: String
  /// The rows, in order.
  public let rows: [Row]

  /// A panel with a title and rows.
  public init(title: String, rows: [Row]) {
    self.title = title
    self.rows = rows
  }

  /// The title, then one indented line per row, keys padded so the values line up (no trailing newline).
  public func render(_ theme: Theme) -> String {
    let keyWidth = rows.map { TextWidth.visibleWidth($0.key) + 1 }.max() ?? 0
    var lines: [String] = []
    if !title.isEmpty { lines.append(theme.apply(.title, to: title)) }
    for row in rows {
      let key = TextWidth.pad(theme.apply(.label, to: row.key + ":"), to: keyWidth)
      let value = theme.apply(row.style ?? .value, to: row.value)
      lines.append("  \(key)  \(value)".droppingTrailingSpaces())
    }
    return lines.joined(separator: "\n")
  }
}
