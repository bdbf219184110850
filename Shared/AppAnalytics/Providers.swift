import FoundationEssentials
import Synchronization

/// Writes `analytics: <name> k=v ...` lines (keys sorted), one per event, with a line writer.
///
/// Both collaborators are the app's, as AppAnalytics links no other module: a `quote` that shows a
/// value in a pair as Logging's log lines do (Logging's `LogRecord.quoteIfNeeded`), and a
/// `writeLine` that writes whole lines to standard error (Logging's `WholeWrite.line`).
public final class ConsoleAnalyticsProvider: AnalyticsProvider {
  private let quote: @Sendable (String) -> String
  private let writeLine: @Sendable (String) -> Bool
  private let lock = Mutex<Void>(())

  /// Writes each event's line (without newline) with `writeLine`, which returns false when it could
  /// not (the event is then dropped: analytics never stops the app); each value as `quote` shows it.
  public init(
    quote: @escaping @Sendable (String) -> String, writeLine: @escaping @Sendable (String) -> Bool
  ) {
    self.quote = quote
    self.writeLine = writeLine
  }

  /// Writes one line for the event; lines from many threads are never interleaved.
  public func record(_ event: AnalyticsEvent) {
    let line = render(event)
    lock.withLock { _ in _ = writeLine(line) }
  }

  /// The line written for `event` (without newline): `analytics: <name> k=v` with sorted keys.
  func render(_ event: AnalyticsEvent) -> String {
    var line = "analytics: \(event.name)"
    for key in event.properties.keys.sorted() {
      line += " \(key)=\(quote(event.properties[key] ?? ""))"
    }
    return line
  }
}

/// Hands each event, as one compact JSON object (sorted keys, ISO-8601 dates), to a line writer.
///
/// The writer is the app's: for a file, one that writes whole lines or nothing and rotates by
/// size (Logging's `RotatingLineFile`, handed over by the app as `{ file.append($0) }`), so the
/// file always parses line by line.
public final class JSONLinesAnalyticsProvider: AnalyticsProvider {
  private let appendLine: @Sendable (_ line: String, _ isError: Bool) -> Bool
  private let timestamp: @Sendable (Date) -> String

  /// Writes each event's line with `appendLine`, which returns false when the line was not written
  /// (the event is then dropped: analytics never stops the app). `timestamp`, when given, writes
  /// the dates instead of Foundation's ISO-8601 format style, in the same form
  /// (`2026-11-22T05:00:00Z`): the app hands over Logging's, which does not load ICU's time-zone data.
  public convenience init(
    appendLine: @escaping @Sendable (String) -> Bool, timestamp: (@Sendable (Date) -> String)? = nil
  ) {
    self.init(appendLineSayingErrors: { line, _ in appendLine(line) }, timestamp: timestamp)
  }

  /// As ``init(appendLine:timestamp:)``, telling the writer which lines are errors (the event
  /// `error` of ``Analytics/recordError(_:module:context:)``): a writer that keeps lines for one
  /// write at the end of a command writes an error's at once.
  public init(
    appendLineSayingErrors appendLine: @escaping @Sendable (_ line: String, _ isError: Bool) -> Bool,
    timestamp: (@Sendable (Date) -> String)? = nil
  ) {
    self.appendLine = appendLine
    self.timestamp = timestamp ?? { $0.formatted(.iso8601) }
  }

  /// Hands the event's JSON line to the writer.
  public func record(_ event: AnalyticsEvent) {
    _ = appendLine(AnalyticsEventLine.line(for: event, date: timestamp(event.date)), event.name == Analytics.errorEvent)
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
