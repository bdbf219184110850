import Localization

/// The validated values of one parsed command (or of the program's global options).
///
/// Only the parser makes one, after every value has been read by its parameter's format, so the
/// typed look-ups below cannot fail for a parameter of the command.
public struct ParsedValues: Sendable {
  private let values: [String: any Sendable]
  /// The language the person wrote the values in: a command that reads a word itself (a number
  /// in a free-form argument) reads it as this language writes it.
  public let language: Language

  init(_ values: [String: any Sendable], language: Language = .english) {
    self.values = values
    self.language = language
  }

  /// The value of a required argument.
  public subscript<Value>(_ argument: Argument<Value>) -> Value {
    guard let value = values[argument.name] as? Value else {
      preconditionFailure("<\(argument.name)> is not a parameter of this command")
    }
    return value
  }

  /// The value of an option, `nil` when it was not given.
  public subscript<Value>(_ option: Option<Value>) -> Value? {
    values[option.name] as? Value
  }

  /// Whether a flag was given.
  public subscript(_ flag: Flag) -> Bool {
    values[flag.name] as? Bool ?? false
  }

  /// True when `name` was given (an option or flag) or is an argument.
  public func contains(_ name: String) -> Bool { values[name] != nil }
}
