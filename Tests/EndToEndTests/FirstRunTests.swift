import EndToEndSupport
import Foundation
import TestHarness
import Testing

/// README's first command is `swift run cosmonaut`, which builds that product only. What it builds
/// must be enough to talk to Houston: the app, and the URLSession helper that SwiftPM builds as the
/// tool of the app's `URLSessionHelperLocation` plugin, next to it — nothing else the full build
/// makes (no other product, no library).
@Suite("what swift run cosmonaut builds talks to Houston")
struct FirstRunTests {
  /// The file the plugin wrote for the app's build (`.build/plugins/outputs/<package>/CosmonautApp/…`):
  /// proof that the app's own build ran, and so built, the helper.
  private func locationFile() throws -> String? {
    let build = Executables.productsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    let outputs = build.appendingPathComponent("plugins/outputs")
    for package in try FileManager.default.contentsOfDirectory(atPath: outputs.path) {
      let file = outputs.appendingPathComponent(
        "\(package)/CosmonautApp/destination/URLSessionHelperLocation/URLSessionHelperLocation.swift")
      if let text = try? String(contentsOf: file, encoding: .utf8) { return text }
    }
    return nil
  }

  @Test("the app's build builds the helper next to it, and the two alone sync with Houston")
  func theAppAndItsHelperAloneSync() async throws {
    let helper = Executables.productsDirectory.appendingPathComponent("URLSessionHelper-tool")
    let location = try #require(try locationFile(), "the app's build ran its URLSessionHelperLocation plugin")
    // The plugin's outputs are shared by the debug and release builds of one `.build`: the file names
    // the helper of whichever configuration was built last (a `swift build -c release` after the tests'
    // build, as `Scripts/bench` runs, writes its own path there), always in this build folder.
    let builds = Executables.productsDirectory.deletingLastPathComponent().path
    #expect(location.contains(builds + "/") && location.contains("/" + helper.lastPathComponent), "\(location)")
    #expect(FileManager.default.isExecutableFile(atPath: helper.path), "the helper is next to the app")

    // Only what `swift run cosmonaut` leaves that the app reads at run time: the two executables.
    let sandbox = try Sandbox()
    let folder = sandbox.directory.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let app = folder.appendingPathComponent("cosmonaut")
    try FileManager.default.copyItem(at: Executables.cosmonaut, to: app)
    try FileManager.default.copyItem(at: helper, to: folder.appendingPathComponent(helper.lastPathComponent))

    let (server, url) = try await sandbox.houston()
    defer { server.terminate() }
    let data = ["--data-dir", sandbox.dataDirectory]
    let consumed = try await sandbox.run(
      app, data + ["supplies", "consume", "water", "1"], environment: sandbox.environment)
    #expect(consumed.status == 0, "\(consumed.stderr)")
    let sync = try await sandbox.run(app, data + ["--houston", url, "sync"], environment: sandbox.environment)
    #expect(sync.status == 0, "\(sync.stderr)")
    let kinds = try await Houston.appliedReports(at: url).compactMap { $0["kind"] as? String }
    #expect(kinds.contains("supplies.changed"))

    // Without the helper the same command says, in one line, what to run.
    try FileManager.default.removeItem(at: folder.appendingPathComponent(helper.lastPathComponent))
    #expect(
      try await sandbox.run(app, data + ["supplies", "consume", "water", "1"], environment: sandbox.environment).status
        == 0)
    let missing = try await sandbox.run(app, data + ["--houston", url, "sync"], environment: sandbox.environment)
    #expect(missing.status == 69, "\(missing.stderr)")
    #expect(missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
    #expect(missing.stderr.contains("swift build"), "\(missing.stderr)")
  }
}
