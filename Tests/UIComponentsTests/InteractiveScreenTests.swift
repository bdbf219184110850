import AppAnalytics
import Testing

@testable import UIComponents

@MainActor
private func makeContext(input: [String]) -> (FlowContext, CapturedOutput, TerminalErrorPresenter) {
  let output = CapturedOutput()
  let terminal = Terminal(input: ScriptedInput(lines: input), output: output, errors: CapturedOutput(), theme: .plain)
  let presenter = TerminalErrorPresenter(terminal: terminal)
  let context = FlowContext(
    terminal: terminal, presentation: .interactive, navigator: RecordingNavigator(), errors: presenter)
  return (context, output, presenter)
}

private struct Broken: Error {}

@MainActor
struct InteractiveScreenTests {
  let menu = Menu(title: "Counter", items: [.init(key: "n", title: "Next"), .init(key: "b", title: "Back")])

  @Test func reloadsAfterEachChoiceUntilTheUserLeaves() async {
    let (context, output, _) = makeContext(input: ["n", "n", "b"])
    var loads = 0
    var handled: [(String, Int)] = []
    let screen = InteractiveScreen(
      menu: menu,
      load: {
        loads += 1; return loads
      }, render: { "value \($0)" })

    await screen.run(in: context, module: "Test") { choice, value in
      handled.append((choice.key, value))
      return choice.key == "b" ? .leave : .stay
    }

    #expect(loads == 3)
    #expect(handled.map(\.0) == ["n", "n", "b"])
    #expect(handled.map(\.1) == [1, 2, 3], "each choice sees the value shown with it")
    #expect(output.text.contains("value 1") && output.text.contains("value 3"))
  }

  @Test func endOfInputLeaves() async {
    let (context, _, _) = makeContext(input: [])
    var handled = 0
    let screen = InteractiveScreen(menu: menu, load: { 1 }, render: { "value \($0)" })
    await screen.run(in: context, module: "Test") { _, _ in
      handled += 1
      return .stay
    }
    #expect(handled == 0)
  }

  @Test func inputEndingInANestedScreenEndsTheParentWithoutRedrawing() async {
    let (context, output, _) = makeContext(input: ["n"])
    var parentLoads = 0
    let child = InteractiveScreen(menu: menu, load: { 0 }, render: { _ in "child" })
    let parent = InteractiveScreen(
      menu: menu,
      load: {
        parentLoads += 1; return parentLoads
      }, render: { "parent \($0)" })

    await parent.run(in: context, module: "Test") { _, _ in
      await child.run(in: context, module: "Test") { _, _ in .stay }  // reads the end of input
      return .stay
    }

    #expect(context.terminal.inputEnded)
    #expect(parentLoads == 1)
    #expect(!output.text.contains("parent 2"))
  }

  @Test func aFailedLoadIsPresentedAndLeaves() async {
    let (context, output, presenter) = makeContext(input: ["n"])
    let screen = InteractiveScreen<Int>(menu: menu, load: { throw Broken() }, render: { "value \($0)" })
    await screen.run(in: context, module: "Test") { _, _ in .stay }
    #expect(presenter.presented.count == 1)
    #expect(presenter.presented.first?.module == "Test")
    #expect(!output.text.contains("Counter"), "no menu without a value")
  }

  @Test func presentingErrorsShowsInsteadOfThrowing() async {
    let (context, _, presenter) = makeContext(input: [])
    var ran = false
    await context.presentingErrors(in: "Test") {
      ran = true
      throw Broken()
    }
    #expect(ran)
    #expect(presenter.presented.count == 1)
  }

  @Test func printJSONWritesOneDocument() throws {
    let (context, output, _) = makeContext(input: [])
    try context.printJSON(["b": 2, "a": 1])
    #expect(output.text == "{\n  \"a\" : 1,\n  \"b\" : 2\n}\n")
  }
}

struct LinkArgumentsTests {
  let link = DeepLink(
    path: ["supplies", "consume"], parameters: ["item": "water", "quantity": "3", "bad": "x", "empty": ""])

  @Test func requiredArgumentsAreReadOrNamedWhenMissing() throws {
    #expect(try link.argument("item", label: "ITEM", usage: "u") == "water")
    #expect(throws: LinkArgumentError.missing(name: "WHO", usage: "u")) {
      try link.argument("who", label: "WHO", usage: "u")
    }
    #expect(throws: LinkArgumentError.missing(name: "E", usage: "u")) {
      try link.argument("empty", label: "E", usage: "u")
    }
  }

  @Test func positiveIntegersAreCheckedOnlyWhenPresent() throws {
    #expect(try link.positiveInteger("quantity", label: "QUANTITY") == 3)
    #expect(try link.positiveInteger("absent", label: "N") == nil)
    #expect(throws: LinkArgumentError.invalid(name: "B", value: "x", expected: "a whole number greater than zero")) {
      try link.positiveInteger("bad", label: "B")
    }
    let zero = DeepLink(path: ["x"], parameters: ["n": "0"])
    #expect(throws: LinkArgumentError.self) { try zero.positiveInteger("n", label: "N") }
  }

  @Test func messagesAreOneLineUsageErrors() {
    let missing = LinkArgumentError.missing(name: "ITEM", usage: "cosmonaut supplies consume ITEM QUANTITY")
    let invalid = LinkArgumentError.invalid(name: "QUANTITY", value: "abc", expected: "a number")
    #expect(missing.userMessage == "missing ITEM. Usage: cosmonaut supplies consume ITEM QUANTITY")
    #expect(invalid.userMessage == "QUANTITY \"abc\" is not valid: expected a number")
    #expect(missing.kind == .usage && invalid.kind == .usage)
  }
}
