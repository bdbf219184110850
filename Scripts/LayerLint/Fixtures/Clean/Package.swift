// swift-tools-version: 6.0
// Fixture: a layered package that follows every rule; the lint must find nothing.
import PackageDescription

let package = Package(
  name: "Clean",
  targets: [
    .executableTarget(name: "Launcher", dependencies: ["Feature", "Other", "Log"], path: "App/Launcher"),
    .target(name: "FeatureInterface", dependencies: ["Log"], path: "Domain/FeatureInterface"),
    .target(name: "Feature", dependencies: ["FeatureInterface", "CLib", "Log"], path: "Domain/Feature"),
    .target(name: "Other", dependencies: ["FeatureInterface"], path: "Domain/Other"),
    .systemLibrary(name: "CLib", path: "Core/CLib"),
    .target(name: "Log", path: "Shared/Log"),
    .target(name: "TestKit", dependencies: ["Log"], path: "Tests/TestKit"),
    .testTarget(name: "LauncherTests", dependencies: ["Launcher"], path: "Tests/LauncherTests"),
    .testTarget(name: "FeatureTests", dependencies: ["Feature", "Log", "TestKit"], path: "Tests/FeatureTests"),
    .testTarget(name: "FeatureInterfaceTests", dependencies: ["FeatureInterface"], path: "Tests/FeatureInterfaceTests"),
    .testTarget(name: "OtherTests", dependencies: ["Other", "FeatureInterface"], path: "Tests/OtherTests"),
    .testTarget(name: "LogTests", dependencies: ["Log", "TestKit"], path: "Tests/LogTests"),
    .testTarget(name: "EndToEndTests", dependencies: ["Launcher"], path: "Tests/EndToEndTests"),
  ]
)
