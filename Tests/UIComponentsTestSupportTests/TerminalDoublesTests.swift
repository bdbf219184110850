import Navigation
import Testing
import UIComponents
import UIComponentsTestSupport

/// The doubles screens are tested with answer and record as a person and a terminal would.
@Suite("Terminal and navigation doubles")
@MainActor
struct TerminalDoublesTests {
  @Test func scriptedInputHandsOutItsAnswersInOrderThenEndsAndCountsInterrupts() {
    let input = ScriptedInput([.line("yes"), .controlC, .line("again"), .controlD, .line("unread")])
    #expect(input.readLine() == "yes")
    #expect(input.readLine() == nil && input.interruptCount == 1, "Ctrl-C cuts the read short")
    #expect(input.readLine() == "again")
    #expect(input.readLine() == nil && input.interruptCount == 1, "Ctrl-D ends the input without an interrupt")
    #expect(input.unreadCount == 1)
    #expect(ScriptedInput(lines: []).readLine() == nil)
  }

  @Test func capturedOutputKeepsWhatATerminalPrints() {
    let output = CapturedOutput()
    let terminal = Terminal(input: ScriptedInput(lines: []), output: output, errors: CapturedOutput(), theme: .plain)
    terminal.print("one")
    terminal.print("two")
    #expect(output.text == "one\ntwo\n")
    #expect(output.lines == ["one", "two"])
  }

  @Test func theRecordingNavigatorRemembersAndShowsWhatItIsTold() async throws {
    let everything = RecordingNavigator()
    let some = RecordingNavigator(shows: [Destination(domain: "Cosmonaut", place: "supplies")])
    #expect(everything.canNavigate(to: Destination(domain: "Cosmonaut", place: "anything")))
    #expect(
      some.canNavigate(to: Destination(domain: "Cosmonaut", place: "supplies"))
        && !some.canNavigate(to: Destination(domain: "Spacesuit", place: "suit")))
    try await some.navigate(to: Destination(domain: "Cosmonaut", place: "supplies"))
    #expect(some.requested == [Destination(domain: "Cosmonaut", place: "supplies")])
  }
}
