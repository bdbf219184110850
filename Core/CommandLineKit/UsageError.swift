import AppAnalytics
import Localization

/// A command line or deep link that cannot be run, with the one line that says how to fix it (exit 64).
public struct UsageError: ReportableError, TranslatedError, Equatable, CustomStringConvertible {
  /// What was wrong and how to fix it, without the `error: ` prefix, in any language.
  public let message: LocalizedText

  /// An error with a one-line message (a table text, or a plain string shown as it is).
  public init(_ message: some TextArgument) {
    self.message = message.localizedText
  }

  public var kind: ErrorKind { .usage }
  public var userMessage: String { message.description }
  public var translatedMessage: LocalizedText { message }
  public var description: String { message.description }

  /// Two errors are the same when they say the same (in English), whichever way the text was built.
  public static func == (lhs: UsageError, rhs: UsageError) -> Bool { lhs.description == rhs.description }
}
