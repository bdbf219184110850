// swift-tools-version: 6.0
// Fixture: the workspace's one-line-per-module manifest style, with imports `lint-layers --fix`
// can declare (Feature -> Log, StoreTests -> Log) and one it must not (Store -> Feature).
import PackageDescription

// swift-format-ignore
let app: [Module] = [
  .executable("Tool", product: "tool", dependsOn: ["Feature"]),
]

// swift-format-ignore
let domain: [Module] = [
  .library("Feature", dependsOn: ["Store"]),
]

// swift-format-ignore
let core: [Module] = [
  .library("Store", dependsOn: []),
]

// swift-format-ignore
let shared: [Module] = [
  .library("Log", dependsOn: []),
]

let smokeTests: [Target] = [
  .testTarget(name: "ToolSmokeTests", dependencies: ["Tool"], path: "Tests/ToolSmokeTests")
]

struct Module {
  let name: String
  let folder: String
  let dependencies: [String]
  let testDependencies: [String]
  let isExecutable: Bool

  static func library(_ name: String, dependsOn: [String], testsUse: [String] = []) -> Module {
    Module(name: name, folder: "", dependencies: dependsOn, testDependencies: testsUse, isExecutable: false)
  }

  static func executable(_ name: String, product: String, dependsOn: [String], testsUse: [String] = []) -> Module {
    Module(name: name, folder: "", dependencies: dependsOn, testDependencies: testsUse, isExecutable: true)
  }

  func targets(in layer: String) -> [Target] {
    let dependencies = self.dependencies.map { Target.Dependency(stringLiteral: $0) }
    let main: Target =
      isExecutable
      ? .executableTarget(name: name, dependencies: dependencies, path: "\(layer)/\(name)")
      : .target(name: name, dependencies: dependencies, path: "\(layer)/\(name)")
    let tests = Target.testTarget(
      name: "\(name)Tests", dependencies: ([name] + self.dependencies + testDependencies).map { .init(stringLiteral: $0) },
      path: "Tests/\(name)Tests")
    return [main, tests]
  }
}

let groups: [(String, [Module])] = [("App", app), ("Domain", domain), ("Core", core), ("Shared", shared)]

let package = Package(
  name: "Styled",
  targets: groups.flatMap { layer, modules in modules.flatMap { $0.targets(in: layer) } } + smokeTests
)
