import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The interactive app with a person at the keyboard: Ctrl-C, Ctrl-D and prompts that go back.
@Suite("cosmonaut at the keyboard")
struct KeyboardTests {
  @Test("Ctrl-C stops a live watch, the suit screen comes back, and the app goes on")
  func controlCStopsAWatch() async throws {
    let sandbox = try Sandbox()
    let session = try KeyboardSession(sandbox: sandbox)
    session.type("s")
    // The main menu and the suit screen both offer 7 choices.
    try await session.waitFor("Choose 1-7", occurrence: 2)
    session.type("w")
    try await session.waitFor("Watching 5 samples (Ctrl-C stops)")
    // The suit screen above shows kPa too: wait for the watch's own first reading.
    try await session.waitFor("kPa", occurrence: session.count(of: "kPa") + 1)
    session.pressControlC()
    try await session.waitFor("Cancelled.")
    try await session.waitFor("Choose 1-7", occurrence: 3)
    session.type("b")
    session.type("q")
    let result = try await session.finish()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
  }

  @Test("a second Ctrl-C in a row quits with 130 and leaves nothing half-written")
  func twoControlCsQuit() async throws {
    let sandbox = try Sandbox()
    let session = try KeyboardSession(sandbox: sandbox)
    session.type("u")
    try await session.waitFor("Choose 1-3")
    session.pressControlC()
    try await session.waitFor("Choose 1-7", occurrence: 2)
    session.pressControlC()
    let result = try await session.finish(closingInput: false)
    #expect(result.status == 130)
    #expect(result.stdout.hasSuffix("\n"), "the last line is finished")
  }

  @Test("at zero stock the consume prompt does not trap: Enter goes back, and nothing changes")
  func zeroStockDoesNotTrap() async throws {
    let sandbox = try Sandbox()
    let stock = try await sandbox.cosmonaut(["supplies", "list", "--json"])
    let medical = try #require(
      (try stock.stdout.json() as? [[String: Any]])?.first { $0["id"] as? String == "medical" })
    let all = try #require(medical["quantity"] as? Int)
    #expect(try await sandbox.cosmonaut(["supplies", "consume", "medical", String(all)]).status == 0)

    let result = try await sandbox.cosmonaut(
      ["open", "supplies/list"], input: "c\nmedical\n\nc\nwater\n\nb\nq\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Medical kits is out of stock"))
    #expect(!result.stdout.contains("Quantity to consume (kits"), "no quantity is asked for an empty item")
    let after = try await sandbox.cosmonaut(["supplies", "list", "--json"])
    let water = (try after.stdout.json() as? [[String: Any]])?.first { $0["id"] as? String == "water" }
    #expect(water?["quantity"] as? Int == 400)
  }

  @Test("TERM=dumb gets no colour even where colour would be used")
  func dumbTerminal() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.cosmonaut(["supplies", "list"], extraEnvironment: ["TERM": "dumb"])
    #expect(result.status == 0)
    #expect(!result.stdout.contains("\u{1B}["))
  }
}

/// An app (`cosmonaut` unless told) running interactively with its standard input fed line by line, as a person types.
final class KeyboardSession: @unchecked Sendable {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errors = Pipe()
  private let lock = NSLock()
  private var seen = ""

  init(sandbox: Sandbox, arguments: [String] = [], executable: URL = Executables.cosmonaut) throws {
    process.executableURL = executable
    process.arguments = ["--data-dir", sandbox.dataDirectory] + arguments
    process.environment = sandbox.environment
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let handle = output.fileHandleForReading
    Thread.detachNewThread { [self] in
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        lock.withLock { seen += String(decoding: chunk, as: UTF8.self) }
      }
    }
  }

  /// Types `line` and Enter.
  func type(_ line: String) {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// Sends SIGINT, as Ctrl-C at a terminal does.
  func pressControlC() {
    kill(process.processIdentifier, SIGINT)
  }

  /// Kills the app at once (SIGKILL), as a crash or a pulled plug would: it cleans nothing up.
  func kill9() {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// How many times the output has shown `text` so far.
  func count(of text: String) -> Int {
    lock.withLock { seen.components(separatedBy: text).count - 1 }
  }

  /// Waits until the output shows `text` for the `occurrence`-th time (10 s at most).
  func waitFor(_ text: String, occurrence: Int = 1) async throws {
    for _ in 0..<200 {
      let count = lock.withLock { seen.components(separatedBy: text).count - 1 }
      if count >= occurrence { return }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw ProcessFailure.notReady("never saw \"\(text)\" in:\n\(lock.withLock { seen })")
  }

  /// Closes the input (unless the process is to end by itself), waits for the process (30 s at
  /// most) and returns what it left.
  func finish(closingInput: Bool = true) async throws -> ProcessResult {
    if closingInput { try? input.fileHandleForWriting.close() }
    for _ in 0..<600 where process.isRunning {
      try await Task.sleep(for: .milliseconds(50))
    }
    if process.isRunning {
      process.terminate()
      throw ProcessFailure.timedOut("\(process.executableURL?.lastPathComponent ?? "app") (interactive)")
    }
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    try await Task.sleep(for: .milliseconds(50))
    return ProcessResult(status: process.terminationStatus, stdout: lock.withLock { seen }, stderr: stderr)
  }
}
