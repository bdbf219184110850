import AppAnalytics

/// A deep link's argument was missing or malformed; the message shows the right form.
public enum LinkArgumentError: ReportableError, Equatable {
  /// The argument `name` was not given; `usage` shows the command's form.
  case missing(name: String, usage: String)
  /// The argument `name` had `value`, which is not what the command expects.
  case invalid(name: String, value: String, expected: String)

  public var kind: ErrorKind { .usage }

  public var userMessage: String {
    switch self {
    case .missing(let name, let usage): "missing \(name). Usage: \(usage)"
    case .invalid(let name, let value, let expected): "\(name) \"\(value)\" is not valid: expected \(expected)"
    }
  }
}

extension DeepLink {
  /// The non-empty parameter `parameter`, shown to the user as `label`; throws when it is absent.
  public func argument(_ parameter: String, label: String, usage: String) throws(LinkArgumentError) -> String {
    guard let value = parameters[parameter], !value.isEmpty else {
      throw .missing(name: label, usage: usage)
    }
    return value
  }

  /// The parameter `parameter` as a whole number greater than zero, or nil when absent.
  public func positiveInteger(_ parameter: String, label: String) throws(LinkArgumentError) -> Int? {
    guard let text = parameters[parameter] else { return nil }
    guard let value = Int(text), value > 0 else {
      throw .invalid(name: label, value: text, expected: "a whole number greater than zero")
    }
    return value
  }
}
