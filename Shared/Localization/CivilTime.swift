import FoundationEssentials

/// A moment as a wall clock shows it: year, month, day, hour, minute, second (proleptic Gregorian
/// calendar), worked out from seconds since 1970 without a calendar object or a time-zone database.
struct CivilTime: Equatable {
  var year: Int64
  var month: Int
  var day: Int
  var hour: Int
  var minute: Int
  var second: Int

  /// The wall-clock time `offset` seconds ahead of UTC at `date`; fractions of a second are
  /// dropped (rounded down, as a clock shows them).
  init(_ date: Date, offset: Int) {
    self.init(unixSeconds: Int64(date.timeIntervalSince1970.rounded(.down)) + Int64(offset))
  }

  /// The UTC time `seconds` after 1970-01-01T00:00:00Z (before it when negative).
  init(unixSeconds seconds: Int64) {
    let days = Self.floorDivide(seconds, 86_400)
    let inDay = Int(seconds - days * 86_400)
    (year, month, day) = Self.civil(fromDays: days)
    (hour, minute, second) = (inDay / 3600, inDay % 3600 / 60, inDay % 60)
  }

  /// Seconds since 1970 at 00:00 UTC of the last Sunday of `month` in `year`.
  static func unixSeconds(ofLastSundayIn month: Int, of year: Int64) -> Int64 {
    let next = month == 12 ? (year + 1, 1) : (year, month + 1)
    let lastDay = days(fromCivil: next.0, next.1, 1) - 1
    // 1970-01-01 was a Thursday: weekday 0 is Sunday.
    let weekday = floorModulo(lastDay + 4, 7)
    return (lastDay - weekday) * 86_400
  }

  /// Days since 1970-01-01 of a Gregorian date (H. Hinnant's `days_from_civil`).
  static func days(fromCivil year: Int64, _ month: Int, _ day: Int) -> Int64 {
    let shifted = month <= 2 ? year - 1 : year
    let era = floorDivide(shifted, 400)
    let yearOfEra = shifted - era * 400
    let dayOfYear = Int64((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1)
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The Gregorian date `days` after 1970-01-01 (H. Hinnant's `civil_from_days`).
  static func civil(fromDays days: Int64) -> (year: Int64, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = floorDivide(shifted, 146_097)
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
    let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return value % divisor < 0 ? quotient - 1 : quotient
  }

  private static func floorModulo(_ value: Int64, _ divisor: Int64) -> Int64 {
    value - floorDivide(value, divisor) * divisor
  }

  /// `value` in at least `width` digits, zeros in front (`05`, `2026`).
  static func padded<Value: BinaryInteger>(_ value: Value, _ width: Int) -> String {
    let digits = String(value.magnitude)
    return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
