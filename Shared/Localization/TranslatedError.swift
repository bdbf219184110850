/// An error whose one line a person reads comes from a string table, in their language. Its
/// English rendering stays what logs and analytics record.
public protocol TranslatedError: Error {
  /// The line shown to the person.
  var translatedMessage: LocalizedText { get }
}
