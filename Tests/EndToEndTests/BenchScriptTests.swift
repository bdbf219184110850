import EndToEndSupport
import Foundation
import TestHarness
import Testing

/// `Scripts/bench` itself needs release builds and minutes (it is not part of Scripts/check); its
/// dry run, which lists what it would measure, is checked here.
@Suite("Scripts/bench")
struct BenchScriptTests {
  @Test("--dry-run lists every row with its floor and goal; bad usage exits 64", .needsPython3)
  func dryRun() async throws {
    let sandbox = try Sandbox()
    let script = Executables.repositoryRoot.appendingPathComponent("Scripts/bench")
    let env = URL(fileURLWithPath: "/usr/bin/env")
    let dry = try await sandbox.run(env, ["python3", script.path, "--dry-run"], environment: sandbox.environment)
    #expect(dry.status == 0, "\(dry.stderr)")
    let rows = dry.stdout.split(separator: "\n").map { String($0.split(separator: " ").first ?? "") }
    let sizes = ["cosmonaut", "cosmonaut-ru", "iss-overview", "laboratory", "spacesuit-sim", "station-sim", "lab-sim"]
    // Each size row, and beside it, for an app that carries SQLite, its reference row.
    let sizeRows: [String] = sizes.flatMap { name -> [String] in
      name == "spacesuit-sim" ? ["size-\(name)"] : ["size-\(name)", "size-\(name)-sqlite"]
    }
    let expected: [String] =
      [
        "startup", "startup-swift", "startup-c", "list", "list-sqlite", "restock", "wal", "puts", "gets", "sync",
        "sync-ru", "lab-send", "telemetry", "lint", "lint1000",
      ] + sizeRows + ["build-clean", "build-null", "build-leaf", "build-logging"]
    #expect(rows == expected)
    // Issue 33's goals: start-up within 1.2 of the hello-world (two reference rows beside it), a list
    // within 1.5, delivery at least as fast as python, the telemetry row against the same round trips.
    #expect(dry.stdout.contains("static FoundationEssentials JSON hello-world goal ≤ 1.2"))
    #expect(dry.stdout.contains("static FoundationEssentials JSON hello-world goal ≤ 1.5"))
    #expect(dry.stdout.contains("C hello-world (cc -O2)") && dry.stdout.contains("goal reference"))
    #expect(dry.stdout.contains("the same 64-report batches goal ≥ 1.0"))
    #expect(
      dry.stdout.contains("`cosmonaut-ru sync`") && dry.stdout.contains("the same 64-message TsUP batches goal ≥ 1.0"))
    #expect(
      dry.stdout.contains("`laboratory results send`") && dry.stdout.contains("the same 64-result batches goal ≥ 1.0"))
    #expect(dry.stdout.contains("the same round trips and message sizes goal ≤ 2.0"))
    let sizeLines = dry.stdout.split(separator: "\n").filter { $0.hasPrefix("size-") }
    let sizeGoals = sizeLines.filter { !$0.split(separator: " ")[0].hasSuffix("-sqlite") }
    #expect(sizeGoals.count == 7 && sizeGoals.allSatisfy { $0.hasSuffix("goal ≤ 1.3") }, "\(sizeLines)")
    #expect(dry.stdout.contains("the hello-world, stripped"))
    // Beside the goals written against the bare hello-world, reference rows against the floor that
    // does the same work beneath the app, linked as the apps are: the hello-world carrying SQLite.
    let sqliteSizes = sizeLines.filter { $0.split(separator: " ")[0].hasSuffix("-sqlite") }
    #expect(
      sqliteSizes.count == 6
        && sqliteSizes.allSatisfy {
          $0.contains("the hello-world carrying SQLite as the apps do, stripped") && $0.hasSuffix("goal reference")
        }, "\(sqliteSizes)")
    #expect(
      dry.stdout.contains(
        "the hello-world + the same SQLite read (the system SQLite, linked as the apps) goal reference"))
    let quick = try await sandbox.run(
      env, ["python3", script.path, "--dry-run", "--quick", "--only", "puts,sync"], environment: sandbox.environment)
    #expect(quick.stdout.contains("2k `EntityStore` puts") && quick.stdout.contains("200 queued reports"))
    #expect(!quick.stdout.contains("build-"), "--quick leaves the build rows out")
    let noBuilds = try await sandbox.run(
      env, ["python3", script.path, "--dry-run", "--no-builds"], environment: sandbox.environment)
    #expect(noBuilds.status == 0 && !noBuilds.stdout.contains("build-clean"))
    let wal = try await sandbox.run(
      env, ["python3", script.path, "--dry-run", "--quick", "--only", "wal"], environment: sandbox.environment)
    #expect(wal.stdout.contains("over 100 restocks") && wal.stdout.contains("≤ 1.1"), "\(wal.stdout)")
    let bad = try await sandbox.run(env, ["python3", script.path, "--runs", "0"], environment: sandbox.environment)
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("--runs must be 1 or more"))
  }
}
