// swift-tools-version: 6.0
// The guard-rail tooling of the ISS Application Framework: the layering lint, the module graph
// and the module factory. A separate package on purpose: it lives under `Scripts/`, outside the
// five layers, and no layer module may depend on it. Fixture packages under `Fixtures/` are
// separate SwiftPM packages used by the tests; they are not targets of this package.
//
// Its modules, bottom to top (each depends only on modules below it; `.layering.json` here says so
// and `Scripts/lint-layers --package-path Scripts/LayerLint` checks it):
//   LayerLintSwiftReader     the Swift lexer: imports, `#if` conditions and their evaluation, literals
//   LayerLintManifestReader  what SwiftPM says about a package: targets, settings, products, resolved packages
//   LayerLintFixer           edits of Package.swift (`lint-layers --fix`)
//   LayerLintEngine          the configuration, the rules, the report and the `lint` command
//   LayerLintWorkspaceTools  module-graph, affected, export, docs and the module factory
//   layer-lint               the executable: one subcommand per tool
// The root manifest of the repository builds the same folders for its `LintLayers` command plugin.
import PackageDescription

let package = Package(
  name: "LayerLint",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "layer-lint", targets: ["layer-lint"])
  ],
  targets: [
    .target(name: "LayerLintSwiftReader", path: "Sources/LayerLintSwiftReader"),
    .target(
      name: "LayerLintManifestReader", dependencies: ["LayerLintSwiftReader"], path: "Sources/LayerLintManifestReader"),
    .target(name: "LayerLintFixer", path: "Sources/LayerLintFixer"),
    .target(
      name: "LayerLintEngine", dependencies: ["LayerLintSwiftReader", "LayerLintManifestReader", "LayerLintFixer"],
      path: "Sources/LayerLintEngine"),
    .target(
      name: "LayerLintWorkspaceTools", dependencies: ["LayerLintManifestReader", "LayerLintEngine"],
      path: "Sources/LayerLintWorkspaceTools"),
    .executableTarget(
      name: "layer-lint", dependencies: ["LayerLintEngine", "LayerLintWorkspaceTools"], path: "Sources/layer-lint"),
    .testTarget(
      name: "LayerLintTests",
      dependencies: [
        "LayerLintSwiftReader", "LayerLintManifestReader", "LayerLintFixer", "LayerLintEngine",
        "LayerLintWorkspaceTools",
      ],
      path: "Tests/LayerLintTests"),
  ]
)
