import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// ISO-8601 timestamps in UTC to the second (`2026-11-22T05:00:00Z`) — the form of log lines,
/// analytics events, stored entities and `--json` output — written and read as
/// `Date.ISO8601FormatStyle()` (and so `JSONEncoder`'s `.iso8601`) does, but with `gmtime_r` and
/// `timegm`. Foundation's formatter first builds a Gregorian calendar in the *current* time zone,
/// and finding that zone loads ICU's time-zone data: about a millisecond of every process that
/// writes or reads one date. Anything outside the plain form goes through Foundation, so the
/// results are Foundation's in every case.
public enum UTCTimestamp {
  /// `date` as `2026-11-22T05:00:00Z`, the fraction of a second dropped. Years before 1583 (Julian
  /// in Foundation's calendar, not in `gmtime_r`) and after 9999 go through Foundation.
  public static func string(from date: Date) -> String {
    var parts = tm()
    guard var time = time_t(exactly: date.timeIntervalSince1970.rounded(.down)), gmtime_r(&time, &parts) != nil,
      years.contains(parts.tm_year + 1900)
    else {
      return date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
    }
    // Twenty ASCII bytes written in place: every field is in range, so each has exactly its width.
    return String(unsafeUninitializedCapacity: 20) { text in
      func put(_ value: Int32, _ width: Int, at end: Int, then separator: Character?) {
        var value = value
        for index in stride(from: end - 1, through: end - width, by: -1) {
          text[index] = UInt8(ascii: "0") + UInt8(value % 10)
          value /= 10
        }
        if let separator { text[end] = separator.asciiValue! }
      }
      put(parts.tm_year + 1900, 4, at: 4, then: "-")
      put(parts.tm_mon + 1, 2, at: 7, then: "-")
      put(parts.tm_mday, 2, at: 10, then: "T")
      put(parts.tm_hour, 2, at: 13, then: ":")
      put(parts.tm_min, 2, at: 16, then: ":")
      put(parts.tm_sec, 2, at: 19, then: "Z")
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
    let bytes = Array(text.utf8)
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
      (1...31).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    var parts = tm()
    (parts.tm_year, parts.tm_mon, parts.tm_mday) = (year - 1900, month - 1, day)
    (parts.tm_hour, parts.tm_min, parts.tm_sec) = (hour, minute, second)
    var time = timegm(&parts)
    // timegm rolls 31 April over to 1 May: such a day is left to Foundation.
    var check = tm()
    guard gmtime_r(&time, &check) != nil, check.tm_mday == day, check.tm_mon == month - 1 else { return nil }
    return Date(timeIntervalSince1970: TimeInterval(time))
  }

  /// The years both calendars agree on and that print in four digits.
  private static let years: ClosedRange<Int32> = 1583...9999
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
