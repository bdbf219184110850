import EndToEndSupport
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

  @Test("Ctrl-C at the main menu ends the app with 130, as the help says")
  func controlCAtTheMainMenuQuits() async throws {
    let sandbox = try Sandbox()
    let session = try KeyboardSession(sandbox: sandbox)
    try await session.waitFor("Choose 1-7")
    session.pressControlC()
    let result = try await session.finish(closingInput: false)
    #expect(result.status == 130, "\(result.stderr)")
    #expect(result.stdout.hasSuffix("\n"), "the last line is finished")
    #expect(result.stderr.isEmpty)
  }

  @Test(
    "Ctrl-C stops a command's watch and ends it with 130",
    arguments: [
      (Executables.cosmonaut, ["suit", "watch", "--interval-ms", "100"]),
      (Executables.issOverview, ["status", "--watch", "--interval-ms", "100"]),
    ])
  func controlCEndsAWatchingCommand(_ executable: URL, _ arguments: [String]) async throws {
    let sandbox = try Sandbox()
    let session = try KeyboardSession(sandbox: sandbox, arguments: arguments, executable: executable)
    try await session.waitFor("\n", occurrence: 3)
    session.pressControlC()
    let result = try await session.finish(closingInput: false)
    #expect(result.status == 130, "\(result.stderr)")
    #expect(result.stdout.hasSuffix("\n"), "no sample is cut in half")
  }

  @Test("an arrow key, Esc and bytes that are no text are echoed inert, never raw")
  func controlBytesAreEchoedInert() async throws {
    let sandbox = try Sandbox()
    let session = try KeyboardSession(sandbox: sandbox)
    try await session.waitFor("Choose 1-7")
    session.type(bytes: [0x1B, 0x5B, 0x41])  // the up arrow
    session.type(bytes: [0xFF, 0x07, 0x1B, 0x5D, 0x30, 0x3B, 0x78])  // a stray byte, a bell, a title change
    try await session.waitFor("Choose 1-7", occurrence: 3)
    session.type("q")
    let result = try await session.finish()
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.first?.hasPrefix("\"\\e[A\" is not a choice.") == true, "\(result.stderr)")
    #expect(lines.last?.hasPrefix("\"\u{FFFD}\\u{7}\\e]0;x\" is not a choice.") == true, "\(result.stderr)")
    #expect(!result.stdout.contains("\u{1B}") && !result.stderr.contains("\u{1B}"), "no Esc reaches the terminal")
    #expect(!result.stdout.contains("\u{7}") && !result.stderr.contains("\u{7}"))
    #expect(result.stdout.contains("\\e[A\n"), "the transcript of a piped session shows the keys inert")
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

  /// Types `bytes` as they are (text or not) and Enter.
  func type(bytes: [UInt8]) {
    process.send(bytes: bytes + [0x0A])
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
    await process.outputClosed(within: .seconds(60))
    return ProcessResult(of: process, exit: exit)
  }
}

/// `iss-overview` with a person at the keyboard: every prompt goes back the same way.
@Suite("iss-overview at the keyboard")
struct OverviewKeyboardTests {
  @Test("Enter and Ctrl-C at a prompt go back to the screen it came from, which says how")
  func promptsGoBack() async throws {
    let sandbox = try Sandbox()
    let session = try KeyboardSession(sandbox: sandbox, executable: Executables.issOverview)
    session.type("d")
    try await session.waitFor("Start an approach")
    session.type("a")
    try await session.waitFor("Port (Enter to go back): ")
    session.type("")
    try await session.waitFor("Start an approach", occurrence: 2)
    session.type("a")
    try await session.waitFor("Port (Enter to go back): ", occurrence: 2)
    session.pressControlC()
    try await session.waitFor("Start an approach", occurrence: 3)
    session.type("b")
    session.type("p")
    try await session.waitFor("Drive a wing")
    session.type("w")
    session.type("2A")
    try await session.waitFor("Mode (track, feather or an angle) (Enter to go back): ")
    session.type("")
    try await session.waitFor("Drive a wing", occurrence: 2)
    session.type("b")
    session.type("q")
    let result = try await session.finish()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "going back is no error")
  }
}
