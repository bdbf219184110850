import AppAnalytics
import Foundation
import Testing
import UIComponents
import UIComponentsTestSupport

@testable import Scaffold

/// Services that back up by writing one file per store into the directory they are given, or fail.
@MainActor private final class StoreServices: AppServices {
  let stores: [String]
  let failure: (any Error)?

  init(stores: [String], failure: (any Error)?) {
    self.stores = stores
    self.failure = failure
  }

  func backup(to directory: URL) async throws -> [URL] {
    if let failure { throw failure }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return try stores.map { name in
      let file = directory.appendingPathComponent(name)
      try Data("copy".utf8).write(to: file)
      return file
    }
  }
}

/// A backup refused as a store would refuse it: a file in the way.
private struct InTheWay: ReportableError {
  var kind: ErrorKind { .cannotCreate }
  var userMessage: String { "/backups/galley.sqlite already exists" }
}

/// The launcher of a fake app with `stores` (none: the default `backup`), over captured streams.
@MainActor private final class BackupHarness {
  let output = CapturedOutput()
  let errors = CapturedOutput()
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("scaffold-backup-\(UUID().uuidString)")

  deinit { try? FileManager.default.removeItem(at: root) }

  func run(_ arguments: [String], stores: [String]?, failure: (any Error)? = nil) async -> Int32 {
    let streams = LaunchStreams(input: ScriptedInput(lines: []), output: output, errors: errors)
    let arguments = ["--data-dir", root.appendingPathComponent("data").path] + arguments
    let environment = ["HOME": root.path]
    guard let stores else {
      let launcher = AppLauncher<NoStores>(
        name: "station", version: "1.0.0", abstract: "A fake station app.", partners: .shipped, domains: [], services: { _ in NoStores() })
      return await launcher.run(arguments: arguments, environment: environment, streams: streams)
    }
    let launcher = AppLauncher<StoreServices>(
      name: "station", version: "1.0.0", abstract: "A fake station app.", partners: .shipped, domains: [],
      services: { _ in StoreServices(stores: stores, failure: failure) })
    return await launcher.run(arguments: arguments, environment: environment, streams: streams)
  }
}

@MainActor private final class NoStores: AppServices {}

@MainActor @Suite struct BackupCommandTests {
  @Test func helpListsBackup() async {
    let harness = BackupHarness()
    #expect(await harness.run(["--help"], stores: nil) == 0)
    #expect(harness.output.text.contains("backup"), "\(harness.output.text)")
    #expect(await harness.run(["backup", "--help"], stores: nil) == 0)
    #expect(harness.output.text.contains("never overwritten"))
  }

  @Test func eachFileWrittenIsSaidOrListedAsJSON() async throws {
    let harness = BackupHarness()
    let target = harness.root.appendingPathComponent("backups/monday")
    #expect(await harness.run(["backup", target.path], stores: ["galley.sqlite", "gym.sqlite"]) == 0)
    #expect(
      harness.output.lines == [
        "Backed up to \(target.path)/galley.sqlite", "Backed up to \(target.path)/gym.sqlite",
      ])
    #expect(harness.errors.text.isEmpty)
    let json = BackupHarness()
    #expect(await json.run(["backup", target.path, "--json"], stores: ["galley.sqlite"]) == 0)
    let object = try JSONSerialization.jsonObject(with: Data(json.output.text.utf8)) as? [String: [String]]
    #expect(object == ["files": ["\(target.path)/galley.sqlite"]])
  }

  @Test func anAppWithoutStoresHasNothingToBackUp() async {
    let harness = BackupHarness()
    #expect(await harness.run(["backup", harness.root.appendingPathComponent("b").path], stores: nil) == 0)
    #expect(harness.output.lines == ["station keeps no store: nothing to back up."])
  }

  @Test func aRefusedBackupIsOneLineWithItsExitCode() async {
    let harness = BackupHarness()
    let code = await harness.run(["backup", "/backups"], stores: ["galley.sqlite"], failure: InTheWay())
    #expect(code == 73)
    #expect(harness.output.text.isEmpty)
    #expect(harness.errors.lines == ["error: /backups/galley.sqlite already exists"])
  }

  @Test func backupIsACommandNotALinkToOpen() async {
    let harness = BackupHarness()
    #expect(await harness.run(["open", "backup?directory=/tmp/x"], stores: []) == 64)
    #expect(harness.errors.lines.count == 1)
    #expect(harness.errors.text.contains("run it as a command"))
    #expect(await harness.run(["backup"], stores: []) == 64, "the directory is required")
  }
}
