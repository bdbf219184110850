import AppAnalytics

/// A scripted command of the Cosmonaut domain asked for something that cannot be done as given.
/// (Missing or malformed arguments are `LinkArgumentError`s from UIComponents.)
public enum CosmonautFlowError: ReportableError, Equatable {
  /// `profile set` was given nothing to change.
  case nothingToChange

  public var kind: ErrorKind { .usage }

  public var userMessage: String {
    switch self {
    case .nothingToChange:
      "nothing to change. Give at least one of --name, --agency, --role, --mission"
    }
  }
}
