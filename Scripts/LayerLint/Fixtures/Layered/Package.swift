// swift-tools-version: 6.0
// Fixture: a layered package that breaks every rule at least once (see LayeredFixtureTests).
import PackageDescription

let package = Package(
  name: "Layered",
  targets: [
    .executableTarget(name: "Tool", dependencies: ["Feature"], path: "App/Tool"),
    .target(name: "Feature", dependencies: ["Other", "Api"], path: "Domain/Feature", exclude: ["PartnerVocabulary.json"]),
    .target(name: "Other", dependencies: ["FeatureInterface"], path: "Domain/Other"),
    .target(name: "FeatureInterface", dependencies: ["Store"], path: "Domain/FeatureInterface"),
    .target(name: "Api", dependencies: ["Log"], path: "Service/Api"),
    .target(name: "ApiInterface", dependencies: ["Api"], path: "Service/ApiInterface"),
    .executableTarget(name: "Daemon", dependencies: ["Api"], path: "Service/Daemon"),
    .target(name: "Store", dependencies: ["Api"], path: "Core/Store", exclude: ["Strings"]),
    .target(name: "Log", dependencies: ["Gen"], path: "Shared/Log"),
    .target(name: "Gen", path: "Scripts/Gen"),
    .target(name: "Stray", path: "Misc/Stray"),
    .testTarget(name: "ToolTests", dependencies: ["Tool"], path: "Tests/ToolTests"),
    .testTarget(name: "FeatureTests", dependencies: ["Feature"], path: "Tests/FeatureTests"),
    .testTarget(name: "FeatureInterfaceTests", dependencies: ["FeatureInterface"], path: "Tests/FeatureInterfaceTests"),
    .testTarget(name: "ApiTests", dependencies: ["Api"], path: "Tests/ApiTests"),
    .testTarget(name: "ApiInterfaceTests", dependencies: ["ApiInterface"], path: "Tests/ApiInterfaceTests"),
    .testTarget(name: "DaemonTests", dependencies: ["Daemon"], path: "Tests/DaemonTests"),
    .testTarget(name: "StoreTests", dependencies: ["Store", "Tool"], path: "Tests/StoreTests"),
    .testTarget(name: "LogTests", dependencies: ["Log"], path: "Tests/LogTests"),
    .testTarget(name: "StrayTests", dependencies: ["Stray"], path: "Tests/StrayTests"),
    .testTarget(name: "RandomTests", dependencies: ["Log"], path: "Tests/RandomTests"),
  ]
)
