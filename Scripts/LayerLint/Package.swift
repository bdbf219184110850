// swift-tools-version: 6.0
// The guard-rail tooling of the ISS Application Framework: the layering lint, the module graph
// and the module factory. A separate package on purpose: it lives under `Scripts/`, outside the
// five layers, and no layer module may depend on it. Fixture packages under `Fixtures/` are
// separate SwiftPM packages used by the tests; they are not targets of this package.
import PackageDescription

let package = Package(
  name: "LayerLint",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "layer-lint", targets: ["layer-lint"])
  ],
  targets: [
    .target(name: "LayerLintCore", path: "Sources/LayerLintCore"),
    .executableTarget(name: "layer-lint", dependencies: ["LayerLintCore"], path: "Sources/layer-lint"),
    .testTarget(
      name: "LayerLintTests", dependencies: ["LayerLintCore"], path: "Tests/LayerLintTests"),
  ]
)
