import FoundationEssentials
import Localization

/// A table of text with columns sized to their widest visible cell (ANSI escapes do not count).
///
/// ```
/// Item    Quantity  Unit
/// ------  --------  ----
/// Water         12  l
/// ```
public struct Table: Sendable, Equatable {
  /// How the cells of one column line up.
  public enum Alignment: Sendable, Equatable {
    /// Flush against the column's left edge (text), or against its right edge (numbers).
    case left, right
  }

  /// Column titles.
  public let headers: [String]
  /// Cells, row by row; short rows are filled with empty cells.
  public let rows: [[String]]
  /// One alignment per column; `nil` = automatic (numbers right-aligned, everything else left).
  public let alignments: [Alignment]?

  /// A table; pass `alignments` to fix each column, or leave it `nil` to right-align numeric columns.
  public init(headers: [String], rows: [[String]], alignments: [Alignment]? = nil) {
    self.headers = headers
    self.rows = rows
    self.alignments = alignments
  }

  /// The table as lines (header, dashes, rows) without a trailing newline or trailing spaces.
  public func render(_ theme: Theme) -> String {
    let columnCount = max(headers.count, rows.map(\.count).max() ?? 0)
    guard columnCount > 0 else { return "" }
    let cell = { (row: [String], column: Int) in column < row.count ? row[column] : "" }
    let widths = (0..<columnCount).map { column in
      ([cell(headers, column)] + rows.map { cell($0, column) }).map(TextWidth.visibleWidth).max() ?? 0
    }
    let resolved = (0..<columnCount).map { column in
      if let alignments, column < alignments.count { return alignments[column] }
      return Self.isNumericColumn(rows.map { cell($0, column) }) ? .right : .left
    }

    func line(_ cells: [String], style: (String) -> String) -> String {
      let padded = (0..<columnCount).map { column in
        TextWidth.pad(style(cell(cells, column)), to: widths[column], rightAligned: resolved[column] == .right)
      }
      return padded.joined(separator: "  ").droppingTrailingSpaces()
    }

    var lines: [String] = []
    if !headers.isEmpty {
      lines.append(line(headers) { theme.apply(.heading, to: $0) })
      lines.append(line(widths.map { String(repeating: "-", count: $0) }) { theme.apply(.dim, to: $0) })
    }
    lines += rows.map { line($0) { $0 } }
    return lines.joined(separator: "\n")
  }

  /// True when every non-empty cell reads as a number (a leading sign, digits, one decimal point,
  /// optionally followed by a unit such as `%` or ` kPa`), and at least one cell does.
  static func isNumericColumn(_ cells: [String]) -> Bool {
    let values = cells.map { TextWidth.strippingEscapes($0).trimmingSpaces() }.filter {
      !$0.isEmpty
    }
    return !values.isEmpty && values.allSatisfy(looksNumeric)
  }

  /// A number as English or Russian write it: `1,000.5`, `1 000,5` (any space as the grouping
  /// separator), `-3`, optionally followed by a unit: a sign, then digits and separators, with a digit first.
  static func looksNumeric(_ text: String) -> Bool {
    let separators: Set<Character> = [".", ",", " ", "\u{00A0}", "\u{202F}"]
    var rest = Substring(text)
    if let sign = rest.first, sign == "-" || sign == "+" { rest = rest.dropFirst() }
    guard let first = rest.first, first.isNumber else { return false }
    let number = rest.prefix { $0.isNumber || separators.contains($0) }
    let last = number.last { !separators.contains($0) }
    return last?.isNumber == true
  }
}

extension String {
  /// The string without trailing spaces.
  func droppingTrailingSpaces() -> String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }
}
