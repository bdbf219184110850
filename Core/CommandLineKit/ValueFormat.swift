import AppAnalytics
import Localization

/// How a value is read from one word of a command line (or one deep-link parameter) and written back.
///
/// The same format validates a value whether it came from the command line, a deep link or the
/// environment, so every edge accepts and refuses exactly the same text.
public struct ValueFormat<Value: Sendable>: Sendable {
  /// What a good value is, for error lines and help: "a whole number from 1 to 1000000".
  public let expectation: LocalizedText
  /// What a shell may complete the value with.
  public let completion: Completion
  /// Whether help shows ``expectation`` (a range or a list of choices says more than "text").
  public let documentsValues: Bool
  /// Reads a text as a reader of the language writes it.
  private let reader: @Sendable (String, Language) -> Result<Value, ValueRejection>
  private let writer: @Sendable (Value) -> String

  /// A format reading with `read` (nil = not a valid value) and writing with `write`, so that
  /// `read(write(value)) == value`; the value is written the same in every language.
  public init(
    expectation: some TextArgument, completion: Completion = .none, documentsValues: Bool = false,
    read: @escaping @Sendable (String) -> Value?, write: @escaping @Sendable (Value) -> String
  ) {
    self.init(
      expectation: expectation, completion: completion, documentsValues: documentsValues,
      read: { text, _ in read(text) }, write: write)
  }

  /// A format reading with `read`, which gets the language the person writes in (a decimal reads
  /// with that language's decimal mark: `WrittenNumber.decimal(_:in:)`), and writing with `write` in
  /// the form every language reads, so that `read(write(value), language) == value`.
  public init(
    expectation: some TextArgument, completion: Completion = .none, documentsValues: Bool = false,
    read: @escaping @Sendable (String, Language) -> Value?, write: @escaping @Sendable (Value) -> String
  ) {
    self.expectation = expectation.localizedText
    self.completion = completion
    self.documentsValues = documentsValues
    self.reader = { text, language in
      read(text, language).map { .success($0) } ?? .failure(ValueRejection(reason: nil))
    }
    self.writer = write
  }

  /// A format whose `parse` says why a text is not valid: the message of the `TranslatedError` (or
  /// `ReportableError`) it throws becomes the error line (any other error, the expectation).
  public init(
    expectation: some TextArgument, completion: Completion = .none, documentsValues: Bool = false,
    parse: @escaping @Sendable (String) throws -> Value, write: @escaping @Sendable (Value) -> String
  ) {
    self.expectation = expectation.localizedText
    self.completion = completion
    self.documentsValues = documentsValues
    self.reader = { text, _ in
      do {
        return .success(try parse(text))
      } catch let error as any TranslatedError {
        return .failure(ValueRejection(reason: error.translatedMessage))
      } catch let error as any ReportableError {
        return .failure(ValueRejection(reason: .verbatim(error.userMessage)))
      } catch {
        return .failure(ValueRejection(reason: nil))
      }
    }
    self.writer = write
  }

  private init(
    expectation: LocalizedText, completion: Completion, documentsValues: Bool,
    reader: @escaping @Sendable (String, Language) -> Result<Value, ValueRejection>,
    write: @escaping @Sendable (Value) -> String
  ) {
    self.expectation = expectation
    self.completion = completion
    self.documentsValues = documentsValues
    self.reader = reader
    self.writer = write
  }

  /// The value `text` stands for, as English writes it, or `nil` when it is not valid.
  public func read(_ text: String) -> Value? { read(text, in: .english) }

  /// The value `text` stands for as a reader of `language` writes it, or `nil` when it is not valid.
  public func read(_ text: String, in language: Language) -> Value? { try? reader(text, language).get() }

  /// The value `text` stands for (written as `language` writes it), or why it is not valid.
  func check(_ text: String, in language: Language) -> Result<Value, ValueRejection> { reader(text, language) }

  /// The text that reads back as `value`.
  public func write(_ value: Value) -> String { writer(value) }

  /// A format for another type: reads through this one, then `transform` (nil = invalid); writes back through `reverse`.
  public func map<Other: Sendable>(
    expectation: (any TextArgument)? = nil, _ transform: @escaping @Sendable (Value) -> Other?,
    reverse: @escaping @Sendable (Other) -> Value
  ) -> ValueFormat<Other> {
    ValueFormat<Other>(
      expectation: expectation?.localizedText ?? self.expectation, completion: completion,
      documentsValues: documentsValues,
      reader: { [reader] text, language in
        reader(text, language).flatMap { transform($0).map { .success($0) } ?? .failure(ValueRejection(reason: nil)) }
      },
      write: { [writer] value in writer(reverse(value)) })
  }
}

/// Why a text is not a valid value: a reason of the format's own, or (nil) just its expectation.
struct ValueRejection: Error {
  let reason: LocalizedText?
}

/// What a shell may offer when completing a value.
public enum Completion: Sendable, Equatable {
  /// Nothing to offer.
  case none
  /// One of these words.
  case values([String])
  /// A file name.
  case files
  /// A directory name.
  case directories

  /// The words to offer, if the completion is a list.
  var words: [String] {
    if case .values(let words) = self { return words }
    return []
  }
}

/// A format reads what a person types at a prompt as it reads the command line.
extension ValueFormat: ValueReader {}
