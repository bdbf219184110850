import AppAnalytics
import UIComponents

/// A destination or route that no hosted domain shows: the app was composed without the domain.
public enum NavigationError: ReportableError, Equatable {
  /// A flow asked for `destination`, which no domain of `appName` shows.
  case notInThisApp(Destination, appName: String)
  /// A route of a domain that `appName` does not host.
  case noDomain(route: String, appName: String)

  public var kind: ErrorKind { .internal }

  public var userMessage: String {
    switch self {
    case .notInThisApp(let destination, let appName):
      "\(appName) has no \(destination.rawValue) screen; open it in the app that has one"
    case .noDomain(let route, let appName):
      "\(appName) does not host the domain of \(route)"
    }
  }
}

/// The one line shown for any error.
enum ErrorLine {
  /// `error: <userMessage>` for a reportable error, else `error: internal error: …`.
  static func text(for error: any Error) -> String {
    if let reportable = error as? any ReportableError { return "error: \(reportable.userMessage)" }
    return "error: internal error: \(String(describing: error))"
  }
}
