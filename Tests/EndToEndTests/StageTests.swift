import EndToEndSupport
import Foundation
import TestHarness
import Testing

/// Stages as a person uses them: `--stage` (or `$ISS_STAGE`) picks development, staging or
/// production; each has its own mission control (`$ISS_HOUSTON_URL_<STAGE>`), its own built-in
/// token and its own data, so one stage's outbox never reaches another's mission control.
@Suite("stages: each with its own mission control, token and data")
struct StageTests {
  @Test("the same command against two stages keeps two outboxes and reaches two mission controls", .needsPython3)
  func twoStagesTwoOutboxes() async throws {
    let sandbox = try Sandbox()
    // Each Houston accepts only its own stage's development token.
    let (development, developmentURL) = try await sandbox.houston(["--token", "iss-dev"])
    defer { development.terminate() }
    let (staging, stagingURL) = try await sandbox.houston(["--token", "iss-dev-staging"])
    defer { staging.terminate() }
    let urls = ["ISS_HOUSTON_URL_DEVELOPMENT": developmentURL, "ISS_HOUSTON_URL_STAGING": stagingURL]

    #expect(try await sandbox.cosmonaut(["supplies", "consume", "water", "1"], extraEnvironment: urls).status == 0)
    for arguments in [["supplies", "consume", "water", "2"], ["supplies", "restock", "food", "3"]] {
      let result = try await sandbox.cosmonaut(["--stage", "staging"] + arguments, extraEnvironment: urls)
      #expect(result.status == 0, "\(result.stderr)")
    }
    let data = URL(fileURLWithPath: sandbox.dataDirectory)
    #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("cosmonaut.sqlite").path))
    #expect(
      FileManager.default.fileExists(atPath: data.appendingPathComponent("stages/staging/cosmonaut.sqlite").path))

    let stagingSync = try await sandbox.cosmonaut(
      ["sync", "--json"], extraEnvironment: urls.merging(["ISS_STAGE": "staging"]) { $1 })
    #expect(stagingSync.status == 0, "\(stagingSync.stderr)")
    let developmentSync = try await sandbox.cosmonaut(["sync", "--json"], extraEnvironment: urls)
    #expect(developmentSync.status == 0, "\(developmentSync.stderr)")

    // Besides the supply changes, each sync may add the periodic status report.
    let stagingReports = try await Houston.appliedReports(at: stagingURL, token: "iss-dev-staging").filter {
      $0["kind"] as? String == "supplies.changed"
    }
    let developmentReports = try await Houston.appliedReports(at: developmentURL, token: "iss-dev").filter {
      $0["kind"] as? String == "supplies.changed"
    }
    #expect(stagingReports.count == 2, "staging's two changes reached staging's Houston: \(stagingReports)")
    #expect(
      developmentReports.count == 1, "development's one change reached development's Houston: \(developmentReports)")
    let stagingItems = stagingReports.compactMap { ($0["payload"] as? [String: Any])?["item"] as? String }.sorted()
    let developmentItems = developmentReports.compactMap { ($0["payload"] as? [String: Any])?["item"] as? String }
    #expect(stagingItems.isEmpty || stagingItems == ["food", "water"], "\(stagingReports)")
    #expect(developmentItems.isEmpty || developmentItems == ["water"], "\(developmentReports)")
  }

  @Test("a stage's URL is not another stage's, and a bad stage is a usage error", .needsPython3)
  func stagesAreKeptApart() async throws {
    let sandbox = try Sandbox()
    let (staging, stagingURL) = try await sandbox.houston(["--token", "iss-dev-staging"])
    defer { staging.terminate() }
    // Development has no URL here: it stays offline and keeps its change.
    let offline = try await sandbox.cosmonaut(
      ["sync", "--json"], extraEnvironment: ["ISS_HOUSTON_URL_STAGING": stagingURL])
    #expect(offline.status != 0 || !offline.stdout.isEmpty)
    #expect(try await Houston.appliedReports(at: stagingURL, token: "iss-dev-staging").isEmpty)
    let bad = try await sandbox.cosmonaut(["--stage", "qa", "supplies", "list"])
    #expect(bad.status == 64)
    #expect(bad.stderr.split(separator: "\n").count == 1)
    #expect(bad.stderr.contains("development, staging or production"), "\(bad.stderr)")
  }
}
