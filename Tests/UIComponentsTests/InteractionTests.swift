import Localization
import Logging
import Synchronization
import TestHarness
import Testing
import UIComponentsTestSupport

@testable import UIComponents

#if canImport(Glibc)
  import Glibc
#endif

@MainActor @Suite struct TerminalTests {
  @Test func printsLinesAndErrors() {
    let fixture = TerminalFixture()
    fixture.terminal.print("hello")
    fixture.terminal.print()
    fixture.terminal.write("no newline")
    fixture.terminal.printError("error: boom")
    #expect(fixture.output.text == "hello\n\nno newline")
    #expect(fixture.errors.text == "error: boom\n")
  }

  @Test func errorsAreStyledWhenColorsAreOn() {
    let fixture = TerminalFixture(theme: .ansi)
    fixture.terminal.printError("error: boom")
    #expect(fixture.errors.text == Theme.ansi.apply(.error, to: "error: boom") + "\n")
  }

  @Test func readLineWritesPromptStripsCarriageReturnAndEndsWithNil() {
    let fixture = TerminalFixture(lines: ["yes\r", "two\r\n", ""])
    #expect(fixture.terminal.readLine(prompt: "? ") == "yes")
    #expect(fixture.terminal.readLine(prompt: "") == "two")
    #expect(fixture.terminal.readLine(prompt: "? ") == "")
    #expect(fixture.terminal.readLine(prompt: "? ") == nil)
    #expect(fixture.output.text == "? ? ? ")
  }

  @Test func clearScreenOnlyWithColors() {
    let plain = TerminalFixture()
    plain.terminal.clearScreen()
    #expect(plain.output.text.isEmpty)
    let colored = TerminalFixture(theme: .ansi)
    colored.terminal.clearScreen()
    #expect(colored.output.text == "\u{1B}[2J\u{1B}[H")
  }

  @Test func capturedOutputSplitsLines() {
    let output = CapturedOutput()
    output.write("a\nb\n")
    #expect(output.lines == ["a", "b"])
    let input = ScriptedInput(lines: ["x", "y"])
    _ = input.readLine()
    #expect(input.unreadCount == 1)
  }
}

/// The choices of a test screen, in menu order.
enum SuitChoice: String, MenuChoice, CaseIterable {
  case telemetry = "t", health = "health", back = "b"

  var title: LocalizedText {
    switch self {
    case .telemetry: .verbatim("Telemetry")
    case .health: .verbatim("Health")
    case .back: .verbatim("Back")
    }
  }
}

@MainActor @Suite struct MenuTests {
  let menu = Menu<SuitChoice>("Spacesuit")

