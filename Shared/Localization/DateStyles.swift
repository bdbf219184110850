import Foundation
import Synchronization

/// The date and time styles of one language and time zone, made once per process and shared:
/// a `DateFormatter` made per call costs a fresh ICU formatter every time (hundreds of microseconds
/// on each line of `suit watch`), and making them when a `Translator` is made would slow every
/// start-up that shows no date.
struct DateStyles: Sendable {
  /// `2026-11-22 05:00` / `22.11.2026 05:00`.
  let dateTime: Date.VerbatimFormatStyle
  /// `05:00:07`.
  let time: Date.VerbatimFormatStyle

  private struct Key: Hashable {
    let language: Language
    let timeZone: TimeZone
  }

  private static let made = Mutex<[Key: DateStyles]>([:])

  /// The styles for `language` in `timeZone`, made on first use.
  static func shared(_ language: Language, _ timeZone: TimeZone) -> DateStyles {
    let key = Key(language: language, timeZone: timeZone)
    if let styles = made.withLock({ $0[key] }) { return styles }
    let styles = DateStyles(language: language, timeZone: timeZone)
    made.withLock { $0[key] = styles }
    return styles
  }

  private init(language: Language, timeZone: TimeZone) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let dateTime: Date.FormatString =
      language == .russian
      ? "\(day: .twoDigits).\(month: .twoDigits).\(year: .padded(4)) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits)"
      : "\(year: .padded(4))-\(month: .twoDigits)-\(day: .twoDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits)"
    self.dateTime = Date.VerbatimFormatStyle(
      format: dateTime, locale: language.locale, timeZone: timeZone, calendar: calendar)
    time = Date.VerbatimFormatStyle(
      format:
        "\(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits)",
      locale: language.locale, timeZone: timeZone, calendar: calendar)
  }
}
