import GRDBSQLite

#if SQLITE_ENABLE_FTS5
  import Foundation
#endif

#if swift(<5)
  // No Swift 6 build compiles this: the package's language mode is Swift 6.
  import SwiftFourShim
#endif

#if !SWIFT_PACKAGE
  // CocoaPods and Xcode projects only: SwiftPM always sets SWIFT_PACKAGE.
  import SQLite3
#endif

#if SWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE
  import Foundation
#endif

/// A database connection.
public struct Database {
  /// Creates a connection.
  public init() {}
}
