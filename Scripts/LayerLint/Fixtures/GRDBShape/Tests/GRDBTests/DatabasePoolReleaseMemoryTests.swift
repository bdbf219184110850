// Import C SQLite functions
#if GRDBCIPHER  // CocoaPods (SQLCipher subspec)
  import SQLCipher
#elseif SWIFT_PACKAGE
  import GRDBSQLite
#else
  import SQLite3
#endif

#if swift(>=6)
  // The tests compile in Swift 5 mode: no build compiles this.
  import SwiftSixOnly
#endif

#if swift(>=5.10)
  import XCTest
#endif

@testable import GRDB

final class DatabasePoolReleaseMemoryTests: XCTestCase {
  func testOpens() {
    _ = Database()
  }
}
