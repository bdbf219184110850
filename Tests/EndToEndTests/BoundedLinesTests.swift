import EndToEndSupport
import Foundation
import TestHarness
import Testing

/// Input is read in linear time with a bound on a line, and every line the apps write for a person
/// is one inert line of at most 300 bytes: nothing from outside hangs them, splits a line, makes it
/// endless or colours a file.
@Suite("bounded lines")
struct BoundedLinesTests {
  /// Every line of `text` is at most 300 bytes and holds no control byte (the newline aside).
  private func inertLines(_ text: String) -> Bool {
    text.split(separator: "\n").allSatisfy { line in
      line.utf8.count <= 300 && !line.utf8.contains { $0 < 0x20 || $0 == 0x7F }
    }
  }

  @Test("/dev/zero as input: one line (65), at once, never a hang")
  func endlessInputWithoutALineEnd() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "exec \"$0\" --data-dir \"$1\" < /dev/zero", Executables.cosmonaut.path, sandbox.dataDirectory],
      environment: sandbox.environment)
    #expect(result.status == 65, "\(result.stderr)")
    #expect(
      result.stderr == "error: a line of input is longer than 65536 bytes; give each answer on a line of its own\n")
  }

  @Test("a 10 MB answer on one line: one line (65), nothing echoed whole")
  func aHugeAnswer() async throws {
    let sandbox = try Sandbox()
    let answer = String(repeating: "x", count: 10_000_000)
    let result = try await sandbox.cosmonaut([], input: "u\nc\n\(answer)\nq\n")
    #expect(result.status == 65, "\(result.stderr.prefix(300))")
    #expect(result.stdout.utf8.count < 10_000, "the answer is not echoed back: \(result.stdout.utf8.count) bytes")
    #expect(inertLines(result.stdout) && inertLines(result.stderr))
  }

  @Test("an answer of 60 KB is read, echoed cut, and refused as a choice in one line")
  func aLongAnswerIsEchoedCut() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.cosmonaut([], input: "u\nc\n\(String(repeating: "w", count: 60_000))\nq\n")
    #expect(result.status == 0, "\(result.stderr.prefix(300))")
    #expect(result.stdout.utf8.count < 10_000)
    #expect(inertLines(result.stdout) && inertLines(result.stderr))
  }

  @Test(
    "a socket path of 5,000 bytes, or one with a line break, gives one inert line of at most 300 bytes",
    arguments: ["cosmonaut", "iss-overview", "laboratory"])
  func longAndBrokenSocketPaths(app: String) async throws {
    let sandbox = try Sandbox()
    let (option, command) =
      switch app {
      case "cosmonaut": ("--suit", ["suit", "status"])
      case "iss-overview": ("--station", ["status"])
      default: ("--lab", ["labs"])
      }
    for path in ["/" + String(repeating: "a", count: 5_000), sandbox.directory.path + "/a\nb\u{1B}[2J"] {
      let result = try await sandbox.run(
        TestProducts.executable(app), ["--data-dir", sandbox.dataDirectory, option, "unix:" + path] + command,
        environment: sandbox.environment)
      #expect(result.status != 0)
      let lines = result.stderr.split(separator: "\n")
      #expect(lines.count == 1, "\(result.stderr)")
      #expect(inertLines(result.stderr), "\(result.stderr)")
      // What was wrong and how to fix it stays whole; only the echoed path is cut.
      #expect(lines.first?.hasPrefix("error: ") == true)
    }
  }

  @Test(
    "stdout on a terminal, stderr in a file: the file has no colour",
    .enabled(if: Tool.isInstalled("script"), Tool.missing("script", for: "it gives the app a terminal")))
  func colourIsDecidedPerStream() async throws {
    let sandbox = try Sandbox()
    let errors = sandbox.directory.appendingPathComponent("errors.txt").path
    let command =
      "\"\(Executables.cosmonaut.path)\" --data-dir \"\(sandbox.dataDirectory)\" supplies consume water 9999 2>\"\(errors)\""
    var environment = sandbox.environment
    environment["TERM"] = "xterm-256color"
    let result = try await sandbox.run(
      URL(fileURLWithPath: Tool.path("script") ?? "/usr/bin/script"), ["-qec", command, "/dev/null"],
      environment: environment)
    #expect(result.status == 65, "\(result.stdout)")
    let written = try String(contentsOfFile: errors, encoding: .utf8)
    #expect(written.hasPrefix("error: cannot consume 9999 L of water"), "\(written)")
    #expect(!written.contains("\u{1B}"), "no colour in a file: \(written.debugDescription)")
  }

  @Test(
    "a simulator's ready line shows a control character in its socket path inert",
    arguments: ["spacesuit-sim", "station-sim", "lab-sim"])
  func aReadyLineIsInert(simulator: String) async throws {
    let sandbox = try Sandbox()
    let path = sandbox.directory.path + "/a\u{1B}[31mb.sock"
    let child = try ChildProcess(
      TestProducts.executable(simulator).path, ["--socket", path], environment: sandbox.environment)
    defer { child.terminate() }
    let line = try await child.firstLine()
    #expect(line == "\(simulator) listening on \(sandbox.directory.path)/a\\e[31mb.sock")
    _ = await child.stop()
  }
}
