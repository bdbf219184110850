import Foundation
import Testing

@testable import LayerLintManifestReader

/// The lint as any team adopts it: a package outside this workspace depends on it by path (its root
/// manifest exports the `LintLayers` command plugin) and runs `swift package lint-layers`.
///
/// The consumer lives in a fixed folder of the system's temporary directory, so that SwiftPM compiles
/// the plugin once (about half a minute) and later runs reuse it; its sources are written afresh each time.
@Suite(.serialized) struct PluginConsumerTests {
  /// This repository's root: the package a consumer depends on.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static let consumer = FileManager.default.temporaryDirectory.appendingPathComponent("layer-lint-plugin-consumer")

  static let manifest = """
    // swift-tools-version: 6.1
    import PackageDescription

    let package = Package(
      name: "Shop",
      dependencies: [.package(path: "\(repository.path)")],
      targets: [
        .target(name: "CartFeature", dependencies: ["Helpers"]),
        .target(name: "NetworkKit"),
        .target(name: "Helpers"),
        .testTarget(name: "CartFeatureTests", dependencies: ["CartFeature"]),
      ]
    )

    """

  /// Writes the consumer package (keeping SwiftPM's `.build`): CartFeature imports NetworkKit without
  /// declaring it and declares Helpers without importing it.
  static func writeConsumer(configuration: String? = nil) throws {
    let manager = FileManager.default
    try manager.createDirectory(at: consumer, withIntermediateDirectories: true)
    for name in try manager.contentsOfDirectory(atPath: consumer.path) where name != ".build" {
      try manager.removeItem(at: consumer.appendingPathComponent(name))
    }
    var files = [
      "Package.swift": manifest,
      "Sources/CartFeature/Cart.swift": "import NetworkKit\n\npublic struct Cart {}\n",
      "Sources/NetworkKit/Client.swift": "public struct Client {}\n",
      "Sources/Helpers/Format.swift": "public func format() {}\n",
      "Tests/CartFeatureTests/CartTests.swift":
        "import Testing\n@testable import CartFeature\n\n@Test func cart() {}\n",
    ]
    if let configuration { files[".layering.json"] = configuration }
    for (path, contents) in files {
      let url = consumer.appendingPathComponent(path)
      try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
    }
  }

  static func runPlugin(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let result = try ProcessRunner.run(
      "swift", arguments: ["package", "--package-path", consumer.path, "lint-layers"] + arguments)
    return (result.status, String(decoding: result.standardOutput, as: UTF8.self) + result.standardError)
  }

  @Test func aConsumerRunsThePluginAndGetsFindingsInEveryFormat() throws {
    try Self.writeConsumer()
    let text = try Self.runPlugin([])
    #expect(text.status != 0, "\(text.output)")
    #expect(
      text.output.contains(
        "Sources/CartFeature/Cart.swift:1: error: [undeclared-import] CartFeature -> NetworkKit: imports NetworkKit without declaring it as a direct dependency. Fix: add \"NetworkKit\" to CartFeature's dependencies in Package.swift"
      ), "\(text.output)")
    #expect(
      text.output.contains(
        "Package.swift:8: error: [redundant-dependency] CartFeature -> Helpers: declares \"Helpers\" as a dependency, but no source file of CartFeature imports it. Fix: remove \"Helpers\" from CartFeature's dependencies in Package.swift"
      ), "\(text.output)")
    #expect(text.output.contains("lint-layers: 2 violations in 1 target — 3 modules, 4 files scanned"))

    let github = try Self.runPlugin(["--format", "github"])
    #expect(
      github.output.contains(
        "::error file=Sources/CartFeature/Cart.swift,line=1,title=[undeclared-import]::CartFeature -> NetworkKit"))
    let json = try Self.runPlugin(["--format", "json"])
    #expect(json.output.contains("\"rule\" : \"redundant-dependency\""))
  }

  @Test func theConsumersLayersAndFixThatPrintsItsEdits() throws {
    try Self.writeConsumer(
      configuration: #"""
        {"layers": [{"name": "Feature", "targets": ["*Feature"]}, {"name": "Core", "targets": ["*Kit", "Helpers"]}],
         "rules": {"missing-owner": false, "missing-tests": false}}
        """#)
    let layered = try Self.runPlugin([])
    #expect(
      layered.output.contains("CartFeature (Feature) -> NetworkKit (Core): imports NetworkKit"), "\(layered.output)")
    let before = try String(contentsOf: Self.consumer.appendingPathComponent("Package.swift"), encoding: .utf8)
    let fix = try Self.runPlugin(["--fix"])
    #expect(
      fix.output.contains(
        "lint-layers --fix: Package.swift:8: cannot edit this manifest safely; remove \"Helpers\" from CartFeature's dependencies by hand:\n-    .target(name: \"CartFeature\", dependencies: [\"Helpers\"]),\n+    .target(name: \"CartFeature\", dependencies: []),"
      ), "\(fix.output)")
    #expect(try String(contentsOf: Self.consumer.appendingPathComponent("Package.swift"), encoding: .utf8) == before)

    try Data("{\"layers\": 3}".utf8).write(to: Self.consumer.appendingPathComponent(".layering.json"))
    let broken = try Self.runPlugin([])
    #expect(broken.status != 0)
    #expect(broken.output.contains("lint-layers: .layering.json: \"layers\" must be a list, top layer first"))
  }
}
