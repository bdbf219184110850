import FoundationEssentials
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes `analytics: <name> k=v ...` lines (keys sorted) to a file descriptor, standard error by default.
public final class ConsoleAnalyticsProvider: AnalyticsProvider {
  private let descriptor: Int32
  private let lock = Mutex<Void>(())

  /// Creates a provider writing to `fileDescriptor` (default: standard error), which it does not close.
  public init(fileDescriptor: Int32 = STDERR_FILENO) {
    self.descriptor = fileDescriptor
  }

  /// Writes one line for the event (whole, retrying short writes; a failed write is dropped).
  public func record(_ event: AnalyticsEvent) {
    let line = Array((ConsoleAnalyticsProvider.render(event) + "\n").utf8)
    lock.withLock { _ in
      line.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
          let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
          if written < 0 && errno == EINTR { continue }
          if written <= 0 { return }
          offset += written
        }
      }
    }
  }

  /// The line written for `event` (without newline): `analytics: <name> k=v` with sorted keys.
  static func render(_ event: AnalyticsEvent) -> String {
    var line = "analytics: \(event.name)"
    for key in event.properties.keys.sorted() {
      line += " \(key)=\(quoteIfNeeded(event.properties[key] ?? ""))"
    }
    return line
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
}

/// Hands each event, as one compact JSON object (sorted keys, ISO-8601 dates), to a line writer.
///
/// The writer is the app's: for a file, one that writes whole lines or nothing and rotates by
/// size (Logging's `RotatingLineFile`, handed over by the app as `{ file.append($0) }`), so the
/// file always parses line by line.
public final class JSONLinesAnalyticsProvider: AnalyticsProvider {
  private let appendLine: @Sendable (String) -> Bool
  private let timestamp: @Sendable (Date) -> String

  /// Writes each event's line with `appendLine`, which returns false when the line was not written
  /// (the event is then dropped: analytics never stops the app). `timestamp`, when given, writes
  /// the dates instead of Foundation's ISO-8601 format style, in the same form
  /// (`2026-11-22T05:00:00Z`): the app hands over Logging's, which does not load ICU's time-zone data.
  public init(
    appendLine: @escaping @Sendable (String) -> Bool, timestamp: (@Sendable (Date) -> String)? = nil
  ) {
    self.appendLine = appendLine
    self.timestamp = timestamp ?? { $0.formatted(.iso8601) }
  }

  /// Hands the event's JSON line to the writer.
  public func record(_ event: AnalyticsEvent) {
    _ = appendLine(AnalyticsEventLine.line(for: event, date: timestamp(event.date)))
  }

  /// The compact JSON line for `event` (without newline), its date in ISO 8601.
  public static func encode(_ event: AnalyticsEvent) -> String {
    AnalyticsEventLine.line(for: event, date: event.date.formatted(.iso8601))
  }

  /// Reads back every event in a JSON-lines file (blank lines ignored).
  /// - Throws: the file-reading or decoding error.
  public static func readEvents(from url: URL) throws -> [AnalyticsEvent] {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let text = try String(contentsOf: url, encoding: .utf8)
    return try text.split(separator: "\n", omittingEmptySubsequences: true).map { line in
      try decoder.decode(AnalyticsEvent.self, from: Data(line.utf8))
    }
  }
}
