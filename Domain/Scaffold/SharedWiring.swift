import AppAnalytics
import Localization
import Logging

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The Shared modules never link each other (same layer): where one needs what another offers,
// Scaffold hands it over here, once for every app.

extension LogLineFormat {
  /// Log lines that show text from outside by the workspace's one rule for it, Localization's
  /// `InertText`: what the apps' log files and standard-error logs are written with.
  public static let inertText = LogLineFormat(inert: { text, limit in InertText(text, limit: limit).text })
}

extension ConsoleAnalyticsProvider {
  /// `analytics: <name> k=v` lines whose values are quoted as the log's are (Logging's
  /// `LogRecord.quoteIfNeeded`), written whole to `descriptor` (standard error) by Logging's
  /// `WholeWrite`.
  static func writingLines(to descriptor: Int32 = STDERR_FILENO) -> ConsoleAnalyticsProvider {
    ConsoleAnalyticsProvider(
      quote: LogRecord.quoteIfNeeded, writeLine: { line in WholeWrite.line(line, to: descriptor) })
  }
}
