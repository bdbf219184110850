#if !SWIFT_PACKAGE
  // The manual install only: SwiftPM never compiles this, so it is no finding.
  import GRDBSQLite
#endif

@testable import GRDB
