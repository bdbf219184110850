import FoundationEssentials

/// One message emitted by a `Logger`, as handed to every `LogSink`.
public struct LogRecord: Sendable, Equatable {
  /// When the record was created.
  public var date: Date
  /// The severity.
  public var level: LogLevel
  /// The module label of the logger that emitted it, e.g. "Network".
  public var module: String
  /// The rendered message.
  public var message: String
  /// Structured context, shown as sorted `key=value` pairs (``LogLineFormat``).
  public var metadata: [String: String]

  /// Creates a record.
  public init(date: Date, level: LogLevel, module: String, message: String, metadata: [String: String] = [:]) {
    self.date = date
    self.level = level
    self.module = module
    self.message = message
    self.metadata = metadata
  }

  /// ISO-8601 in UTC with whole seconds, e.g. `2026-11-22T05:00:00Z` (`UTCTimestamp`).
  public static func timestamp(_ date: Date) -> String {
    UTCTimestamp.string(from: date)
  }

  /// `value` as a `key=value` pair shows it: as it is, or in double quotes (with `\\`, `\"` and `\n`
  /// escaped) when it is empty or holds white space, `"` or `=`. Log lines quote their metadata so,
  /// and AppAnalytics' console lines, handed this by the app, their properties.
  public static func quoteIfNeeded(_ value: String) -> String {
    let needsQuotes = value.isEmpty || value.contains { $0.isWhitespace || $0 == "\"" || $0 == "=" }
    guard needsQuotes else { return value }
    var escaped = ""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      case "\n": escaped += "\\n"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return "\"\(escaped)\""
  }
}
