import FoundationEssentials
import Localization
import PartnerConfiguration

/// A horizontal bar for a value within a range: `Battery  [##############------]  72 %`.
public struct Gauge: Sendable, Equatable {
  /// The name shown before the bar.
  public let label: String
  /// The value shown after the bar (unclamped); the bar itself is clamped to `range`.
  public let value: Double
  /// The values the bar spans, empty to full.
  public let range: ClosedRange<Double>
  /// The unit printed after the value (may be empty).
  public let unit: String
  /// How the filled part of the bar is styled.
  public let style: Theme.Style
  /// The number of cells between the brackets (at least 1).
  public let width: Int
  /// The label is padded to this many characters, to line up several gauges (0 = no padding).
  public let labelWidth: Int

  /// A gauge; `labelWidth` pads the label so a column of gauges lines up.
  public init(
    label: String, value: Double, range: ClosedRange<Double>, unit: String, style: Theme.Style = .value,
    width: Int = 20, labelWidth: Int = 0
  ) {
    self.label = label
    self.value = value
    self.range = range
    self.unit = unit
    self.style = style
    self.width = max(1, width)
    self.labelWidth = labelWidth
  }

  /// How full the bar is, from 0 to 1 (the value clamped to the range; NaN counts as empty).
  public var fraction: Double {
    guard !value.isNaN else { return 0 }
    let span = range.upperBound - range.lowerBound
    guard span > 0 else { return value >= range.upperBound ? 1 : 0 }
    return min(1, max(0, (value - range.lowerBound) / span))
  }

  /// The label, the bar in brackets and the value with its unit (no trailing newline); the value is
  /// written as `translator`'s language writes numbers (`30.1` / `30,1`).
  public func render(_ theme: Theme, translator: Translator = .english) -> String {
    let filled = Int((fraction * Double(width)).rounded())
    let bar =
      theme.apply(style, to: String(repeating: "#", count: filled))
      + theme.apply(.dim, to: String(repeating: "-", count: width - filled))
    let number = Self.format(value, translator: translator)
    let reading = unit.isEmpty ? number : "\(number) \(unit)"
    return "\(TextWidth.pad(label, to: labelWidth))  [\(bar)]  \(theme.apply(style, to: reading))"
  }

  /// Whole numbers without decimals, others with up to two (`72`, `30.1`, `0.25`; `30,1` in Russian).
  static func format(_ value: Double, translator: Translator = .english) -> String {
    guard value.isFinite else { return "\(value)" }
    if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
    var text = translator.number(value, fractionDigits: 2)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") || text.hasSuffix(",") { text.removeLast() }
    return text
  }
}
