import FoundationEssentials

/// How far a clock is from UTC at each moment: UTC, a fixed offset, or Moscow time with its
/// history. The rules are written out here rather than read from a time-zone database, so a date
/// reads the same on every machine and no process loads ICU's data to show one.
public struct TimeZoneRule: Sendable, Hashable {
  private enum Kind: Hashable {
    case fixed(seconds: Int)
    case moscow
  }

  private let kind: Kind

  /// Coordinated universal time, the station's time.
  public static let utc = TimeZoneRule(kind: .fixed(seconds: 0))

  /// A clock `secondsFromGMT` ahead of UTC (behind it when negative), all year.
  public static func fixed(secondsFromGMT: Int) -> TimeZoneRule {
    TimeZoneRule(kind: .fixed(seconds: secondsFromGMT))
  }

  /// Moscow time (`Europe/Moscow`), as the time-zone database has it from 1996 on: UTC+3 since
  /// 26 October 2014 (02:00 local); UTC+4 all year from 27 March 2011 until then; before that UTC+3,
  /// and UTC+4 in summer, from the last Sunday of March (02:00 local) to the last Sunday of October
  /// (03:00 local). Earlier dates (before 1996, when summer time ended in September) are read by the
  /// same summer rule; the station's dates begin in 1998.
  public static let moscow = TimeZoneRule(kind: .moscow)

  /// The clock's offset from UTC, in seconds, at `date`.
  public func secondsFromGMT(at date: Date) -> Int {
    switch kind {
    case .fixed(let seconds):
      return seconds
    case .moscow:
      let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
      if seconds >= Self.moscowStandardSince { return 3 * 3600 }
      if seconds >= Self.moscowPermanentSummerSince { return 4 * 3600 }
      let year = CivilTime(unixSeconds: seconds).year
      // Summer time starts and ends at 23:00 UTC on the Saturday before the last Sunday.
      let start = CivilTime.unixSeconds(ofLastSundayIn: 3, of: year) - 3600
      let end = CivilTime.unixSeconds(ofLastSundayIn: 10, of: year) - 3600
      return (start..<end).contains(seconds) ? 4 * 3600 : 3 * 3600
    }
  }

  /// 2014-10-25T22:00:00Z: Moscow went back to UTC+3 for good.
  static let moscowStandardSince: Int64 = 1_414_274_400
  /// 2011-03-26T23:00:00Z: Moscow moved to UTC+4 and stayed there.
  static let moscowPermanentSummerSince: Int64 = 1_301_180_400
}
