import Foundation
import TestHarness
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
///
/// Released, the app is killed (SIGKILL).
final class KeyboardSession: Sendable {
  private let process: ChildProcess

  init(sandbox: Sandbox, arguments: [String] = [], executable: URL = Executables.cosmonaut) throws {
    process = try ChildProcess(
      executable, ["--data-dir", sandbox.dataDirectory] + arguments, environment: sandbox.environment, input: .pipe)
  }

  /// Types `line` and Enter.
  func type(_ line: String) {
    process.send(line + "\n")
  }

  /// Sends SIGINT, as Ctrl-C at a terminal does.
  func pressControlC() {
    process.signal(SIGINT)
  }

  /// Kills the app at once (SIGKILL), as a crash or a pulled plug would: it cleans nothing up.
  func kill9() async {
    await process.kill()
  }

  /// How many times the output has shown `text` so far.
  func count(of text: String) -> Int {
    process.output.components(separatedBy: text).count - 1
  }

  /// Waits until the output shows `text` for the `occurrence`-th time (30 s at most).
  func waitFor(_ text: String, occurrence: Int = 1) async throws {
    try await process.waitForOutput(text, occurrence: occurrence, within: .seconds(30))
  }

  /// Closes the input (unless the process is to end by itself), waits for the process (60 s at
  /// most) and returns what it left.
  func finish(closingInput: Bool = true) async throws -> ProcessResult {
    if closingInput { process.closeInput() }
    guard let exit = await process.exit(within: .seconds(60)) else {
      await process.kill()
      throw ProcessFailure.timedOut("\(process.name) (interactive)")
    }
    await process.outputClosed(within: .seconds(10))
    return ProcessResult(of: process, exit: exit)
  }
}
