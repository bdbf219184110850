import Logging
import Synchronization
import TestHarness
import Testing

@testable import UIComponents

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

@MainActor @Suite struct MenuTests {
  let menu = Menu(
    title: "Spacesuit",
    items: [.init(key: "t", title: "Telemetry"), .init(key: "health", title: "Health"), .init(key: "b", title: "Back")])

  @Test func rendersNumberedItemsWithKeys() {
    #expect(
      menu.render(.plain) == """
        Spacesuit
          1) Telemetry  [t]
          2) Health     [health]
          3) Back       [b]
        """)
  }

  @Test func rendersWideNumbersAligned() {
    let items = (1...10).map { Menu.Item(key: "k\($0)", title: "I\($0)") }
    let lines = Menu(title: "", items: items).render(.plain).split(separator: "\n")
    #expect(lines.first == "   1) I1   [k1]")
    #expect(lines.last == "  10) I10  [k10]")
  }

  @Test func choosesByNumber() {
    let fixture = TerminalFixture(lines: ["2"])
    #expect(menu.choose(on: fixture.terminal) == menu.items[1])
    #expect(fixture.output.text == menu.render(.plain) + "\nChoose 1-3 or a key: ")
    #expect(fixture.errors.text.isEmpty)
  }

  @Test func choosesByKeyCaseInsensitively() {
    let fixture = TerminalFixture(lines: [" HEALTH "])
    #expect(menu.choose(on: fixture.terminal)?.title == "Health")
    let second = TerminalFixture(lines: ["T"])
    #expect(menu.choose(on: second.terminal)?.title == "Telemetry")
  }

  @Test func rePromptsWithOneErrorLineAfterInvalidInput() {
    let fixture = TerminalFixture(lines: ["7", "", "x", "b"])
    #expect(menu.choose(on: fixture.terminal)?.key == "b")
    #expect(
      fixture.errors.lines == [
        "\"7\" is not a choice. Enter a number from 1 to 3 or a key (t, health, b).",
        "\"x\" is not a choice. Enter a number from 1 to 3 or a key (t, health, b).",
      ])
    #expect(fixture.output.text.components(separatedBy: "Choose 1-3 or a key: ").count == 5)
  }

  @Test func returnsNilAtEndOfInput() {
    let fixture = TerminalFixture(lines: ["nope"])
    #expect(menu.choose(on: fixture.terminal) == nil)
    #expect(fixture.errors.lines.count == 1)
    #expect(Menu(title: "Empty", items: []).choose(on: TerminalFixture(lines: ["1"]).terminal) == nil)
  }

  @Test func zeroAndNegativeNumbersAreInvalid() {
    #expect(menu.item(forAnswer: "0") == nil)
    #expect(menu.item(forAnswer: "-1") == nil)
    #expect(menu.item(forAnswer: "3")?.key == "b")
  }
}

@MainActor @Suite struct PromptTests {
  let quantity = Prompt<Int>("Quantity:") { answer in
    guard let value = Int(answer), value > 0 else { return .failure(ValidationError("Type a whole number above 0.")) }
    return .success(value)
  }

  @Test func asksUntilTheAnswerIsValid() {
    let fixture = TerminalFixture(lines: ["zero", "-3", " 4 "])
    #expect(quantity.ask(on: fixture.terminal) == 4)
    #expect(fixture.errors.lines == ["Type a whole number above 0.", "Type a whole number above 0."])
    #expect(fixture.output.text == "Quantity: Quantity: Quantity: ")
  }

  @Test func returnsNilAtEndOfInput() {
    let fixture = TerminalFixture(lines: ["bad"])
    #expect(quantity.ask(on: fixture.terminal) == nil)
    #expect(fixture.errors.lines.count == 1)
  }

  @Test func emptyAnswerGoesToTheParser() {
    let optional = Prompt<String?>("Mission (empty to keep): ") { .success($0.isEmpty ? nil : $0) }
    let fixture = TerminalFixture(lines: [""])
    #expect(optional.ask(on: fixture.terminal) == .some(nil))
    #expect(fixture.output.text == "Mission (empty to keep): ")
  }

