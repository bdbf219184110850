import AppAnalytics
import Localization

/// What the Peripheries domain refuses or cannot do, in one line each.
public enum PeripheriesError: ReportableError, TranslatedError, Equatable {
  /// A step the station's rules refuse (the value says why); nothing changed.
  case refused(LocalizedText)
  /// `status --watch --json` without `--count`.
  case jsonNeedsCount

  public var kind: ErrorKind {
    switch self {
    case .refused: .rejected
    case .jsonNeedsCount: .usage
    }
  }

  public var translatedMessage: LocalizedText {
    switch self {
    case .refused(let reason): Strings.errorRefused(reason: reason)
    case .jsonNeedsCount: Strings.errorJsonNeedsCount
    }
  }

  public var userMessage: String { translatedMessage.description }
}
