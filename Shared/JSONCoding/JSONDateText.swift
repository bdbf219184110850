import FoundationEssentials

/// How dates are written and read as JSON strings: what `JSONEncoder.DateEncodingStrategy.custom`
/// and `JSONDecoder.DateDecodingStrategy.custom` do with a single string, without a nested encoder
/// or decoder. The module that owns a date form hands it over (Core's stores and clients pass
/// Logging's `UTCTimestamp`); this module names none.
public struct JSONDateText: Sendable {
  /// The text of a date.
  let write: @Sendable (Date) -> String
  /// The date a text names, or nil when it names none.
  let read: @Sendable (String) -> Date?
  /// The `debugDescription` of the `DecodingError.dataCorrupted` thrown for a string `read` refuses,
  /// given that string.
  let refusal: @Sendable (String) -> String

  /// A date form from its writer, its reader and the words of its refusal (by default the words of
  /// `JSONDecoder`'s own date strategies: "Expected date string to be ISO8601-formatted.").
  public init(
    write: @escaping @Sendable (Date) -> String, read: @escaping @Sendable (String) -> Date?,
    refusal: @escaping @Sendable (String) -> String = { _ in "Expected date string to be ISO8601-formatted." }
  ) {
    self.write = write
    self.read = read
    self.refusal = refusal
  }
}
