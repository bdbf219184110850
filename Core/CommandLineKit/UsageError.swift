import AppAnalytics

/// A command line or deep link that cannot be run, with the one line that says how to fix it (exit 64).
public struct UsageError: ReportableError, Equatable, CustomStringConvertible {
  /// What was wrong and how to fix it, without the `error: ` prefix.
  public let message: String

  /// An error with a one-line message.
  public init(_ message: String) {
    self.message = message
  }

  public var kind: ErrorKind { .usage }
  public var userMessage: String { message }
  public var description: String { message }
}
