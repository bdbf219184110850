import AppAnalytics
import Localization

/// The stored stage choice cannot be read or written.
enum StageError: ReportableError, TranslatedError, Equatable {
  /// `DIR/stage` names no stage; it was left as it is.
  case unreadableChoice(file: String, content: String)
  /// The choice could not be written.
  case cannotStore(file: String, reason: String)

  var kind: ErrorKind {
    switch self {
    case .unreadableChoice: .rejected
    case .cannotStore: .cannotCreate
    }
  }

  var translatedMessage: LocalizedText {
    switch self {
    case .unreadableChoice(let file, let content):
      Strings.errorStageUnreadable(file: InertText(file, limit: InertText.longLimit), content: InertText(content))
    case .cannotStore(let file, let reason):
      Strings.errorStageCannotStore(file: InertText(file, limit: InertText.longLimit), reason: reason)
    }
  }

  var userMessage: String { translatedMessage.description }
}
