public import Api

public enum StoreInfo {
  /// A title a person reads, not from Strings/ (an `untranslated-text` finding).
  public static let title = "Supply store"
}

/// A test double in a production module (a `test-double` finding).
public struct FakeStore {}