  @Test func rendersNumberedItemsWithKeysInTheOrderOfTheChoices() {
    #expect(
      menu.render(.plain) == """
        Spacesuit
          1) Telemetry  [t]
          2) Health     [health]
          3) Back       [b]
        """)
    #expect(Menu("Spacesuit", choices: [SuitChoice.health, .back]).items.map(\.key) == ["health", "b"])
  }

  @Test func rendersWideNumbersAligned() {
    let items = (1...10).map { Menu<Int>.Item("I\($0)", key: "k\($0)", choice: $0) }
    let lines = Menu("", items: items).render(.plain).split(separator: "\n")
    #expect(lines.first == "   1) I1   [k1]")
    #expect(lines.last == "  10) I10  [k10]")
  }

  @Test func choosesTheValueByNumber() {
    let fixture = TerminalFixture(lines: ["2"])
    #expect(menu.choose(on: fixture.terminal) == .health)
    #expect(fixture.output.text == menu.render(.plain) + "\nChoose 1-3 or a key: ")
    #expect(fixture.errors.text.isEmpty)
  }

  @Test func choosesTheValueByKeyCaseInsensitively() {
    let fixture = TerminalFixture(lines: [" HEALTH "])
    #expect(menu.choose(on: fixture.terminal) == .health)
    let second = TerminalFixture(lines: ["T"])
    #expect(menu.choose(on: second.terminal) == .telemetry)
  }

  @Test func rePromptsWithOneErrorLineAfterInvalidInput() {
    let fixture = TerminalFixture(lines: ["7", "", "x", "b"])
    #expect(menu.choose(on: fixture.terminal) == .back)
    #expect(
      fixture.errors.lines == [
        "\"7\" is not a choice. Enter a number from 1 to 3 or a key (t, health, b).",
        "\"x\" is not a choice. Enter a number from 1 to 3 or a key (t, health, b).",
      ])
    #expect(fixture.output.text.components(separatedBy: "Choose 1-3 or a key: ").count == 5)
  }

  @Test func anAnswerIsEchoedInertAndCut() {
    let long = String(repeating: "z", count: 80)
    let fixture = TerminalFixture(lines: ["\u{1B}[A\u{7}", "\u{202E}x", long, "b"])
    #expect(menu.choose(on: fixture.terminal) == .back)
    #expect(!fixture.errors.text.contains("\u{1B}") && !fixture.errors.text.contains("\u{7}"))
    #expect(fixture.errors.lines[0].hasPrefix("\"\\e[A\\u{7}\" is not a choice."))
    #expect(fixture.errors.lines[1].hasPrefix("\"\\u{202E}x\" is not a choice."))
    #expect(fixture.errors.lines[2].hasPrefix("\"" + String(repeating: "z", count: 39) + "…\" is not a choice."))
  }

  @Test func returnsNilAtEndOfInput() {
    let fixture = TerminalFixture(lines: ["nope"])
    #expect(menu.choose(on: fixture.terminal) == nil)
    #expect(fixture.errors.lines.count == 1)
    #expect(Menu<Int>("Empty", items: []).choose(on: TerminalFixture(lines: ["1"]).terminal) == nil)
  }

  @Test func zeroAndNegativeNumbersAreInvalid() {
    #expect(menu.item(forAnswer: "0") == nil)
    #expect(menu.item(forAnswer: "-1") == nil)
    #expect(menu.item(forAnswer: "3")?.choice == .back)
  }

  @Test func itemsMapToAnotherChoice() {
    let entry = MenuEntry("Health", key: "h", choice: "health")
    let mapped = entry.map { $0.count }
    #expect(mapped.choice == 6 && mapped.key == "h" && mapped.title == entry.title)
  }
}

@MainActor @Suite struct PromptTests {
  let quantity = Prompt<Int>("Quantity") { answer in
    guard let value = Int(answer), value > 0 else { return .failure(ValidationError("Type a whole number above 0.")) }
    return .success(value)
  }

  @Test func asksUntilTheAnswerIsValid() {
    let fixture = TerminalFixture(lines: ["zero", "-3", " 4 "])
    #expect(quantity.ask(on: fixture.terminal) == 4)
    #expect(fixture.errors.lines == ["Type a whole number above 0.", "Type a whole number above 0."])
    #expect(fixture.output.text == String(repeating: "Quantity (Enter to go back): ", count: 3))
  }

  @Test func returnsNilAtEndOfInput() {
    let fixture = TerminalFixture(lines: ["bad"])
    #expect(quantity.ask(on: fixture.terminal) == nil)
    #expect(fixture.errors.lines.count == 1)
  }

  @Test func anEmptyAnswerGoesBackAndTheQuestionSaysSo() {
    let fixture = TerminalFixture(lines: ["  ", "5"])
    #expect(quantity.ask(on: fixture.terminal) == nil)
    #expect(quantity.emptyAnswerGoesBack)
    #expect(fixture.errors.text.isEmpty, "going back is no error")
    let placed = Prompt<String>(question: { .verbatim("Item (water, food; ") + $0 + .verbatim("): ") }) { .success($0) }
    #expect(placed.message.description == "Item (water, food; Enter to go back): ")
    #expect(placed.ask(on: TerminalFixture(lines: [""]).terminal) == nil)
  }