  @Test func helpers() {
    let range = Prompt<Int>.integer("Level:", in: 1...3)
    #expect(range.validate("2") == .success(2))
    #expect(range.validate("9") == .failure(ValidationError("\"9\" is not a whole number from 1 to 3.")))
    let name = Prompt<String>.nonEmpty("Name:")
    #expect(name.emptyAnswerCancels)
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

  func readLine() -> String? { lines.readLine() }
  var interruptCount: Int { interrupts.withLock { $0 } }
  func pressControlC() { interrupts.withLock { $0 += 1 } }
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

  @Test func aPromptCancelsOnEmptyAnswersWhenItSaysSo() {
    let (terminal, _) = terminal([.line("  "), .line("5")])
    #expect(Prompt<Int>.integer("N:", in: 1...9).ask(on: terminal) == nil)
    #expect(Prompt<Int>.integer("N:", in: 1...9).ask(on: terminal) == 5)
    let (keeping, _) = self.terminal([.line(""), .controlC])
    #expect(Prompt<String>("Name:") { .success($0) }.ask(on: keeping) == "", "an empty answer reaches the parser")
    #expect(Prompt<String>("Name:") { .success($0) }.ask(on: keeping) == nil, "Ctrl-C cancels any prompt")
  }

  @Test func controlCCancelsASlowOperationAndTheFlowGoesOn() async throws {
    let input = InterruptibleInput(lines: [])
    let output = CapturedOutput()
    let terminal = Terminal(input: input, output: output, errors: CapturedOutput(), theme: .plain)
    let context = FlowContext(
      terminal: terminal, presentation: .interactive, navigator: RecordingNavigator(),
      errors: TerminalErrorPresenter(terminal: terminal), analytics: .disabled,
      logger: Logger(module: "Test", level: .critical, sinks: []), module: "Test")
    let started = StartedFlag()
    Task { @MainActor in
      try await until("the slow operation to start") { started.isSet }
      input.pressControlC()
    }
    let result = try await context.interruptible { () async throws -> Int in
      started.set()
      try await Task.sleep(for: .seconds(30))
      return 1
    }
    #expect(result == nil)
    #expect(output.text == "Cancelled.\n")
    #expect(!terminal.quitByInterrupt)
    let quick = try await context.interruptible { 7 }
    #expect(quick == 7)
  }

  @Test func scriptsRunSlowOperationsAsTheyAre() async throws {
    let terminal = Terminal(
      input: ScriptedInput(lines: []), output: CapturedOutput(), errors: CapturedOutput(), theme: .plain)
    let context = FlowContext(
      terminal: terminal, presentation: .once(json: false), navigator: RecordingNavigator(),
      errors: TerminalErrorPresenter(terminal: terminal), analytics: .disabled,
      logger: Logger(module: "Test", level: .critical, sinks: []), module: "Test")
    struct Failure: Error {}
    await #expect(throws: Failure.self) { _ = try await context.interruptible { () throws -> Int in throw Failure() } }
  }

  @Test func controlDAtAScreensMenuLeavesOnlyThatScreen() async {
    let output = CapturedOutput()
    let terminal = Terminal(
      input: ScriptedInput([.line("n"), .controlD, .line("b")]), output: output, errors: CapturedOutput(),
      theme: .plain, endOfInputIsFinal: false)
    let context = FlowContext(
      terminal: terminal, presentation: .interactive, navigator: RecordingNavigator(),
      errors: TerminalErrorPresenter(terminal: terminal), analytics: .disabled,
      logger: Logger(module: "Test", level: .critical, sinks: []), module: "Test")
    let menu = Menu(title: "M", items: [.init(key: "n", title: "Nested"), .init(key: "b", title: "Back")])
    var parentChoices: [String] = []
    await InteractiveScreen(menu: menu, load: { "parent" }, render: { $0 }).run(in: context) { choice, _ in
      parentChoices.append(choice.key)
      if choice.key == "n" {
        await InteractiveScreen(menu: menu, load: { "child" }, render: { $0 }).run(in: context) { _, _ in .stay }
        return .stay
      }
      return .leave
    }
    #expect(parentChoices == ["n", "b"], "Ctrl-D in the nested screen went back to the parent, which went on")
  }
}
