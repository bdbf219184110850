import AppAnalytics
import Logging
import Navigation
import Testing
import UIComponentsTestSupport

@testable import UIComponents

@MainActor
private func makeContext(input: [String]) -> (FlowContext, CapturedOutput, TerminalErrorPresenter) {
  let output = CapturedOutput()
  let terminal = Terminal(input: ScriptedInput(lines: input), output: output, errors: CapturedOutput(), theme: .plain)
  let presenter = TerminalErrorPresenter(terminal: terminal)
  let context = FlowContext(
    terminal: terminal, presentation: .interactive, navigator: RecordingNavigator(), errors: presenter,
    analytics: .disabled, logger: Logger(module: "Test", level: .critical, sinks: []), module: "Test")
  return (context, output, presenter)
}

private struct Broken: Error {}

@MainActor
struct InteractiveScreenTests {
  let menu = Menu("Counter", items: [.init("Next", key: "n", choice: "n"), .init("Back", key: "b", choice: "b")])

  @Test func reloadsAfterEachChoiceUntilTheUserLeaves() async {
    let (context, output, _) = makeContext(input: ["n", "n", "b"])
    var loads = 0
    var handled: [(String, Int)] = []
    let screen = InteractiveScreen(
      menu: menu,
      load: {
        loads += 1; return loads
      }, render: { "value \($0)" })

    await screen.run(in: context) { choice, value in
      handled.append((choice, value))
      return choice == "b" ? .leave : .stay
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
    await screen.run(in: context) { _, _ in
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

    await parent.run(in: context) { _, _ in
      await child.run(in: context) { _, _ in .stay }  // reads the end of input
      return .stay
    }

    #expect(context.terminal.inputEnded)
    #expect(parentLoads == 1)
    #expect(!output.text.contains("parent 2"))
  }

  @Test func aFailedLoadIsPresentedAndLeaves() async {
    let (context, output, presenter) = makeContext(input: ["n"])
    let screen = InteractiveScreen<Int, String>(menu: menu, load: { throw Broken() }, render: { "value \($0)" })
    await screen.run(in: context) { _, _ in .stay }
    #expect(presenter.presented.count == 1)
    #expect(presenter.presented.first?.module == "Test")
    #expect(!output.text.contains("Counter"), "no menu without a value")
  }

  @Test func presentingErrorsShowsInsteadOfThrowing() async {
    let (context, _, presenter) = makeContext(input: [])
    var ran = false
    await context.presentingErrors {
      ran = true
      throw Broken()
    }
    #expect(ran)
    #expect(presenter.presented.count == 1)
  }

  @Test func showPrintsTheScreenOrForJSONTheDocument() throws {
    let (context, output, _) = makeContext(input: [])
    try context.show(["count": 2]) { value, _, translator in translator(.verbatim("count \(value["count"] ?? 0)")) }
    try context.show(["done": true], line: "Done: lights on.", style: .ok)
    #expect(output.text == "count 2\nDone: lights on.\n")
    let document = CapturedOutput()
    let terminal = Terminal(
      input: ScriptedInput(lines: []), output: document, errors: CapturedOutput(), theme: .plain)
    let json = FlowContext.testing(terminal, .once(json: true))
    try json.show(["count": 2]) { _, _, _ in "never" }
    try json.show(["done": true], line: "never", style: .ok)
    #expect(document.text == "{\n  \"count\" : 2\n}\n{\n  \"done\" : true\n}\n")
  }

  @Test func askReadsAValueLikeACommandsArgumentAndGoesBackOnEnter() {
    let (context, output, _) = makeContext(input: ["seven", "7", ""])
    let count = WholeNumberReader(expectation: .verbatim("a whole number"))
    #expect(context.ask("Count", reading: count) == 7)
    #expect(context.ask("Count", reading: count) == nil)
    #expect(output.text == String(repeating: "Count (Enter to go back): ", count: 3))
  }

  @Test func printJSONWritesOneDocument() throws {
    let (context, output, _) = makeContext(input: [])
    try context.printJSON(["b": 2, "a": 1])
    #expect(output.text == "{\n  \"a\" : 1,\n  \"b\" : 2\n}\n")
  }
}

@MainActor
struct NavigationTests {
  @Test func navigatePresentsAFailureInsteadOfThrowing() async {
    let output = CapturedOutput()
    let errors = CapturedOutput()
    let terminal = Terminal(input: ScriptedInput(lines: []), output: output, errors: errors, theme: .plain)
    let presenter = TerminalErrorPresenter(terminal: terminal)
    let context = FlowContext(
      terminal: terminal, presentation: .interactive, navigator: RefusingNavigator(), errors: presenter,
      analytics: .disabled, logger: Logger(module: "Test", level: .critical, sinks: []), module: "Health")
    await context.navigate(to: .supplies)
    #expect(presenter.presented.count == 1)
    #expect(presenter.presented.first?.module == "Health")
  }

  @Test func recordingNavigatorAnswersForWhatItShows() async throws {
    let navigator = RecordingNavigator(shows: [.supplies])
    #expect(navigator.canNavigate(to: .supplies))
    #expect(!navigator.canNavigate(to: .health))
    try await navigator.navigate(to: .supplies)
    #expect(navigator.requested == [.supplies])
  }

  @Test func yesOrNoAcceptsOnlyYesAsYes() throws {
    let prompt = Prompt<Bool>.yesOrNo("Go ahead?")
    #expect(try prompt.validate("Y").get() == true)
    #expect(try prompt.validate(" yes ").get() == true)
    #expect(try prompt.validate("").get() == false)
    #expect(try prompt.validate("no").get() == false)
    #expect(throws: ValidationError.self) { try prompt.validate("maybe").get() }
  }
}

/// A navigator for an app that shows nothing.
@MainActor
private final class RefusingNavigator: Navigator {
  struct NotHere: Error {}
  func canNavigate(to destination: Destination) -> Bool { false }
  func navigate(to destination: Destination) async throws { throw NotHere() }
}