  @Test func anEmptyAnswerWithAMeaningOfItsOwnReachesNoParser() {
    let keeping = Prompt<String?>("Mission [Expedition 74]: ", emptyAnswer: nil) { .success($0) }
    let fixture = TerminalFixture(lines: ["", " Soyuz "])
    #expect(keeping.ask(on: fixture.terminal) == .some(nil))
    #expect(keeping.ask(on: fixture.terminal) == "Soyuz")
    #expect(!keeping.emptyAnswerGoesBack)
    #expect(fixture.output.text == "Mission [Expedition 74]: Mission [Expedition 74]: ")
  }

  @Test func aValueReadLikeACommandsArgument() {
    let port = Prompt.reading("Port", WholeNumberReader(expectation: .verbatim("a port number")))
    let fixture = TerminalFixture(lines: ["x\u{1B}", "7"])
    #expect(port.ask(on: fixture.terminal) == 7)
    #expect(fixture.errors.lines == ["\"x\\e\" is not a port number"])
    #expect(fixture.output.text == "Port (Enter to go back): Port (Enter to go back): ")
  }

  @Test func helpers() {
    let range = Prompt<Int>.integer("Level", in: 1...3)
    #expect(range.validate("2") == .success(2))
    #expect(range.validate("9") == .failure(ValidationError("\"9\" is not a whole number from 1 to 3.")))
    #expect(range.validate("\u{1B}") == .failure(ValidationError("\"\\e\" is not a whole number from 1 to 3.")))
    let name = Prompt<String>.nonEmpty("Name")
    #expect(name.emptyAnswerGoesBack)
    #expect(name.validate(" Ana ") == .success("Ana"))
  }
}

/// Input whose Ctrl-C count a test can raise while a flow waits on something slow.
/// Set once something has started.
final class StartedFlag: Sendable {
  private let value = Mutex(false)
  var isSet: Bool { value.withLock { $0 } }
  func set() { value.withLock { $0 = true } }
}

final class InterruptibleInput: TerminalInput, @unchecked Sendable {
  private let lines: ScriptedInput
  private let interrupts = Mutex(0)

  init(lines: [String]) { self.lines = ScriptedInput(lines: lines) }

  private let caught = Mutex((now: 0, total: 0))

  func readLine() -> String? { lines.readLine() }
  var interruptCount: Int { interrupts.withLock { $0 } }
  func pressControlC() { interrupts.withLock { $0 += 1 } }
  func catchInterrupts() -> @Sendable () -> Void {
    caught.withLock { $0 = ($0.now + 1, $0.total + 1) }
    return { [self] in caught.withLock { $0.now -= 1 } }
  }
  /// How many times Ctrl-C was caught, once none is caught any more (-1 while one still is).
  var catches: Int { caught.withLock { $0.now == 0 ? $0.total : -1 } }
}

@MainActor @Suite struct CancellingTests {
  private func terminal(_ answers: [ScriptedAnswer], final: Bool = false) -> (Terminal, CapturedOutput) {
    let output = CapturedOutput()
    let terminal = Terminal(
      input: ScriptedInput(answers), output: output, errors: CapturedOutput(), theme: .plain,
      finishesLineAtEnd: true, endOfInputIsFinal: final)
    return (terminal, output)
  }

  @Test func controlDOnATerminalCancelsThePromptAndReadingGoesOn() {
    let (terminal, output) = terminal([.controlD, .line("again")])
    #expect(terminal.readLine(prompt: "? ") == nil)
    #expect(!terminal.inputEnded)
    #expect(terminal.readLine(prompt: "? ") == "again")
    #expect(output.text == "? \n? ")
  }

  @Test func theEndOfAPipeEndsTheInput() {
    let (terminal, _) = terminal([.controlD, .line("never")], final: true)
    #expect(terminal.readLine(prompt: "") == nil)
    #expect(terminal.inputEnded)
    #expect(terminal.readLine(prompt: "") == nil, "nothing is read after the end")
  }

