import AppAnalytics

/// Errors of the host itself: a link no domain handles.
public enum ScaffoldError: ReportableError, Equatable {
  /// Script mode: no domain handles the command `link` of the app `appName`.
  case unknownCommand(link: String, appName: String)
  /// Interactive mode: no domain handles `link`; the main menu follows.
  case unknownDestination(link: String)

  public var kind: ErrorKind { .usage }

  public var userMessage: String {
    switch self {
    case .unknownCommand(let link, let appName):
      "unknown command \"\(link)\". Run '\(appName) --help' for the list of commands."
    case .unknownDestination(let link):
      "unknown link \"\(link)\". Choose an entry from the menu below."
    }
  }
}

extension ScaffoldError {
  /// The one line shown for any error: `userMessage` for a reportable error, else `internal error: …`.
  static func line(for error: any Error) -> String {
    if let reportable = error as? any ReportableError { return "error: \(reportable.userMessage)" }
    return "error: internal error: \(String(describing: error))"
  }
}
