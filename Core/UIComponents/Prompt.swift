import Localization

/// Why an answer was not accepted, as one line the user can act on.
public struct ValidationError: Error, Sendable, Equatable, CustomStringConvertible, TranslatedError {
  /// What was wrong and what to type instead, in every language.
  public let translatedMessage: LocalizedText

  /// An error with a one-line message. A message that repeats the answer fills it in as
  /// `InertText(answer)`, so that what was typed is shown inert.
  public init(_ message: some TextArgument) { translatedMessage = message.localizedText }

  /// The message in English.
  public var message: String { translatedMessage.description }

  public var description: String { message }

  /// Two errors are equal when they say the same (in English), however the text was made.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.message == rhs.message }
}

/// A question whose answer is parsed and validated, asked again until the answer is valid.
///
/// A person can always go back to the menu the question came from, and every question says how:
/// Ctrl-D and Ctrl-C cancel any prompt, and so does an empty answer — the question ends with
/// "(Enter to go back)" in the terminal's language, or says so where it reads best. Only a prompt
/// that gives the empty answer a meaning of its own (`yesOrNo`'s no, a field editor's "keep the
/// value in brackets") shows that meaning instead.
public struct Prompt<Value> {
  /// The question as it is shown, the way back included.
  public let message: LocalizedText
  /// What an empty answer gives instead of going back (nil: it goes back).
  private let emptyAnswer: Value?
  private let parse: (String) -> Result<Value, ValidationError>

  /// A question whose empty answer goes back, shown as `<question> (Enter to go back): `. `parse`
  /// gets the answer trimmed of surrounding whitespace, never empty.
  public init(_ question: some TextArgument, parse: @escaping (String) -> Result<Value, ValidationError>) {
    self.init(question: { Strings.promptGoBack(question: question, goBack: $0) }, parse: parse)
  }

  /// A question whose empty answer goes back and that says so itself, where it reads best:
  /// `question` gets the words for it ("Enter to go back") to place, e.g. `Item (water, food; Enter to go back): `.
  public init(
    question: (_ goBack: LocalizedText) -> LocalizedText, parse: @escaping (String) -> Result<Value, ValidationError>
  ) {
    self.init(shown: question(Strings.promptEnterGoesBack), emptyAnswer: nil, parse: parse)
  }

  /// A question whose empty answer means `emptyAnswer` (Ctrl-D and Ctrl-C still go back); the
  /// question shows what Enter does, e.g. `Go ahead? [y/N]` or `Name [Valentina]: `.
  public init(
    _ question: some TextArgument, emptyAnswer: Value, parse: @escaping (String) -> Result<Value, ValidationError>
  ) {
    self.init(shown: question.localizedText, emptyAnswer: emptyAnswer, parse: parse)
  }

  private init(
    shown: LocalizedText, emptyAnswer: Value?, parse: @escaping (String) -> Result<Value, ValidationError>
  ) {
    message = shown
    self.emptyAnswer = emptyAnswer
    self.parse = parse
  }

  /// Whether an empty answer goes back (rather than meaning a value of its own).
  public var emptyAnswerGoesBack: Bool { emptyAnswer == nil }

  /// The parse result for an answer (trimmed of surrounding whitespace first); an empty answer
  /// gives the prompt's meaning of it, if it has one.
  public func validate(_ answer: String) -> Result<Value, ValidationError> {
    let trimmed = answer.trimmingWhitespace()
    if trimmed.isEmpty, let emptyAnswer { return .success(emptyAnswer) }
    return parse(trimmed)
  }

  /// Asks until the answer parses, printing the validation message (one error line) after each bad
  /// answer; `nil` when the person goes back (an empty answer where that goes back, Ctrl-D, Ctrl-C)
  /// or input ends.
  @MainActor public func ask(on terminal: Terminal) -> Value? {
    let question = terminal.translator(message)
    let prompt = question.hasSuffix(" ") || question.isEmpty ? question : question + " "
    while let answer = terminal.readLine(prompt: prompt) {
      if emptyAnswerGoesBack && answer.trimmingWhitespace().isEmpty { return nil }
      switch validate(answer) {
      case .success(let value): return value
      case .failure(let error): terminal.printError(error.translatedMessage)
      }
    }
    return nil
  }
}

extension Prompt {
  /// A question whose answer `format` reads (a command's argument asked for at a prompt: its
  /// format), as a reader of `language` writes it; an answer it cannot read is refused with
  /// `"<answer>" is not <expectation>`.
  public static func reading(
    _ question: some TextArgument, _ format: some ValueReader<Value>, in language: Language = .english
  ) -> Prompt<Value> {
    Prompt(question) { answer in
      format.read(answer, in: language).map { .success($0) }
        ?? .failure(ValidationError(Strings.promptNotValid(answer: InertText(answer), expectation: format.expectation)))
    }
  }
}

extension Prompt where Value == String {
  /// A question that accepts any non-empty answer; an empty answer goes back.
  public static func nonEmpty(_ message: some TextArgument) -> Prompt<String> {
    Prompt(message) { .success($0) }
  }
}

extension Prompt where Value == Int {
  /// A question that accepts a whole number within `range`; an empty answer goes back.
  public static func integer(_ message: some TextArgument, in range: ClosedRange<Int>) -> Prompt<Int> {
    Prompt(message) { answer in
      guard let number = WrittenNumber.integer(answer), range.contains(number) else {
        return .failure(
          ValidationError(
            Strings.promptNotAWholeNumber(
              answer: InertText(answer), lowest: range.lowerBound, highest: range.upperBound)))
      }
      return .success(number)
    }
  }
}

extension Prompt where Value == Bool {
  /// A yes/no question: `y`/`yes` or `n`/`no` in any case (also Russian `д`/`да` and `н`/`нет`);
  /// an empty answer is no, as the question's `[y/N]` says.
  public static func yesOrNo(_ message: some TextArgument) -> Prompt<Bool> {
    Prompt(message, emptyAnswer: false) { answer in
      switch answer.lowercased() {
      case "y", "yes", "д", "да": .success(true)
      case "n", "no", "н", "нет": .success(false)
      default: .failure(ValidationError(Strings.promptAnswerYesOrNo))
      }
    }
  }
}
