import Localization

/// Why an answer was not accepted, as one line the user can act on.
public struct ValidationError: Error, Sendable, Equatable, CustomStringConvertible, TranslatedError {
  /// What was wrong and what to type instead, in every language.
  public let translatedMessage: LocalizedText

  /// An error with a one-line message.
  public init(_ message: some TextArgument) { translatedMessage = message.localizedText }

  /// The message in English.
  public var message: String { translatedMessage.description }

  public var description: String { message }

  /// Two errors are equal when they say the same (in English), however the text was made.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.message == rhs.message }
}

/// A question whose answer is parsed and validated; asked again until the answer is valid, or
/// cancelled: Ctrl-D or Ctrl-C, and — for a prompt that says so — an empty answer.
public struct Prompt<Value> {
  /// The question, e.g. `"Quantity:"`.
  public let message: LocalizedText
  /// Whether an empty answer cancels the question (shown as "Enter to go back").
  public let emptyAnswerCancels: Bool
  private let parse: (String) -> Result<Value, ValidationError>

  /// A question and the parser that validates the answer (the answer is trimmed of surrounding
  /// whitespace). With `emptyAnswerCancels`, an empty answer goes back instead of reaching the parser.
  public init(
    _ message: some TextArgument, emptyAnswerCancels: Bool = false,
    parse: @escaping (String) -> Result<Value, ValidationError>
  ) {
    self.message = message.localizedText
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
    let question = terminal.translator(message)
    let prompt = question.hasSuffix(" ") || question.isEmpty ? question : question + " "
    while let answer = terminal.readLine(prompt: prompt) {
      if emptyAnswerCancels && answer.trimmingWhitespace().isEmpty { return nil }
      switch validate(answer) {
      case .success(let value): return value
      case .failure(let error): terminal.printError(error.translatedMessage)
      }
    }
    return nil
  }
}

extension Prompt where Value == String {
  /// A question that accepts any non-empty answer; an empty answer goes back.
  public static func nonEmpty(_ message: some TextArgument) -> Prompt<String> {
    Prompt(message, emptyAnswerCancels: true) { .success($0) }
  }
}

extension Prompt where Value == Int {
  /// A question that accepts a whole number within `range`; an empty answer goes back.
  public static func integer(_ message: some TextArgument, in range: ClosedRange<Int>) -> Prompt<Int> {
    Prompt(message, emptyAnswerCancels: true) { answer in
      guard let number = Int(answer), range.contains(number) else {
        return .failure(
          ValidationError(
            Strings.promptNotAWholeNumber(answer: answer, lowest: range.lowerBound, highest: range.upperBound)))
      }
      return .success(number)
    }
  }
}

extension Prompt where Value == Bool {
  /// A yes/no question: `y`/`yes` or `n`/`no` in any case (also Russian `д`/`да` and `н`/`нет`);
  /// an empty answer is no.
  public static func yesOrNo(_ message: some TextArgument) -> Prompt<Bool> {
    Prompt(message) { answer in
      switch answer.lowercased() {
      case "y", "yes", "д", "да": .success(true)
      case "", "n", "no", "н", "нет": .success(false)
      default: .failure(ValidationError(Strings.promptAnswerYesOrNo))
      }
    }
  }
}
