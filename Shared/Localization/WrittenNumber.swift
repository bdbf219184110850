/// A number as a person writes it — the one grammar every edge reads numbers with: a command-line
/// argument, a link parameter, a prompt's answer, a value in a file a person wrote.
///
/// An optional minus, ASCII digits, and for a decimal at most one decimal point with digits on at
/// least one side of it: `16`, `-30`, `22.5`, `.5`, `5.`. Nothing else — no plus sign (`+5`), no
/// hex (`0x10`), no exponent (`1e3`, `0x1p4`), no `nan` or `inf`, no `_` or grouping (`1_000`,
/// `1,000`), no spaces, no digits of other scripts (`٣`) — so what reads as 16 is what a person
/// sees as 16.
///
/// ```swift
/// WrittenNumber.integer("-30")   // -30
/// WrittenNumber.decimal("22.5")  // 22.5
/// WrittenNumber.decimal("0x10")  // nil
/// ```
public enum WrittenNumber {
  /// The whole number `text` writes (sign and digits only), or nil; nil too when it does not fit an `Int`.
  public static func integer(_ text: some StringProtocol) -> Int? {
    guard let parts = parts(of: text), parts.fraction == nil else { return nil }
    return Int(parts.sign + parts.whole)
  }

  /// The whole number from 0 up `text` writes (digits only), or nil.
  public static func unsigned(_ text: some StringProtocol) -> UInt64? {
    guard let parts = parts(of: text), parts.fraction == nil, parts.sign != "-" else { return nil }
    return UInt64(parts.whole)
  }

  /// The decimal number `text` writes, or nil; always finite. With `decimalComma` (a prompt's answer,
  /// where a Russian reader writes `21,5`) a comma may stand for the point — still only one of them.
  public static func decimal(_ text: some StringProtocol, decimalComma: Bool = false) -> Double? {
    guard let parts = parts(of: text, decimalComma: decimalComma) else { return nil }
    let canonical =
      parts.sign + (parts.whole.isEmpty ? "0" : parts.whole) + "."
      + (parts.fraction.map { $0.isEmpty ? "0" : $0 } ?? "0")
    guard let value = Double(canonical), value.isFinite else { return nil }
    return value
  }

  /// The decimal number `text` writes as a reader of `language` writes it: with a point, or with
  /// the comma where the language shows decimals with one (`2,5` in Russian, as its screens show
  /// `0,5–8,0`). In English a comma is no decimal mark, so `2,5` is nil there.
  public static func decimal(_ text: some StringProtocol, in language: Language) -> Double? {
    decimal(text, decimalComma: NumberText(language).decimalSeparator == ",")
  }

  /// The sign, the digits before the point and (when there is a point) the digits after it.
  private static func parts(
    of text: some StringProtocol, decimalComma: Bool = false
  ) -> (sign: String, whole: String, fraction: String?)? {
    var scalars = Substring(text).unicodeScalars[...]
    var sign = ""
    if scalars.first == "-" {
      sign = "-"
      scalars.removeFirst()
    }
    var whole = ""
    var fraction: String?
    for scalar in scalars {
      switch scalar {
      case "0"..."9":
        if fraction == nil { whole.unicodeScalars.append(scalar) } else { fraction?.unicodeScalars.append(scalar) }
      case "." where fraction == nil, "," where fraction == nil && decimalComma:
        fraction = ""
      default:
        return nil
      }
    }
    guard !whole.isEmpty || !(fraction ?? "").isEmpty else { return nil }
    return (sign, whole, fraction)
  }
}
