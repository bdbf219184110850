/// Why an answer was not accepted, as one line the user can act on.
public struct ValidationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was wrong and what to type instead.
  public let message: String

  /// An error with a one-line message.
  public init(_ message: String) { self.message = message }

  public var description: String { message }
}

/// A question whose answer is parsed and validated; asked again until the answer is valid, or
/// cancelled: Ctrl-D or Ctrl-C, and — for a prompt that says so — an empty answer.
public struct Prompt<Value> {
  /// The question, e.g. `"Quantity:"`.
  public let message: String
  /// Whether an empty answer cancels the question (shown as "Enter to go back").
  public let emptyAnswerCancels: Bool
  private let parse: (String) -> Result<Value, ValidationError>

  /// A question and the parser that validates the answer (the answer is trimmed of surrounding
  /// whitespace). With `emptyAnswerCancels`, an empty answer goes back instead of reaching the parser.
  public init(
    _ message: String, emptyAnswerCancels: Bool = false, parse: @escaping (String) -> Result<Value, ValidationError>
  ) {
    self.message = message
    self.emptyAnswerCancels = emptyAnswerCancels
    self.parse = parse
  }

  /// The parse result for an answer (trimmed of surrounding whitespace first).
  public func validate(_ answer: String) -> Result<Value, ValidationError> {
    parse(answer.trimmingWhitespace())
  }

  /// Asks until the answer parses, printing the validation message (one error line) after each bad
  /// answer; `nil` when cancelled (Ctrl-D, Ctrl-C, end of input, or an empty answer where that cancels).
  @MainActor public func ask(on terminal: Terminal) -> Value? {
    let prompt = message.hasSuffix(" ") || message.isEmpty ? message : message + " "
    while let answer = terminal.readLine(prompt: prompt) {
      if emptyAnswerCancels && answer.trimmingWhitespace().isEmpty { return nil }
      switch validate(answer) {
      case .success(let value): return value
      case .failure(let error): terminal.printError(error.message)
      }
    }
    return nil
  }
}

extension Prompt where Value == String {
  /// A question that accepts any non-empty answer; an empty answer goes back.
  public static func nonEmpty(_ message: String) -> Prompt<String> {
    Prompt(message, emptyAnswerCancels: true) { .success($0) }
  }
}

extension Prompt where Value == Int {
  /// A question that accepts a whole number within `range`; an empty answer goes back.
  public static func integer(_ message: String, in range: ClosedRange<Int>) -> Prompt<Int> {
    Prompt(message, emptyAnswerCancels: true) { answer in
      guard let number = Int(answer), range.contains(number) else {
        return .failure(
          ValidationError("\"\(answer)\" is not a whole number from \(range.lowerBound) to \(range.upperBound)."))
      }
      return .success(number)
    }
  }
}

extension Prompt where Value == Bool {
  /// A yes/no question: `y`/`yes` or `n`/`no` in any case; an empty answer is no.
  public static func yesOrNo(_ message: String) -> Prompt<Bool> {
    Prompt(message) { answer in
      switch answer.lowercased() {
      case "y", "yes": .success(true)
      case "", "n", "no": .success(false)
      default: .failure(ValidationError("answer y or n"))
      }
    }
  }
}
