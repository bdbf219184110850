/// How a record becomes one line of a log:
/// `2026-11-22T05:00:00Z WARNING [Network] message key=value` — the time in UTC to the second, the
/// level, the module, the message, and the metadata as `key=value` pairs sorted by key (a value with
/// spaces, `"` or `=` quoted, ``LogRecord/quoteIfNeeded(_:)``).
///
/// The module, the message and every key and value are shown inert and bounded, so one record is
/// one line, a log read with `cat`, `tail -f` or `less -R` shows every record as written, and nothing
/// in it acts on the terminal. What "inert" is, Logging does not decide: the workspace has one rule
/// for showing text from outside (Localization's `InertText`), which Logging cannot link (same
/// layer), so the app hands it over.
///
/// ```swift
/// let format = LogLineFormat(inert: { text, limit in InertText(text, limit: limit).text })
/// let sink = StandardErrorLogSink(format: format)
/// ```
public struct LogLineFormat: Sendable {
  /// The most characters of one module, message, key or value a line keeps (the last of them `…`).
  public static let maximumLength = 4096

  private let inert: @Sendable (String, Int) -> String

  /// Lines that show text from outside with `inert`: its first argument shown inert (control
  /// characters escaped: a line feed as `\n`, Esc as `\e`), cut to the second argument's number of
  /// characters (the last of them `…`) when it is longer.
  public init(inert: @escaping @Sendable (_ text: String, _ limit: Int) -> String) {
    self.inert = inert
  }

  /// The line for `record`, without a newline.
  public func line(for record: LogRecord) -> String {
    var line =
      "\(LogRecord.timestamp(record.date)) \(record.level) [\(shown(record.module))] \(shown(record.message))"
    for key in record.metadata.keys.sorted() {
      line += " \(shown(key))=\(shown(LogRecord.quoteIfNeeded(record.metadata[key] ?? "")))"
    }
    return line
  }

  private func shown(_ text: String) -> String { inert(text, Self.maximumLength) }
}
