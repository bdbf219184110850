// import Hidden — a comment is not an import
/* import Hidden /* nested */ import Hidden */
@testable import Other
@_exported import Api
import struct Log.Logger
#if canImport(Store)
  import Store
#endif

/// The fixture's feature.
public enum FeatureInfo {
  /// Its name, with a string that looks like an import.
  public static let name = "import Log"
  static let raw = #"import Store "# + """
    import Store
    """
}
