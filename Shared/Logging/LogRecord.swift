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
  /// Structured context, rendered as sorted `key=value` pairs.
  public var metadata: [String: String]

  /// Creates a record.
  public init(date: Date, level: LogLevel, module: String, message: String, metadata: [String: String] = [:]) {
    self.date = date
    self.level = level
    self.module = module
    self.message = message
    self.metadata = metadata
  }

  /// The one-line text form: `2026-11-22T05:00:00Z WARNING [Network] message key=value` (UTC, keys
  /// sorted); the message, module and values shown inert and bounded (``LogText``), so one record is
  /// one line and nothing in it acts on a terminal.
  public var formatted: String {
    var line = "\(LogRecord.timestamp(date)) \(level) [\(LogText.inert(module))] \(LogText.inert(message))"
    let pairs = LogRecord.renderMetadata(metadata)
    if !pairs.isEmpty { line += " " + pairs }
    return line
  }

  /// Renders metadata as `key=value` pairs sorted by key; values with spaces, quotes or `=` are quoted.
  static func renderMetadata(_ metadata: [String: String]) -> String {
    metadata.keys.sorted().map { key in
      "\(LogText.inert(key))=\(LogText.inert(quoteIfNeeded(metadata[key] ?? "")))"
    }.joined(separator: " ")
  }

  /// ISO-8601 in UTC with whole seconds, e.g. `2026-11-22T05:00:00Z` (`UTCTimestamp`).
  public static func timestamp(_ date: Date) -> String {
    UTCTimestamp.string(from: date)
  }

  static func quoteIfNeeded(_ value: String) -> String {
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

  /// Keeps one record on one line so line-oriented readers never see a torn record.
  static func singleLine(_ text: String) -> String {
    guard text.unicodeScalars.contains("\n") else { return text }
    var line = ""
    for scalar in text.unicodeScalars {
      if scalar == "\n" { line += "\\n" } else { line.unicodeScalars.append(scalar) }
    }
    return line
  }
}
