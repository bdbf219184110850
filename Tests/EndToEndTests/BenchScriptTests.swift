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
    #expect(
      rows == [
        "startup", "list", "restock", "wal", "puts", "gets", "sync", "sync-ru", "lab-send", "telemetry", "lint",
        "lint1000",
      ]
        + sizes.map { "size-\($0)" })
    // Issue 21's honest floors and goals.
    #expect(dry.stdout.contains("static FoundationEssentials JSON hello-world goal ≤ 1.5"))
    #expect(dry.stdout.contains("the same 64-report batches goal ≥ 0.8"))
    #expect(
      dry.stdout.contains("`cosmonaut-ru sync`") && dry.stdout.contains("the same 64-message TsUP batches goal ≥ 0.8"))
    #expect(
      dry.stdout.contains("`laboratory results send`") && dry.stdout.contains("the same 64-result batches goal ≥ 0.8"))
    #expect(dry.stdout.contains("C Unix-socket echo round trip, two processes goal ≤ 2.0"))
    #expect(dry.stdout.contains("the hello-world, stripped"))
    let quick = try await sandbox.run(
      env, ["python3", script.path, "--dry-run", "--quick", "--only", "puts,sync"], environment: sandbox.environment)
    #expect(quick.stdout.contains("2k `EntityStore` puts") && quick.stdout.contains("200 queued reports"))
    let wal = try await sandbox.run(
      env, ["python3", script.path, "--dry-run", "--quick", "--only", "wal"], environment: sandbox.environment)
    #expect(wal.stdout.contains("over 100 restocks") && wal.stdout.contains("≤ 1.1"), "\(wal.stdout)")
    let bad = try await sandbox.run(env, ["python3", script.path, "--runs", "0"], environment: sandbox.environment)
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("--runs must be 1 or more"))
  }
}
