// swift-tools-version: 6.0
// The programs Scripts/bench runs: the floors (a Foundation hello-world, a raw SQLite benchmark
// through the workspace's CSQLite binding, a raw Unix-socket echo) and the project's side of the
// in-process rows (EntityStore, an outbox filled through CosmonautService). Tooling, outside the
// five layers; built in release by Scripts/bench. Not part of Scripts/check.
import PackageDescription

let package = Package(
  name: "BenchFloors",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "ISSApplicationFramework", path: "../..")],
  targets: [
    .executableTarget(name: "hello", path: "Sources/hello"),
    .executableTarget(
      name: "store-bench",
      dependencies: [.product(name: "Persistence", package: "ISSApplicationFramework")],
      path: "Sources/store-bench"),
    .executableTarget(
      name: "outbox-fill",
      dependencies: [
        .product(name: "CosmonautService", package: "ISSApplicationFramework"),
        .product(name: "Persistence", package: "ISSApplicationFramework"),
        .product(name: "AppAnalytics", package: "ISSApplicationFramework"),
        .product(name: "Logging", package: "ISSApplicationFramework"),
      ],
      path: "Sources/outbox-fill"),
    .executableTarget(name: "socket-echo", path: "Sources/socket-echo"),
  ]
)
