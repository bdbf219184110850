import Foundation
import Testing

@testable import Localization

/// Dates without ICU: the explicit Moscow rule against the time-zone database, and the translator's
/// dates and times against Foundation's formatters (what the apps showed before).
@Suite struct TimeTests {
  private let database = TimeZone(identifier: "Europe/Moscow")!

  /// Every six hours from 1996 to 2040, and a second either side of every change.
  private var instants: [Date] {
    var seconds = Array(stride(from: 820_454_400, through: 2_208_988_800, by: 6 * 3600))
    var date = Date(timeIntervalSince1970: 820_454_400)
    while let next = database.nextDaylightSavingTimeTransition(after: date), next.timeIntervalSince1970 < 2_208_988_800
    {
      seconds += [-1, 0, 1].map { Int(next.timeIntervalSince1970) + $0 }
      date = next
    }
    seconds += [1_301_180_399, 1_301_180_400, 1_414_274_399, 1_414_274_400].map { $0 }
    return seconds.map { Date(timeIntervalSince1970: TimeInterval($0)) }
  }

  @Test func moscowTimeIsTheDatabasesFrom1996On() {
    for date in instants {
      #expect(TimeZoneRule.moscow.secondsFromGMT(at: date) == database.secondsFromGMT(for: date), "\(date)")
    }
  }

  @Test func theRuleNamesItsTwoChangesExactly() {
    let permanentSummer = Date(timeIntervalSince1970: 1_301_180_400)  // 2011-03-26T23:00:00Z
    let backToStandard = Date(timeIntervalSince1970: 1_414_274_400)  // 2014-10-25T22:00:00Z
    #expect(TimeZoneRule.moscow.secondsFromGMT(at: permanentSummer.addingTimeInterval(-1)) == 3 * 3600)
    #expect(TimeZoneRule.moscow.secondsFromGMT(at: permanentSummer) == 4 * 3600)
    #expect(TimeZoneRule.moscow.secondsFromGMT(at: backToStandard.addingTimeInterval(-1)) == 4 * 3600)
    #expect(TimeZoneRule.moscow.secondsFromGMT(at: backToStandard) == 3 * 3600)
    #expect(TimeZoneRule.utc.secondsFromGMT(at: permanentSummer) == 0)
    #expect(TimeZoneRule.fixed(secondsFromGMT: -19_800).secondsFromGMT(at: permanentSummer) == -19_800)
  }

  @Test func datesReadAsFoundationWroteThem() throws {
    for (rule, zone) in [(TimeZoneRule.moscow, database), (.utc, TimeZone.gmt)] {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = zone
      for language in Language.allCases {
        let locale = Locale(identifier: language == .russian ? "ru_RU" : "en_US")
        let day: Date.FormatString =
          language == .russian
          ? "\(day: .twoDigits).\(month: .twoDigits).\(year: .padded(4)) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits)"
          : "\(year: .padded(4))-\(month: .twoDigits)-\(day: .twoDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits)"
        let dayStyle = Date.VerbatimFormatStyle(format: day, locale: locale, timeZone: zone, calendar: calendar)
        let timeStyle = Date.VerbatimFormatStyle(
          format:
            "\(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits)",
          locale: locale, timeZone: zone, calendar: calendar)
        let translator = Translator(language: language, timeZone: rule)
        for date in instants.enumerated().filter({ $0.offset % 7 == 0 }).map(\.element) + [
          Date(timeIntervalSince1970: 1_795_323_600.999), Date(timeIntervalSince1970: 951_782_400),  // 2000-02-29
        ] {
          #expect(translator.dateTime(date).hasPrefix(date.formatted(dayStyle) + " UTC"), "\(date)")
          #expect(translator.time(date) == date.formatted(timeStyle), "\(date)")
        }
      }
    }
  }

  @Test func zoneNamesCarryTheOffset() {
    let instant = Date(timeIntervalSince1970: 1_795_323_600)
    #expect(
      Translator(language: .english, timeZone: .fixed(secondsFromGMT: 19_800)).dateTime(instant)
        == "2026-11-22 10:30 UTC+5:30")
    #expect(
      Translator(language: .english, timeZone: .fixed(secondsFromGMT: -18_000)).dateTime(instant)
        == "2026-11-22 00:00 UTC-5")
    let summer2005 = Date(timeIntervalSince1970: 1_120_000_000)  // 2005-06-28T23:06:40Z
    #expect(Translator(language: .russian, timeZone: .moscow).dateTime(summer2005) == "29.06.2005 03:06 UTC+4")
  }

  @Test func numbersThatAreNotFiniteReadAsICUWroteThem() {
    for (language, locale) in [(Language.english, "en_US"), (.russian, "ru_RU")] {
      for value in [Double.nan, -Double.nan, .infinity, -.infinity] {
        let icu = value.formatted(
          .number.precision(.fractionLength(1)).grouping(.never).locale(Locale(identifier: locale)))
        #expect(Translator(language: language).number(value, fractionDigits: 1) == icu)
      }
    }
  }

  @Test func printfNumbersAreCs() {
    #expect(PrintfNumber.fixed(0.35, fractionDigits: 1) == String(format: "%.1f", 0.35))
    #expect(PrintfNumber.fixed(-0.04, fractionDigits: 1) == "-0.0")
    #expect(PrintfNumber.fixed(29.55, fractionDigits: 1) == String(format: "%.1f", 29.55))
  }
}

/// The text edits that replaced NSString's: Foundation's results, scalar for scalar.
@Suite struct TextEditingTests {
  private let samples = [
    "", "  ", "\t a b \n", "\u{A0}x\u{2003}", "a\r\nb\nc", "\u{85}line\u{2028}", "e\u{301} ", "  Юрий  ", "\n\n",
  ]

  @Test func trimmingIsFoundations() {
    for text in samples {
      #expect(
        text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
      #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
    }
  }

  @Test func replacingIsFoundationsForPlainPieces() {
    for text in samples + ["a-b--c", "x\\y\"z", "1,5", "+"] {
      for (target, replacement) in [("\n", "; "), ("-", "−"), ("\\", "\\\\"), (",", "."), ("+", "%2B"), ("a", "")] {
        #expect(
          text.replacingEvery(target, with: replacement)
            == text.replacingOccurrences(of: target, with: replacement, options: .literal),
          "\(text.debugDescription) \(target)")
      }
    }
  }
}
