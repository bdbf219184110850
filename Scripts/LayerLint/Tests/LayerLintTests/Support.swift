import Foundation

@testable import LayerLintEngine
@testable import LayerLintManifestReader

/// A throwaway folder with the given files; removed when the value is released.
final class TemporaryPackage: Sendable {
  let root: URL

  init(files: [String: String]) throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("layerlint-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    for (path, contents) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
    }
  }

  /// A copy of the folder at `path` (a fixture package) without any `.build` folder in it.
  init(copying path: String) throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("layerlint-\(UUID().uuidString)")
    let manager = FileManager.default
    try manager.createDirectory(at: root, withIntermediateDirectories: true)
    for name in try manager.contentsOfDirectory(atPath: path) where name != ".build" {
      let source = URL(fileURLWithPath: path).appendingPathComponent(name)
      var isFolder: ObjCBool = false
      if manager.fileExists(atPath: source.path, isDirectory: &isFolder), isFolder.boolValue {
        let copy = try TemporaryPackage(copying: source.path)
        try manager.moveItem(at: copy.root, to: root.appendingPathComponent(name))
      } else {
        try manager.copyItem(at: source, to: root.appendingPathComponent(name))
      }
    }
  }

  deinit { try? FileManager.default.removeItem(at: root) }

  var path: String { root.path }

  func read(_ path: String) -> String? { try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) }
}

/// Collects what a command prints.
final class CapturedConsole: @unchecked Sendable {
  private let lock = NSLock()
  private var output = ""
  private var errors = ""

  var console: Console {
    Console(
      writeOutput: { text in self.lock.withLock { self.output += text } },
      writeError: { text in self.lock.withLock { self.errors += text } })
  }

  var standardOutput: String { lock.withLock { output } }
  var standardError: String { lock.withLock { errors } }
}

/// Where the fixture packages live: `Scripts/LayerLint/Fixtures/<name>`.
func fixturePath(_ name: String) -> String {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/\(name)").path
}

/// Shorthand for a target in hand-built manifests.
func target(
  _ name: String, _ path: String, _ kind: ManifestTarget.Kind = .library, dependsOn dependencies: [String] = [],
  sources: [String] = [], capability: ManifestTarget.PluginCapability? = nil
) -> ManifestTarget {
  ManifestTarget(
    name: name, path: path, kind: kind, targetDependencies: dependencies, sources: sources,
    pluginCapability: capability)
}

/// Lints a hand-built manifest over files written to a temporary folder.
func lint(
  _ targets: [ManifestTarget], files: [String: String] = [:], configuration: LayeringConfiguration = .standard
) throws -> [Violation] {
  let package = try TemporaryPackage(files: files)
  return LayerLinter.lint(
    manifest: PackageManifest(name: "Test", targets: targets), configuration: configuration, packageRoot: package.path
  ).violations
}

extension LayeringConfiguration {
  /// The standard rules without `missing-owner` and `missing-tests`, so a test sees only the findings it is about.
  static let withoutCoverage: LayeringConfiguration = {
    var configuration = LayeringConfiguration.standard
    configuration.enabledRules.subtract([.missingOwner, .missingTests])
    return configuration
  }()
}
