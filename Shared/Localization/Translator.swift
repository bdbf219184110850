import Foundation

/// Turns text and values into what a person reads in one language: table texts, numbers with
/// the language's separators, dates in the language and a time zone (Moscow time for the
/// Roscosmos flavour), and units.
public struct Translator: Sendable {
  /// The language everything is rendered in.
  public let language: Language
  /// The time zone dates are shown in.
  public let timeZone: TimeZone

  /// A translator for `language`, showing dates in `timeZone` (default UTC, the station's time).
  public init(language: Language, timeZone: TimeZone = .gmt) {
    self.language = language
    self.timeZone = timeZone
  }

  /// English, UTC: what scripts, logs and tests see by default.
  public static let english = Translator(language: .english)

  /// `text` in this language.
  public func callAsFunction(_ text: LocalizedText) -> String { text.resolved(by: self) }

  /// A whole number with the language's grouping (`1,000` / `1 000`).
  public func number(_ value: Int) -> String {
    NumberText(language).whole(value)
  }

  /// A decimal with exactly `fractionDigits` digits after the separator (`22.5` / `22,5`).
  public func number(_ value: Double, fractionDigits: Int) -> String {
    NumberText(language).decimal(value, fractionDigits: fractionDigits)
      ?? value.formatted(.number.precision(.fractionLength(fractionDigits)).grouping(.never).locale(language.locale))
  }

  /// A date and time as `2026-11-22 05:00 UTC` (English) or `22.11.2026 08:00 UTC+3` (Russian, Moscow time).
  public func dateTime(_ date: Date) -> String {
    date.formatted(DateStyles.shared(language, timeZone).dateTime) + " " + zoneName(at: date)
  }

  /// `UTC`, `UTC+3`, `UTC-5:30`: the same in every language and on every system.
  private func zoneName(at date: Date) -> String {
    let offset = timeZone.secondsFromGMT(for: date)
    guard offset != 0 else { return "UTC" }
    let minutes = abs(offset) / 60
    let sign = offset < 0 ? "-" : "+"
    return minutes % 60 == 0
      ? "UTC\(sign)\(minutes / 60)" : "UTC\(sign)\(minutes / 60):\(String(format: "%02d", minutes % 60))"
  }

  /// A time of day as `05:00:07`.
  public func time(_ date: Date) -> String { date.formatted(DateStyles.shared(language, timeZone).time) }
}
