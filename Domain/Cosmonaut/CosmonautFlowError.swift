import AppAnalytics

/// A scripted command of the Cosmonaut domain was called with missing or malformed arguments.
public enum CosmonautFlowError: ReportableError, Equatable {
  /// A required argument was not given; `usage` shows the right form.
  case missingArgument(name: String, usage: String)
  /// An argument could not be read; `usage` shows the right form.
  case invalidArgument(name: String, value: String, expected: String)
  /// `profile set` was given nothing to change.
  case nothingToChange

  public var kind: ErrorKind { .usage }

  public var userMessage: String {
    switch self {
    case .missingArgument(let name, let usage):
      "missing \(name). Usage: \(usage)"
    case .invalidArgument(let name, let value, let expected):
      "\(name) \"\(value)\" is not valid: expected \(expected)"
    case .nothingToChange:
      "nothing to change. Give at least one of --name, --agency, --role, --mission"
    }
  }
}
