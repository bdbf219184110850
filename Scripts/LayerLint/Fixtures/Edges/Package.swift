// swift-tools-version: 6.0
// Fixture: module names that differ from target names, a module map that declares another name,
// and imports under #if conditions the manifest decides (see SharperLintTests).
import PackageDescription

let package = Package(
  name: "Edges",
  targets: [
    .target(name: "my-lib"),
    .target(name: "Other"),
    .systemLibrary(name: "Sys", path: "Sys"),
    .target(name: "Consumer", dependencies: ["Other"]),
    .target(
      name: "Flags", dependencies: ["Other"],
      swiftSettings: [.define("FLAG_ON"), .define("ONLY_LINUX", .when(platforms: [.linux]))]),
  ]
)
