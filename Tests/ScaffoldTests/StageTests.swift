import Foundation
import Testing
import UIComponents

@testable import Scaffold

/// Stages: chosen by `--stage`, `$ISS_STAGE` or the stored choice; each with its own data
/// directory; switched in the interactive app, which rebuilds the services and keeps the choice.
@MainActor @Suite struct StageTests {
  private let root = FileManager.default.temporaryDirectory.appendingPathComponent("stage-\(UUID().uuidString)")

  @Test func developmentKeepsTheRootAndTheOthersTheirOwnDirectories() {
    #expect(StageChoice.directory(for: .development, root: root) == root)
    #expect(StageChoice.directory(for: .staging, root: root).path == root.path + "/stages/staging")
    #expect(StageChoice.directory(for: .production, root: root).path == root.path + "/stages/production")
  }

  @Test func theGivenStageWinsThenTheStoredOneThenDevelopment() throws {
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(try StageChoice.stage(given: nil, root: root) == .development)
    try StageChoice.store(.production, in: root)
    #expect(try StageChoice.stage(given: nil, root: root) == .production)
    #expect(try StageChoice.stage(given: .staging, root: root) == .staging)
    try Data("nonsense\n".utf8).write(to: root.appendingPathComponent("stage"))
    #expect(throws: StageError.self) { try StageChoice.stage(given: nil, root: root) }
    #expect(try StageChoice.stage(given: .staging, root: root) == .staging, "an option needs no stored choice")
  }

  @Test func aCommandRunsInItsStagesDirectory() async throws {
    let harness = LaunchHarness()
    #expect(await harness.run(["workout", "--stage", "staging"]) == 0)
    #expect(harness.journal.entries.first == "services staging")
    let viaEnvironment = LaunchHarness()
    #expect(await viaEnvironment.run(["workout"], environment: ["ISS_STAGE": "production"]) == 0)
    #expect(viaEnvironment.journal.entries.first == "services production")
    let plain = LaunchHarness()
    #expect(await plain.run(["workout"]) == 0)
    #expect(plain.journal.entries.first == "services data", "development uses the data directory itself")
  }

  @Test func anUnknownStageIsAUsageErrorAndAStoredNonsenseIsRejected() async throws {
    let harness = LaunchHarness()
    #expect(await harness.run(["workout", "--stage", "qa"]) == 64)
    #expect(harness.errors.text.contains("development, staging or production"), "\(harness.errors.text)")
    let stored = LaunchHarness()
    let data = stored.root.appendingPathComponent("data")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    try Data("qa".utf8).write(to: data.appendingPathComponent("stage"))
    #expect(await stored.run(["workout"]) == 65)
    #expect(stored.errors.lines.count == 1)
    #expect(stored.errors.text.contains("holds \"qa\", which is no stage"), "\(stored.errors.text)")
    #expect(try String(contentsOf: data.appendingPathComponent("stage"), encoding: .utf8) == "qa", "left as it was")
  }

  /// The next stage's services are built first: when they cannot be, the app stays where it was.
  @Test func theInteractiveAppSwitchesStageRebuildsItsServicesAndKeepsTheChoice() async throws {
    let harness = LaunchHarness()
    #expect(await harness.run([], input: ["m", "s", "q"]) == 0)
    let output = harness.output.text
    #expect(output.contains("station · NASA · development"), "\(output)")
    #expect(output.contains("Stage: development (switch)"))
    #expect(output.contains("Now on staging"))
    #expect(output.contains("station · NASA · staging"))
    #expect(
      harness.journal.entries == [
        "services data", "services.start interactive", "services staging", "services.shutdown",
        "services.start interactive", "services.shutdown",
      ])
    let stored = try String(
      contentsOf: harness.root.appendingPathComponent("data/stage"), encoding: .utf8)
    #expect(stored == "staging\n")
    let next = LaunchHarness()
    let nextData = next.root.appendingPathComponent("data")
    try FileManager.default.createDirectory(at: nextData, withIntermediateDirectories: true)
    try Data(stored.utf8).write(to: nextData.appendingPathComponent("stage"))
    #expect(await next.run(["workout"]) == 0)
    #expect(next.journal.entries.first == "services staging", "the next launch runs where the last one switched to")
  }
}
