import FoundationEssentials

/// The severity of a log record, ordered from the most verbose (`trace`) to the most severe (`critical`).
public enum LogLevel: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
  /// The levels, from the most verbose to the most severe; a logger set to one level keeps it and those after it.
  case trace, debug, info, notice, warning, error, critical

  /// Parses a level name case-insensitively ("debug", "WARNING", "warn", "err", "crit"); nil when unknown.
  public init?(name: String) {
    let isSpace: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
    switch String(name.drop(while: isSpace).reversed().drop(while: isSpace).reversed()).lowercased() {
    case "trace": self = .trace
    case "debug": self = .debug
    case "info": self = .info
    case "notice": self = .notice
    case "warning", "warn": self = .warning
    case "error", "err": self = .error
    case "critical", "crit", "fatal": self = .critical
    default: return nil
    }
  }

  /// The upper-case name used in rendered lines, e.g. "WARNING".
  public var description: String {
    switch self {
    case .trace: "TRACE"
    case .debug: "DEBUG"
    case .info: "INFO"
    case .notice: "NOTICE"
    case .warning: "WARNING"
    case .error: "ERROR"
    case .critical: "CRITICAL"
    }
  }

  public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}
