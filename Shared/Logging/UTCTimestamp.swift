import FoundationEssentials

/// ISO-8601 timestamps in UTC to the second (`2026-11-22T05:00:00Z`) — the form of log lines,
/// analytics events, stored entities and `--json` output — written and read as
/// `Date.ISO8601FormatStyle()` (and so `JSONEncoder`'s `.iso8601`) does, with the proleptic
/// Gregorian calendar worked out in integers. Foundation's formatter first builds a Gregorian
/// calendar in the *current* time zone, and finding that zone loads ICU's time-zone data: about a
/// millisecond of every process that writes or reads one date; the C library's `gmtime_r` reads
/// `/etc/localtime` on its first call, though UTC needs no zone. Anything outside the plain form
/// goes through Foundation, so the results are Foundation's in every case.
public enum UTCTimestamp {
  /// `date` as `2026-11-22T05:00:00Z`, the fraction of a second dropped. Years before 1583 (Julian
  /// in Foundation's calendar) and after 9999 go through Foundation.
  public static func string(from date: Date) -> String {
    let seconds = date.timeIntervalSince1970.rounded(.down)
    guard seconds >= firstSecond, seconds < endSecond else {
      return date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
    }
    let whole = Int64(seconds)
    let (days, second) = (floorDivision(whole, 86_400), Int32(whole - floorDivision(whole, 86_400) * 86_400))
    let (year, month, day) = civil(fromDays: days)
    // Twenty ASCII bytes written in place: every field is in range, so each has exactly its width.
    return String(unsafeUninitializedCapacity: 20) { text in
      // The separators are bytes: a `Character`'s `asciiValue` walks its Unicode scalars, some
      // 300 instructions each, six times a date.
      func put(_ value: Int32, _ width: Int, at end: Int, then separator: UInt8) {
        var value = value
        for index in stride(from: end - 1, through: end - width, by: -1) {
          text[index] = UInt8(ascii: "0") + UInt8(value % 10)
          value /= 10
        }
        text[end] = separator
      }
      put(year, 4, at: 4, then: UInt8(ascii: "-"))
      put(month, 2, at: 7, then: UInt8(ascii: "-"))
      put(day, 2, at: 10, then: UInt8(ascii: "T"))
      put(second / 3600, 2, at: 13, then: UInt8(ascii: ":"))
      put(second / 60 % 60, 2, at: 16, then: UInt8(ascii: ":"))
      put(second % 60, 2, at: 19, then: UInt8(ascii: "Z"))
      return 20
    }
  }

  /// The date `text` names: `yyyy-MM-ddTHH:mm:ssZ` directly, any other form the way
  /// `Date.ISO8601FormatStyle().parse` reads it; nil when that cannot read it either.
  public static func date(from text: String) -> Date? {
    if let date = plainDate(text) { return date }
    return try? Date.ISO8601FormatStyle().parse(text)
  }

  /// `yyyy-MM-ddTHH:mm:ssZ` with every field in range (day included), in `years`; else nil.
  private static func plainDate(_ text: String) -> Date? {
    var text = text
    return text.withUTF8 { bytes -> Date? in
      guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
        bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
        bytes[19] == UInt8(ascii: "Z")
      else { return nil }
      func number(_ start: Int, _ count: Int) -> Int32? {
        var value: Int32 = 0
        for byte in bytes[start..<start + count] {
          guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
          value = value * 10 + Int32(byte - UInt8(ascii: "0"))
        }
        return value
      }
      guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
        let minute = number(14, 2), let second = number(17, 2), years.contains(year), (1...12).contains(month),
        day >= 1, day <= daysIn(month: month, of: year), hour < 24, minute < 60, second < 60
      else { return nil }
      let seconds = days(fromCivil: year, month, day) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
      return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
  }

  /// The years both calendars agree on and that print in four digits.
  private static let years: ClosedRange<Int32> = 1583...9999
  /// The first second of 1583 and the first of 10000, since 1970.
  private static let firstSecond = Double(days(fromCivil: 1583, 1, 1) * 86_400)
  private static let endSecond = Double(days(fromCivil: 10_000, 1, 1) * 86_400)

  /// `value / divisor` rounded down (toward minus infinity).
  private static func floorDivision(_ value: Int64, _ divisor: Int64) -> Int64 {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
  }

  // The two rules below are also Localization's (CivilTime): two Shared modules never link each
  // other, and a timestamp must not wait on an injected calendar.

  /// Days since 1970-01-01 of a Gregorian date (Howard Hinnant's `days_from_civil`).
  static func days(fromCivil year: Int32, _ month: Int32, _ day: Int32) -> Int64 {
    let year = Int64(month <= 2 ? year - 1 : year)
    let era = floorDivision(year, 400)
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * Int64(month > 2 ? month - 3 : month + 9) + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The Gregorian date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
  static func civil(fromDays days: Int64) -> (year: Int32, month: Int32, day: Int32) {
    let shifted = days + 719_468
    let era = floorDivision(shifted, 146_097)
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (Int32(yearOfEra + era * 400 + (month <= 2 ? 1 : 0)), Int32(month), Int32(day))
  }

  /// How many days `month` has in `year` (Gregorian).
  private static func daysIn(month: Int32, of year: Int32) -> Int32 {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}

extension JSONEncoder.DateEncodingStrategy {
  /// What `.iso8601` writes, through `UTCTimestamp` (without loading ICU's time-zone data).
  public static var utcTimestamp: Self {
    .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(UTCTimestamp.string(from: date))
    }
  }
}

extension JSONDecoder.DateDecodingStrategy {
  /// What `.iso8601` reads, through `UTCTimestamp` (the plain form without loading ICU's time-zone
  /// data); the same error for a string that is no ISO-8601 date.
  public static var utcTimestamp: Self {
    .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = UTCTimestamp.date(from: text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "Expected date string to be ISO8601-formatted.")
      }
      return date
    }
  }
}
