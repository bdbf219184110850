import FoundationEssentials
import Localization

/// The mission control a cosmonaut client reports to, as a person sees it: its name ("Houston",
/// "TsUP"), how an app is pointed at it, and the clock its times are shown in.
public struct ControlCenter: Sendable, Hashable {
  /// How the centre is called in what the app says, e.g. "Houston".
  public var name: String
  /// How to configure it, e.g. "--houston URL or ISS_HOUSTON_URL".
  public var setting: LocalizedText
  /// The clock times are shown in.
  public var clock: DisplayClock

  /// Describes a centre configured by `option` or the environment `variable`
  /// ("--houston URL or ISS_HOUSTON_URL" in English).
  public init(name: String, option: String, variable: String, clock: DisplayClock) {
    self.init(name: name, setting: Strings.centerSetting(option: option, variable: variable), clock: clock)
  }

  /// Describes a centre; `setting` is shown as it is.
  public init(name: String, setting: String, clock: DisplayClock) {
    self.init(name: name, setting: .verbatim(setting), clock: clock)
  }

  private init(name: String, setting: LocalizedText, clock: DisplayClock) {
    self.name = name
    self.setting = setting
    self.clock = clock
  }

  /// The name in the reader's language: "Houston" / "Хьюстон", "TsUP" / "ЦУП"; a centre the
  /// tables do not know keeps `name`.
  public var localizedName: LocalizedText { Self.localizedName(of: name) }

  /// The name `name` in the reader's language; a name the tables do not know stays as it is.
  static func localizedName(of name: String) -> LocalizedText {
    switch name {
    case "Houston": Strings.centerHouston  // untranslated: the centre's identifier, matched
    case "TsUP": Strings.centerTsup  // untranslated: the centre's identifier, matched
    default: .verbatim(name)
    }
  }

  /// `date` as this centre's people read it (`clock`).
  public func time(_ date: Date) -> String {
    clock.format(date)
  }
}

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
