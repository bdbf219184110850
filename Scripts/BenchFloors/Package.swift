// swift-tools-version: 6.0
// The programs Scripts/bench runs: the floors (a hello-world encoding JSON with FoundationEssentials,
// linked as the apps are, one in plain Swift beneath it, and one that also reads the store through
// the system SQLite linked as the apps link it; a raw SQLite benchmark through the workspace's
// CSQLite binding) and the project's side of the in-process rows (EntityStore; outboxes
// filled through the live cosmonaut client in Houston's and TsUP's dialects and LaboratoryService;
// the suit's telemetry requests through the client the apps make). The Unix-socket echo floor, the
// C hello-world and the resident-set probe are C (socket-echo.c, hello.c, max-rss.c, built by
// Scripts/bench with cc). Tooling, outside the five layers; built in release by Scripts/bench. Not
// part of Scripts/check.
import Foundation
import PackageDescription

/// As the workspace's modules are built (its Package.swift's `callerIsolation`): an `async` function
/// of no actor runs on its caller's, which is also how the workspace's signatures are spelled.
let callerIsolation: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

/// As the workspace's release modules are compiled (its Package.swift's `separateSections`): each
/// function in a section of its own, for the linker's dead stripping.
let separateSections = ["-Xfrontend", "-function-sections"]

/// As the workspace links SQLite (its Package.swift's `sqlite`): the archive in a release build on
/// Linux when the system has it, else the shared library.
let sqlite: [LinkerSetting] = {
  let archive = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"].contains {
    FileManager.default.fileExists(atPath: "\($0)/libsqlite3.a")
  }
  guard archive else { return [.linkedLibrary("sqlite3")] }
  return [
    .linkedLibrary(":libsqlite3.a", .when(platforms: [.linux], configuration: .release)),
    .linkedLibrary("sqlite3", .when(platforms: [.linux], configuration: .debug)),
    .linkedLibrary("sqlite3", .when(platforms: [.macOS])),
  ]
}()

let package = Package(
  name: "BenchFloors",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "ISSApplicationFramework", path: "../..")],
  targets: [
    // Linked as the workspace's release executables are (its Package.swift's `releaseLinking`).
    .executableTarget(
      name: "hello", path: "Sources/hello",
      swiftSettings: [.unsafeFlags(["-static-stdlib"] + separateSections, .when(configuration: .release))],
      linkerSettings: [
        .unsafeFlags(["-static-stdlib", "-Xlinker", "--no-export-dynamic"], .when(configuration: .release))
      ]),
    // The hello-world that also reads the store through the system SQLite, bound by the workspace's
    // own CSQLite header (CSQLite is no product) and linked as the apps link it (`sqlite`).
    .systemLibrary(name: "FloorSQLite", path: "Sources/FloorSQLite"),
    .executableTarget(
      name: "hello-sqlite", dependencies: ["FloorSQLite"], path: "Sources/hello-sqlite",
      swiftSettings: [.unsafeFlags(["-static-stdlib"] + separateSections, .when(configuration: .release))],
      linkerSettings: [
        .unsafeFlags(["-static-stdlib", "-Xlinker", "--no-export-dynamic"], .when(configuration: .release))
      ] + sqlite),
    .executableTarget(
      name: "hello-swift", path: "Sources/hello-swift",
      swiftSettings: [.unsafeFlags(["-static-stdlib"] + separateSections, .when(configuration: .release))],
      linkerSettings: [
        .unsafeFlags(["-static-stdlib", "-Xlinker", "--no-export-dynamic"], .when(configuration: .release))
      ]),
    .executableTarget(
      name: "store-bench",
      dependencies: [.product(name: "Persistence", package: "ISSApplicationFramework")],
      path: "Sources/store-bench", swiftSettings: callerIsolation),
    .executableTarget(
      name: "outbox-fill",
      dependencies: [
        .product(name: "CosmonautService", package: "ISSApplicationFramework"),
        .product(name: "TsUPMissionControl", package: "ISSApplicationFramework"),
        .product(name: "HoustonMissionControl", package: "ISSApplicationFramework"),
        .product(name: "MissionControlInterface", package: "ISSApplicationFramework"),
        .product(name: "LaboratoryService", package: "ISSApplicationFramework"),
        .product(name: "LaboratoryServiceInterface", package: "ISSApplicationFramework"),
        .product(name: "Radio", package: "ISSApplicationFramework"),
        .product(name: "Persistence", package: "ISSApplicationFramework"),
        .product(name: "AppAnalytics", package: "ISSApplicationFramework"),
        .product(name: "Logging", package: "ISSApplicationFramework"),
      ],
      path: "Sources/outbox-fill", swiftSettings: callerIsolation),
    .executableTarget(
      name: "suit-trips",
      dependencies: [
        .product(name: "SpacesuitService", package: "ISSApplicationFramework"),
        .product(name: "SpacesuitServiceInterface", package: "ISSApplicationFramework"),
        .product(name: "Radio", package: "ISSApplicationFramework"),
        .product(name: "AppAnalytics", package: "ISSApplicationFramework"),
        .product(name: "Logging", package: "ISSApplicationFramework"),
      ],
      path: "Sources/suit-trips",
      swiftSettings: callerIsolation + [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))],
      linkerSettings: [
        .unsafeFlags(["-static-stdlib", "-Xlinker", "--no-export-dynamic"], .when(configuration: .release))
      ]),
  ]
)
