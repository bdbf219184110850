public import Api

public enum StoreInfo {
  /// A title a person reads, not from Strings/ (an `untranslated-text` finding).
  public static let title = "Supply store"
}
