import CTestHarness
import Foundation
import TestHarness
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite(.timeLimit(.minutes(5)))
struct ChildProcessTests {
  @Test func aRunReturnsTheStatusAndBothStreams() async throws {
    let result = try await ChildProcess.run(
      "/bin/sh", ["-c", "read line; echo \"out $line\"; echo err >&2; exit 3"], input: "x\n")
    #expect(result.status == 3)
    #expect(result.stdout == "out x\n")
    #expect(result.stderr == "err\n")
  }

  @Test func aSignalEndingAChildIsReportedAsAShellWould() async throws {
    let child = try ChildProcess("/bin/sleep", ["30"])
    child.signal(SIGTERM)
    let exit = await child.exit()
    #expect(exit.signal == SIGTERM && exit.code == nil)
    #expect(exit.status == 128 + SIGTERM)
  }

  @Test func aRunPastItsTimeLimitIsKilledAndNamed() async throws {
    let error = await #expect(throws: ProcessTimedOut.self) {
      try await ChildProcess.run("/bin/sleep", ["30"], timeLimit: .milliseconds(300))
    }
    #expect(error?.command == "sleep 30")
  }

  @Test func theTestProcessIgnoresSIGPIPEAndAWriteToAGoneReaderFailsInstead() async throws {
    #expect(test_harness_ignores_broken_pipes() == 1)
    let child = try ChildProcess("/bin/true", input: .pipe)
    _ = await child.exit()
    // Before the fix this write killed the whole test process (and left its children running).
    #expect(!child.send(String(repeating: "x", count: 200_000)))
  }

  @Test func aChildGetsOnlyItsStandardStreamsAndAFreshSignalState() async throws {
    // Descriptors the test process holds (this pipe among them) never reach a child.
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { ends.forEach { close($0) } }
    let listing = try await ChildProcess.run("/bin/ls", ["/proc/self/fd"])
    let open = Set(listing.stdout.split(separator: "\n").compactMap { Int32($0) })
    // ls itself opens one descriptor to read the directory.
    #expect(open.subtracting([0, 1, 2]).count <= 1, "\(open)")
    #expect(!open.contains(ends[0]) && !open.contains(ends[1]), "\(open) holds the test's pipe \(ends)")

    let status = try await ChildProcess.run("/bin/cat", ["/proc/self/status"]).stdout
    let ignored = try #require(status.split(separator: "\n").first { $0.hasPrefix("SigIgn:") })
    let mask = UInt64(ignored.split(separator: "\t").last ?? "", radix: 16) ?? .max
    #expect(mask & (1 << (UInt64(SIGPIPE) - 1)) == 0, "SIGPIPE is not ignored in a child: \(ignored)")
    let blocked = try #require(status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") })
    #expect(UInt64(blocked.split(separator: "\t").last ?? "", radix: 16) == 0, "\(blocked)")
  }

  @Test func releasingAChildKillsIt() async throws {
    var child: ChildProcess? = try ChildProcess("/bin/sleep", ["60"])
    let pid = try #require(child?.pid)
    #expect(kill(pid, 0) == 0)
    child = nil
    try await until("sleep \(pid) to be gone") { isGone(pid) }
  }

  @Test func cancellingAWaitKillsTheChild() async throws {
    let child = try ChildProcess("/bin/sleep", ["60"])
    let waiting = Task { await child.exit() }
    try await until("sleep to start") { FileManager.default.fileExists(atPath: "/proc/\(child.pid)") }
    waiting.cancel()
    _ = await waiting.value
    let exit = try #require(await child.exit(within: .seconds(30)))
    #expect(exit.signal == SIGKILL)
  }

  @Test func stopEndsAChildThatIgnoresSIGTERM() async throws {
    let child = try ChildProcess("/bin/sh", ["-c", "trap '' TERM; echo ready; while :; do sleep 1; done"])
    try await child.waitForOutput("ready")
    let exit = await child.stop(grace: .milliseconds(300))
    #expect(exit.signal == SIGKILL)
  }

  @Test func inputIsWrittenAsTheChildReadsWithoutBlockingTheWriter() async throws {
    // 1 MB is far more than a pipe holds: `send` must queue it rather than wait for the reader.
    let child = try ChildProcess("/bin/sh", ["-c", "sleep 0.2; wc -c"], input: .pipe)
    #expect(child.send(String(repeating: "y", count: 1_000_000)))
    child.closeInput()
    #expect(await child.exit().status == 0)
    await child.outputClosed(within: .seconds(60))
    #expect(child.output.trimmingCharacters(in: .whitespacesAndNewlines) == "1000000")
  }

  @Test(.timeLimit(.minutes(1))) func waitingForChildrenHoldsNoThreadOfTheCooperativePool() async throws {
    // More waiting children than the pool has threads, and children that end only when killed after
    // the timer below fires: if a wait held a thread, the timer could never fire and the test would
    // hang until its time limit — no wall-clock bound for a loaded machine to miss.
    let count = ProcessInfo.processInfo.activeProcessorCount + 2
    let children = try (0..<count).map { _ in try ChildProcess("/bin/sleep", ["3600"]) }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for child in children { group.addTask { _ = await child.exit() } }
      try await Task.sleep(for: .milliseconds(100))
      #expect(children.allSatisfy { !$0.hasExited }, "the timer fired while every child was still waited for")
      for child in children { child.signal(SIGKILL) }
      try await group.waitForAll()
    }
  }

  @Test func untilNamesWhatItWaitedFor() async throws {
    let error = await #expect(throws: WaitTimedOut.self) {
      try await until("the moon to turn blue", within: .milliseconds(100)) { false }
    }
    #expect(error?.description.contains("the moon to turn blue") == true)
  }

  @Test func aToolIsFoundInThePathOnly() {
    #expect(Tool.isInstalled("sh"))
    #expect(!Tool.isInstalled("no-such-tool-\(UUID().uuidString)"))
  }
}

/// Whether `pid` is gone: no such process, or a zombie nobody has reaped yet (its parent died).
func isGone(_ pid: pid_t) -> Bool {
  if kill(pid, 0) != 0 && errno == ESRCH { return true }
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let close = stat.lastIndex(of: ")")
  else { return true }
  return stat[stat.index(close, offsetBy: 2)] == "Z"
}
