import Foundation
import TestHarness
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `Scripts/check` runs the suite through `Scripts/lib/bounded-tests.sh`: a hung run is stopped, the
/// tests it was running are named, and everything it started is killed; a process the tests left
/// behind fails the check. One test at a time: the leftover sweep kills what the other tests started.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct BoundedTestRunTests {
  static let library = TestProducts.packageRoot.appendingPathComponent("Scripts/lib/bounded-tests.sh").path

  /// Runs `script` in bash with the library sourced.
  private func bash(_ script: String, environment: [String: String] = [:]) async throws -> ProcessResult {
    let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    return try await ChildProcess.run("bash", ["-c", "source '\(Self.library)'; " + script], environment: variables)
  }

  /// A stand-in for `swift test` that finishes one test, then hangs in two, with a child of its own.
  private func hangingRun(in folder: URL) throws -> String {
    let script = folder.appendingPathComponent("hanging-run.sh")
    try """
    echo '◇ Test run started.'
    echo '◇ Test "a quick one" started.'
    echo '✔ Test "a quick one" passed after 0.1 seconds.'
    echo '◇ Test hangsForever() started.'
    echo '◇ Test "and this one" started.'
    sleep 600 &
    echo $! > '\(folder.path)/child'
    wait
    """.write(to: script, atomically: true, encoding: .utf8)
    return script.path
  }

  @Test func aSilentRunIsStoppedTheRunningTestsAreNamedAndItsProcessesKilled() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try hangingRun(in: folder)
    let result = try await bash(
      "bounded_tests '\(folder.path)/log' bash '\(run)'", environment: ["CHECK_TEST_SILENCE_LIMIT": "3"])
    #expect(result.status == 124)
    #expect(result.stdout.contains("check: stopped the test run: it printed nothing for"), "\(result.stdout)")
    let named = result.stdout.components(separatedBy: "check: still running when it was stopped:\n").last ?? ""
    #expect(named == "  \"and this one\"\n  hangsForever()\n", "\(result.stdout)")
    let child = try #require(
      pid_t(
        try String(contentsOfFile: folder.path + "/child", encoding: .utf8).trimmingCharacters(
          in: .whitespacesAndNewlines)))
    try await until("the hung run's child \(child) to be gone") { isGone(child) }
    #expect(try String(contentsOfFile: folder.path + "/log", encoding: .utf8).contains("hangsForever()"))
  }

  @Test func aRunThatDoesNotExitAfterItsLastTestIsStopped() async throws {
    let result = try await bash(
      "bounded_tests /dev/null bash -c \"echo '✔ Test run with 1 test in 1 suite passed after 0.1 seconds.'; sleep 600\"",
      environment: ["CHECK_TEST_EXIT_GRACE": "2"])
    #expect(result.status == 124)
    #expect(result.stdout.contains("did not exit 2 s after its last test"), "\(result.stdout)")
  }

  @Test func aFinishedRunKeepsItsStatus() async throws {
    let line = "✘ Test run with 2 tests in 1 suite failed after 0.1 seconds with 1 issue."
    let result = try await bash("bounded_tests /dev/null bash -c \"echo '\(line)'; exit 3\"")
    #expect(result.status == 3)
    #expect(result.stdout == line + "\n")
  }

  @Test func aRunThatEndsWithoutItsResultSaysSoAndNamesTheTestsThenRunning() async throws {
    let result = try await bash("bounded_tests /dev/null bash -c \"echo '◇ Test crashesHere() started.'; exit 9\"")
    #expect(result.status == 9)
    #expect(result.stdout.contains("check: the test run ended without a result (exit status 9)"), "\(result.stdout)")
    #expect(result.stdout.hasSuffix("check: running when it ended:\n  crashesHere()\n"), "\(result.stdout)")
  }

  @Test func aProcessTheTestsLeftRunningIsNamedKilledAndFailsTheCheck() async throws {
    let leftover = try ChildProcess("/bin/sleep", ["600"])
    let result = try await bash(
      "sweep_test_leftovers '\(TestProducts.packageRoot.path)'", environment: ["CHECK_LEFTOVER_GRACE": "1"])
    #expect(result.status == 1)
    #expect(result.stdout.contains("\(leftover.pid) /bin/sleep 600"), "\(result.stdout)")
    #expect(await leftover.exit(within: .seconds(30))?.signal == SIGKILL)
  }
}
