import FoundationEssentials

/// Turns text and values into what a person reads in one language: table texts, numbers with
/// the language's separators, dates in the language and a time zone (Moscow time for the
/// Roscosmos flavour), and units.
public struct Translator: Sendable {
  /// The language everything is rendered in.
  public let language: Language
  /// The time zone dates are shown in.
  public let timeZone: TimeZoneRule

  /// A translator for `language`, showing dates in `timeZone` (default UTC, the station's time).
  public init(language: Language, timeZone: TimeZoneRule = .utc) {
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

  /// A decimal with exactly `fractionDigits` digits after the separator (`22.5` / `22,5`); not a
  /// number and the infinities as the language writes them (`NaN` / `не число`, `-∞`).
  public func number(_ value: Double, fractionDigits: Int) -> String {
    NumberText(language).decimal(value, fractionDigits: max(fractionDigits, 0))
      ?? NumberText(language).nonFinite(value)
  }

  /// A date and time as `2026-11-22 05:00 UTC` (English) or `22.11.2026 08:00 UTC+3` (Russian, Moscow time).
  public func dateTime(_ date: Date) -> String {
    let offset = timeZone.secondsFromGMT(at: date)
    let time = CivilTime(date, offset: offset)
    let day =
      language == .russian
      ? "\(CivilTime.padded(time.day, 2)).\(CivilTime.padded(time.month, 2)).\(CivilTime.padded(time.year, 4))"
      : "\(CivilTime.padded(time.year, 4))-\(CivilTime.padded(time.month, 2))-\(CivilTime.padded(time.day, 2))"
    return "\(day) \(CivilTime.padded(time.hour, 2)):\(CivilTime.padded(time.minute, 2)) " + zoneName(offset: offset)
  }

  /// `UTC`, `UTC+3`, `UTC-5:30`: the same in every language and on every system.
  private func zoneName(offset: Int) -> String {
    guard offset != 0 else { return "UTC" }
    let minutes = abs(offset) / 60
    let sign = offset < 0 ? "-" : "+"
    return minutes % 60 == 0
      ? "UTC\(sign)\(minutes / 60)" : "UTC\(sign)\(minutes / 60):\(CivilTime.padded(minutes % 60, 2))"
  }

  /// A time of day as `05:00:07`.
  public func time(_ date: Date) -> String {
    let time = CivilTime(date, offset: timeZone.secondsFromGMT(at: date))
    return "\(CivilTime.padded(time.hour, 2)):\(CivilTime.padded(time.minute, 2)):\(CivilTime.padded(time.second, 2))"
  }
}
