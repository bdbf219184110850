import Localization

/// Why a terminal's input ended before its end: the app ends with one line saying so (65).
public enum InputFailure: Sendable, Equatable {
  /// A line longer than `maximumBytes` bytes was given (a paste of megabytes, `/dev/zero`).
  case lineTooLong(maximumBytes: Int)

  /// What was wrong and how to fix it, in the reader's language.
  public var reason: LocalizedText {
    switch self {
    case .lineTooLong(let maximumBytes): Strings.inputLineTooLong(maximum: String(maximumBytes))
    }
  }
}
