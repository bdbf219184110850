import Foundation
import Testing

@testable import Localization

/// The hand-written numbers must read exactly as ICU's for the same language, which they replace.
@Suite struct NumberTextTests {
  /// The locale ICU formatted for, per language.
  private func locale(_ language: Language) -> Locale {
    Locale(identifier: language == .russian ? "ru_RU" : "en_US")
  }

  private func icuWhole(_ value: Int, _ language: Language) -> String {
    value.formatted(.number.locale(locale(language)))
  }

  private func icuDecimal(_ value: Double, _ digits: Int, _ language: Language) -> String {
    value.formatted(.number.precision(.fractionLength(digits)).grouping(.never).locale(locale(language)))
  }

  @Test(arguments: Language.allCases) func wholeNumbersAreGroupedAsICUGroupsThem(language: Language) {
    var values = [0, 7, -7, 999, 1000, -1000, 12_345, 999_999, -1_000_000, 1_234_567_890, Int.max, Int.min]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<500 { values.append(Int.random(in: -10_000_000_000...10_000_000_000, using: &generator)) }
    for value in values {
      #expect(NumberText(language).whole(value) == icuWhole(value, language), "\(value)")
    }
  }

  @Test func russianGroupsWithANoBreakSpace() {
    #expect(NumberText(.russian).whole(-1_234_567) == "-1\u{A0}234\u{A0}567")
    #expect(NumberText(.english).whole(1_000) == "1,000")
  }

  @Test(arguments: Language.allCases) func decimalsRoundAsICURoundsThem(language: Language) {
    // Ties in the shortest text round half to even (22.45 → 22.4, 0.15 → 0.2, 2.675 → 2.68), a
    // carry can add a digit (99.95 → 100.0), tiny and huge values are written out, and a negative
    // value keeps its sign even when it rounds to zero.
    let cases: [(Double, Int)] = [
      (22.45, 1), (22.46, 1), (2.675, 2), (0.125, 2), (-0.04, 1), (-0.0, 1), (0, 0), (0.05, 1), (0.15, 1),
      (0.25, 1), (0.35, 1), (0.5, 0), (1.5, 0), (-2.5, 0), (3.5, 0), (99.95, 1), (999.5, 0), (1e16, 1),
      (12_345.678, 2), (1e-7, 3), (1e-7, 0), (-1e-5, 2), (0.000_06, 4), (123_456_789_012.5, 0),
      (.leastNonzeroMagnitude, 2), (.greatestFiniteMagnitude, 1), (16.0, 1), (-3, 0), (21.999, 2),
    ]
    for (value, digits) in cases {
      #expect(
        NumberText(language).decimal(value, fractionDigits: digits) == icuDecimal(value, digits, language),
        "\(value) to \(digits)")
    }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let value = Double.random(in: -1_000...1_000, using: &generator)
      let rounded = (value * 1000).rounded() / 1000  // many exact ties at one and two digits
      let digits = Int.random(in: 0...3, using: &generator)
      for number in [value, rounded] {
        #expect(
          NumberText(language).decimal(number, fractionDigits: digits) == icuDecimal(number, digits, language),
          "\(number) to \(digits)")
      }
    }
  }

  @Test func valuesThatAreNotFiniteAreLeftToICU() {
    #expect(NumberText(.english).decimal(.nan, fractionDigits: 1) == nil)
    #expect(NumberText(.english).decimal(-.infinity, fractionDigits: 1) == nil)
    #expect(Translator.english.number(.infinity, fractionDigits: 2) == icuDecimal(.infinity, 2, .english))
  }
}
