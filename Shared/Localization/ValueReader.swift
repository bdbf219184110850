/// Reads a value from text a person typed and says, in every language, what a good one is — what
/// a command-line argument's format does and a prompt asking for the same value needs, so both
/// read it the same way without knowing each other.
public protocol ValueReader<Value> {
  /// The value read.
  associatedtype Value
  /// What a good value is, for error lines: "a whole number from 1 to 1000000".
  var expectation: LocalizedText { get }
  /// The value `text` stands for, or `nil` when it is not valid.
  func read(_ text: String) -> Value?
  /// The value `text` stands for as a reader of `language` writes it (a decimal with the
  /// language's own decimal mark), or `nil`; by default what ``read(_:)`` reads.
  func read(_ text: String, in language: Language) -> Value?
}

extension ValueReader {
  /// What ``read(_:)`` reads: the value is written the same in every language.
  public func read(_ text: String, in language: Language) -> Value? { read(text) }
}
