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
    let name = Prompt<String>.nonEmpty("Name:", field: "name")
    #expect(name.validate("  ") == .failure(ValidationError("The name cannot be empty; type a value.")))
    #expect(name.validate(" Ana ") == .success("Ana"))
  }
}
