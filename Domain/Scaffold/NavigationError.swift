import AppAnalytics
import Localization
import Navigation
import UIComponents

/// A destination or route that no hosted domain shows: the app was composed without the domain.
public enum NavigationError: ReportableError, TranslatedError, Equatable {
  /// A flow asked for `destination`, which no domain of `appName` shows.
  case notInThisApp(Destination, appName: String)
  /// A route of a domain that `appName` does not host.
  case noDomain(route: String, appName: String)

  public var kind: ErrorKind { .internal }

  public var translatedMessage: LocalizedText {
    switch self {
    case .notInThisApp(let destination, let appName):
      Strings.errorNotInThisApp(app: appName, destination: destination.place)
    case .noDomain(let route, let appName):
      Strings.errorNoDomain(app: appName, route: route)
    }
  }

  public var userMessage: String { translatedMessage.description }
}

/// The one line shown for any error: `error: <message>` in the reader's language (a
/// ``TranslatedError``'s message, else a reportable error's, else `internal error: …`).
enum ErrorLine {
  static func text(for error: any Error, translator: Translator = .english) -> String {
    Strings.errorLine(message: message(for: error)).resolvedLine(by: translator)
  }

  private static func message(for error: any Error) -> LocalizedText {
    if let translated = error as? any TranslatedError { return translated.translatedMessage }
    if let reportable = error as? any ReportableError { return .verbatim(reportable.userMessage) }
    return Strings.errorInternal(detail: DecodingError.readableLine(for: error))
  }
}
