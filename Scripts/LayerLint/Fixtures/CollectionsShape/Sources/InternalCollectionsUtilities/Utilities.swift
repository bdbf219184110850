/// Shared helpers of the collection modules.
public enum Utilities {
  /// A value the modules share.
  public static let capacity = 16
}