  @Test func oneControlCCancelsTwoInARowQuit() {
    let (terminal, _) = terminal([.controlC, .line("x"), .controlC, .controlC, .line("unread")])
    #expect(terminal.readLine(prompt: "") == nil)
    #expect(!terminal.quitByInterrupt)
    #expect(terminal.readLine(prompt: "") == "x", "an answer in between resets the count")
    #expect(terminal.readLine(prompt: "") == nil)
    #expect(terminal.readLine(prompt: "") == nil)
    #expect(terminal.quitByInterrupt && terminal.inputEnded)
  }

  @Test func everyPromptGoesBackOnAnEmptyAnswerControlDAndControlC() {
    let (terminal, _) = terminal([.line("  "), .controlD, .controlC, .line("5")])
    for _ in 0..<3 { #expect(Prompt<Int>.integer("N", in: 1...9).ask(on: terminal) == nil) }
    #expect(Prompt<Int>.integer("N", in: 1...9).ask(on: terminal) == 5)
    let (keeping, _) = self.terminal([.line(""), .controlD, .controlC])
    let editor = Prompt<String?>("Name [Ana]: ", emptyAnswer: nil) { .success($0) }
    #expect(editor.ask(on: keeping) == .some(nil), "an empty answer keeps the value in brackets")
    #expect(editor.ask(on: keeping) == nil, "Ctrl-D goes back")
    #expect(editor.ask(on: keeping) == nil, "Ctrl-C goes back")
  }

  @Test func aPipedAnswerIsEchoedInert() {
    let output = CapturedOutput()
    let terminal = Terminal(
      input: ScriptedInput(lines: ["\u{1B}[2Jx"]), output: output, errors: CapturedOutput(), theme: .plain,
      echoesInput: true)
    #expect(terminal.readLine(prompt: "? ") == "\u{1B}[2Jx", "the flow gets what was typed")
    #expect(output.text == "? \\e[2Jx\n", "the transcript shows it inert")
  }

  @Test func anErrorLineCannotCarryControlCharacters() {
    let errors = CapturedOutput()
    let terminal = Terminal(input: ScriptedInput(lines: []), output: CapturedOutput(), errors: errors, theme: .plain)
    terminal.printError("no item \"\u{1B}]0;owned\u{7}\"")
    #expect(errors.text == "no item \"\\e]0;owned\\u{7}\"\n")
  }

  @Test func anErrorLineIsOneLineColouredOnlyWhereItsOwnStreamTakesColour() {
    let (output, errors) = (CapturedOutput(), CapturedOutput())
    let terminal = Terminal(
      input: ScriptedInput(lines: []), output: output, errors: errors, theme: Theme(styles: .defaults),
      errorTheme: .plain)
    terminal.printError("no suit at /tmp/a\nb")
    terminal.print(terminal.theme.apply(.error, to: "on screen"))
    #expect(errors.text == "no suit at /tmp/a\\nb\n", "one line, no colour: the error stream is a file")
    #expect(output.text.contains("\u{1B}["), "the screen, on a terminal, keeps its colour")
  }

  @Test func anAnswerFromAPipeIsEchoedCut() {
    let output = CapturedOutput()
    let answer = String(repeating: "x", count: 10_000)
    let terminal = Terminal(
      input: ScriptedInput(lines: [answer]), output: output, errors: CapturedOutput(), theme: .plain,
      echoesInput: true)
    #expect(terminal.readLine(prompt: "? ") == answer, "the flow gets the whole answer")
    #expect(output.text.utf8.count < 300 && output.text.hasSuffix("…\n"), "\(output.text.utf8.count) bytes echoed")
  }

  @Test func quittingOnControlCEndsTheInputWith130() {
    let (terminal, _) = terminal([.controlC, .line("unread")])
    #expect(terminal.readLine(prompt: "") == nil)
    #expect(terminal.lastReadWasInterrupted && !terminal.quitByInterrupt)
    terminal.quitOnInterrupt()
    #expect(terminal.quitByInterrupt && terminal.inputEnded)
    #expect(terminal.readLine(prompt: "") == nil)
  }

  /// Runs an operation that is still going when Ctrl-C arrives: it presses Ctrl-C, then waits.
  private func stillRunningAtControlC(in context: FlowContext, _ input: InterruptibleInput) async throws -> Int? {
    try await context.interruptible { () async throws -> Int in
      input.pressControlC()
      try await Task.sleep(for: .seconds(30))
      return 1
    }
  }

  @Test func controlCCancelsASlowOperationAndTheFlowGoesOn() async throws {
    let input = InterruptibleInput(lines: [])
    let output = CapturedOutput()
    let terminal = Terminal(input: input, output: output, errors: CapturedOutput(), theme: .plain)
    let context = FlowContext.testing(terminal, .interactive)
    let result = try await stillRunningAtControlC(in: context, input)
    #expect(result == nil)
    #expect(output.text == "Cancelled.\n")
    #expect(!terminal.quitByInterrupt)
    let quick = try await context.interruptible { 7 }
    #expect(quick == 7)
  }

  @Test func aWatchWhoseReaderWentAwayStopsQuietly() async throws {
    // `app … watch | head -2`: the third write finds the pipe closed.
    final class ClosingPipe: TerminalOutput, @unchecked Sendable {
      var writes = 0
      func write(_ text: String) { writes += 1 }
      var failure: OutputFailure? { writes > 2 ? OutputFailure(code: EPIPE) : nil }
    }
    let pipe = ClosingPipe()
    let terminal = Terminal(input: ScriptedInput(lines: []), output: pipe, errors: CapturedOutput(), theme: .plain)
    let context = FlowContext.testing(terminal, .once(json: false))
    let result = try await context.interruptible { () async throws -> Int in
      while true {
        terminal.print("sample")
        try await Task.sleep(for: .milliseconds(10))
      }
    }
    #expect(result == nil, "the watch stopped instead of writing for ever")
    #expect(!terminal.quitByInterrupt)
    #expect(terminal.outputFailure?.isClosedReader == true)
  }

  @Test func scriptsRunSlowOperationsAsTheyAre() async throws {
    let terminal = Terminal(
      input: ScriptedInput(lines: []), output: CapturedOutput(), errors: CapturedOutput(), theme: .plain)
    let context = FlowContext.testing(terminal, .once(json: false))
    struct Failure: Error {}
    await #expect(throws: Failure.self) { _ = try await context.interruptible { () throws -> Int in throw Failure() } }
  }

  @Test func controlCStopsAScriptsSlowOperationAndTheCommandEndsWith130() async throws {
    let input = InterruptibleInput(lines: [])
    let (output, errors) = (CapturedOutput(), CapturedOutput())
    let terminal = Terminal(input: input, output: output, errors: errors, theme: .plain)
    let context = FlowContext.testing(terminal, .once(json: false))
    let result = try await stillRunningAtControlC(in: context, input)
    #expect(result == nil)
    #expect(terminal.quitByInterrupt, "the command ends with 130")
    #expect(output.text.isEmpty, "a script's output stays its data")
    #expect(errors.text == "\n", "the line the ^C is on is finished")
    #expect(input.catches == 1, "Ctrl-C was caught only while the operation ran")
  }

  @Test func controlDAtAScreensMenuLeavesOnlyThatScreen() async {
    let output = CapturedOutput()
    let terminal = Terminal(
      input: ScriptedInput([.line("n"), .controlD, .line("b")]), output: output, errors: CapturedOutput(),
      theme: .plain, endOfInputIsFinal: false)
    let context = FlowContext.testing(terminal, .interactive)
    let menu = Menu("M", items: [.init("Nested", key: "n", choice: "n"), .init("Back", key: "b", choice: "b")])
    var parentChoices: [String] = []
    await InteractiveScreen(menu: menu, load: { "parent" }, render: { $0 }).run(in: context) { choice, _ in
      parentChoices.append(choice)
      if choice == "n" {
        await InteractiveScreen(menu: menu, load: { "child" }, render: { $0 }).run(in: context) { _, _ in .stay }
        return .stay
      }
      return .leave
    }
    #expect(parentChoices == ["n", "b"], "Ctrl-D in the nested screen went back to the parent, which went on")
  }
}
