import FoundationEssentials

/// The clock a control centre shows times in.
public enum DisplayClock: Sendable, Hashable {
  /// Coordinated universal time in ISO 8601: "2026-11-22T05:00:00Z".
  case utc
  /// A zone with a fixed offset from UTC, named by `label`: "2026-11-22 08:00:00 MSK". A fixed
  /// offset needs no time-zone database on the machine.
  case fixedOffset(label: String, secondsFromGMT: Int)

  /// Moscow time, UTC+3 all year since 2014.
  public static let moscow = DisplayClock.fixedOffset(label: "MSK", secondsFromGMT: 3 * 3600)

  /// `date` on this clock.
  public func format(_ date: Date) -> String {
    switch self {
    case .utc:
      return date.formatted(.iso8601)
    case .fixedOffset(let label, let offset):
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = TimeZone(secondsFromGMT: offset) ?? .gmt
      let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
      let day = [parts.year ?? 0, parts.month ?? 0, parts.day ?? 0].map(Self.padded).joined(separator: "-")
      let time = [parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0].map(Self.padded).joined(separator: ":")
      return "\(day) \(time) \(label)"
    }
  }

  private static func padded(_ value: Int) -> String {
    value < 10 ? "0\(value)" : String(value)
  }
}
