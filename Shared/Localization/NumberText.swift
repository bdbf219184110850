/// Numbers written out with a language's separators, digit by digit, the way ICU writes them for
/// `en_US` and `ru_RU` (`1,000` / `1 000`, `22.4` / `22,4`), without ICU: a number formatter costs
/// ICU's locale data and a formatter per process, about a tenth of a short command's run.
///
/// A decimal is rounded as ICU rounds it: from the shortest text that reads back as the same
/// `Double` (`22.45`, not `22.4499…`), half to even, and a negative value keeps its sign (`-0.0`).
struct NumberText {
  /// Between groups of three digits of a whole number.
  let groupingSeparator: String
  /// Between a decimal's whole part and its fraction.
  let decimalSeparator: String
  /// What a value that is not a number reads as.
  let notANumber: String

  /// The separators of `language`: `,` and `.` in English; a no-break space and `,` in Russian
  /// (and ICU's words for not a number).
  init(_ language: Language) {
    switch language {
    case .english: (groupingSeparator, decimalSeparator, notANumber) = (",", ".", "NaN")
    case .russian: (groupingSeparator, decimalSeparator, notANumber) = ("\u{A0}", ",", "не\u{A0}число")
    }
  }

  /// A value that is not finite, as ICU writes it: `NaN` / `не число` (with a `-` when its sign
  /// is minus), `∞`, `-∞`.
  func nonFinite(_ value: Double) -> String {
    let sign = value.sign == .minus ? "-" : ""
    guard value.isNaN else { return sign + "∞" }
    return sign + notANumber
  }

  /// `value` with its digits grouped in threes (`-1,234,567`).
  func whole(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var text = value < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text += groupingSeparator }
      text.append(digit)
    }
    return text
  }

  /// `value` with exactly `fractionDigits` digits after the separator and no grouping (`12345.68`);
  /// nil for a value that is not finite.
  func decimal(_ value: Double, fractionDigits: Int) -> String? {
    guard value.isFinite, fractionDigits >= 0 else { return nil }
    var (digits, point) = Self.shortestDigits(of: value.magnitude)
    if point < 0 {
      digits.insert(contentsOf: repeatElement(0, count: -point), at: 0)
      point = 0
    }
    let kept = point + fractionDigits
    if digits.count < kept {
      digits.append(contentsOf: repeatElement(0, count: kept - digits.count))
    } else if digits.count > kept {
      let dropped = digits[kept...]
      let first = dropped.first ?? 0
      let lastKeptIsOdd = kept > 0 && digits[kept - 1] % 2 == 1
      let roundsUp = first > 5 || (first == 5 && (dropped.dropFirst().contains { $0 != 0 } || lastKeptIsOdd))
      digits.removeSubrange(kept...)
      if roundsUp && Self.increment(&digits) { point += 1 }
    }
    let whole = digits[..<point].drop { $0 == 0 }
    var text = value.sign == .minus ? "-" : ""
    text += whole.isEmpty ? "0" : String(whole.map { Character(String($0)) })
    if fractionDigits > 0 {
      text += decimalSeparator + String(digits[point...].map { Character(String($0)) })
    }
    return text
  }

  /// The digits of the shortest text that reads back as `magnitude` (Swift's `description`), and
  /// how many of them come before the decimal point (negative: zeros between the point and them).
  private static func shortestDigits(of magnitude: Double) -> (digits: [UInt8], point: Int) {
    let text = magnitude.description  // `22.45`, `1e-07`, `1.7976931348623157e+308`
    let parts = text.split(separator: "e", maxSplits: 1)
    let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
    let mantissa = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let whole = mantissa[0].utf8.map { $0 - UInt8(ascii: "0") }
    let fraction = mantissa.count == 2 ? mantissa[1].utf8.map { $0 - UInt8(ascii: "0") } : []
    return (whole + fraction, whole.count + exponent)
  }

  /// Adds one to the last digit, carrying; true when a new leading digit was needed (`99` → `100`).
  private static func increment(_ digits: inout [UInt8]) -> Bool {
    for index in digits.indices.reversed() {
      if digits[index] < 9 {
        digits[index] += 1
        return false
      }
      digits[index] = 0
    }
    digits.insert(1, at: 0)
    return true
  }
}
