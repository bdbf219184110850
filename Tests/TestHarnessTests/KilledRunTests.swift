import CTestHarness
import Foundation
import TestHarness
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A test process killed with SIGKILL mid-run leaves nothing it started behind: this test runs
/// the test binary again (only `probe` below, which starts a suit simulator, Houston, a shell with
/// a child of its own and a process that ignores SIGTERM), kills that test process with SIGKILL
/// while they run, and checks every one of them is gone.
@Suite(.timeLimit(.minutes(5)))
struct KilledRunTests {
  static let probeFolder = ProcessInfo.processInfo.environment["TEST_HARNESS_PROBE_FOLDER"]

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: TestProducts.executable("spacesuit-sim").path),
      "spacesuit-sim is not built"))
  func aTestProcessKilledMidRunLeavesNothingBehind() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("killed-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var environment = ProcessInfo.processInfo.environment
    environment["TEST_HARNESS_PROBE_FOLDER"] = folder.path
    let run = try ChildProcess(
      TestProducts.testBinary.path, ["--testing-library", "swift-testing", "--filter", "KilledRunTests/probe"],
      environment: environment)
    let ready = folder.appendingPathComponent("ready").path
    try await until(
      "the probe run to start its children; it printed:\n\(run.output)\(run.errors)", within: .seconds(180)
    ) {
      FileManager.default.fileExists(atPath: ready) || run.hasExited
    }
    try #require(!run.hasExited, "the probe run ended by itself:\n\(run.output)\(run.errors)")
    let report = try String(contentsOfFile: ready, encoding: .utf8).split(separator: "\n")
    #expect(report.first == "SIGPIPE ignored before the first test: 1")
    let started = report.dropFirst().compactMap { pid_t($0) }
    #expect(started.count >= 4, "\(report)")
    #expect(started.allSatisfy { !isGone($0) }, "the probe's processes run before the kill")

    run.signal(SIGKILL)
    #expect(await run.exit().signal == SIGKILL)
    try await until("every process the killed run started to be gone: \(started.filter { !isGone($0) })") {
      started.allSatisfy(isGone)
    }
    let marker = "\(TestProducts.packageRoot.path)#\(run.pid)"
    try await until("no process to carry the killed run's marker") { processes(carrying: marker).isEmpty }
  }

  /// Run only inside the test above (in a test process of its own): starts children of each kind a
  /// test starts, reports their ids, and waits to be killed.
  @Test(
    .enabled(if: probeFolder != nil, "runs only in the test process aTestProcessKilledMidRunLeavesNothingBehind starts")
  )
  func probe() async throws {
    let folder = try #require(Self.probeFolder)
    let sigpipe = test_harness_ignores_broken_pipes()
    let simulator = try ChildProcess(
      TestProducts.executable("spacesuit-sim"), ["--socket", folder + "/suit.sock"], errors: .discard)
    try await simulator.waitForOutput("listening", within: .seconds(60))
    let shell = try ChildProcess("/bin/sh", ["-c", "sleep 600 & echo $!; wait"])
    let grandchild = try #require(try await shell.firstLine().flatMap { pid_t($0) })
    let stubborn = try ChildProcess("/bin/sh", ["-c", "trap '' TERM; echo ready; while :; do sleep 1; done"])
    try await stubborn.waitForOutput("ready")
    var started = [simulator.pid, shell.pid, grandchild, stubborn.pid]
    var houston: ChildProcess?
    if Tool.isInstalled("python3") {
      let server = try ChildProcess(
        "python3", [TestProducts.packageRoot.appendingPathComponent("Scripts/houston").path, "--port", "0"],
        errors: .discard)
      try await server.waitForOutput("listening", within: .seconds(60))
      started.append(server.pid)
      houston = server
    }
    let report = ["SIGPIPE ignored before the first test: \(sigpipe)"] + started.map(String.init)
    try Data((report.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: folder + "/ready.tmp"))
    try FileManager.default.moveItem(atPath: folder + "/ready.tmp", toPath: folder + "/ready")
    try await until("the test that started this run to kill it", within: .seconds(240), every: .milliseconds(200)) {
      false
    }
    withExtendedLifetime((simulator, shell, stubborn, houston)) {}
  }
}

/// Processes whose environment carries the harness's marker `marker` (their test process's).
func processes(carrying marker: String) -> [pid_t] {
  let entry = Array("TEST_HARNESS_RUN=\(marker)".utf8)
  let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { pid_t($0) } ?? []
  return ids.filter { pid in
    guard !isGone(pid), let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else {
      return false
    }
    return environment.split(separator: 0).contains { Array($0) == entry }
  }
}
