// swift-tools-version: 6.1
// Fixture: the shape of GRDB.swift that the lint used to misread. The tests import the SQLite system
// library under `#if SWIFT_PACKAGE`, which SwiftPM sets in every build, without declaring it: 7
// `undeclared-import` findings. `#if !SWIFT_PACKAGE` is never compiled by SwiftPM; `swift(…)` follows
// each target's language mode (the tests' Swift 5, the package's Swift 6). See SwiftPMConditionsTests.
import PackageDescription

let package = Package(
  name: "GRDBShape",
  products: [.library(name: "GRDB", targets: ["GRDB"])],
  targets: [
    .systemLibrary(name: "GRDBSQLite", providers: [.apt(["libsqlite3-dev"])]),
    .target(
      name: "GRDB", dependencies: ["GRDBSQLite"], path: "GRDB", resources: [.copy("PrivacyInfo.xcprivacy")],
      swiftSettings: [.define("SQLITE_ENABLE_FTS5"), .define("SQLITE_DISABLE_SNAPSHOT", .when(platforms: [.linux]))]),
    .testTarget(
      name: "GRDBTests", dependencies: ["GRDB"], path: "Tests/GRDBTests",
      swiftSettings: [.define("SQLITE_ENABLE_FTS5"), .swiftLanguageMode(.v5)]),
  ],
  swiftLanguageModes: [.v6]
)
