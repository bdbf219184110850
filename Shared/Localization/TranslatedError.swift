/// An error whose one line a person reads comes from a string table, in their language. Its
/// English rendering stays what logs and analytics record.
public protocol TranslatedError: Error {
  /// The line shown to the person.
  var translatedMessage: LocalizedText { get }
}

extension LocalizedText {
  /// What went wrong, for a line that quotes another module's error: its translated line when it
  /// has one, else its one readable line (a decoding error by key path, `DecodingError.readableLine(for:)`).
  public static func reason(of error: any Error) -> LocalizedText {
    (error as? any TranslatedError)?.translatedMessage ?? .verbatim(DecodingError.readableLine(for: error))
  }
}
