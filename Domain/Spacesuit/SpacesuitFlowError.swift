import AppAnalytics
import Localization

/// A scripted command of the Spacesuit domain asked for something that cannot be done as given.
public enum SpacesuitFlowError: ReportableError, TranslatedError, Equatable {
  /// `--json` needs a finite watch, so that the output is one JSON document.
  case jsonNeedsCount

  public var kind: ErrorKind { .usage }

  public var translatedMessage: LocalizedText {
    switch self {
    case .jsonNeedsCount: Strings.errorJsonNeedsCount
    }
  }

  public var userMessage: String { translatedMessage.description }
}
