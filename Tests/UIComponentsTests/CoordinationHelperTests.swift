import Testing

@testable import UIComponents

@MainActor @Suite struct CoordinationHelperTests {
  struct Failure: Error, CustomStringConvertible { var description: String { "bad thing" } }

  @Test func terminalErrorPresenterPrintsOneLineAndRemembers() {
    let fixture = TerminalFixture()
    let presenter = TerminalErrorPresenter(terminal: fixture.terminal)
    presenter.present(Failure(), in: "Suit")
    #expect(fixture.errors.text == "error: bad thing\n")
    #expect(presenter.presented.map(\.module) == ["Suit"])
  }

  @Test func loadStateCapturesOutcome() async {
    let loaded = await LoadState<Int>.capture { 3 }
    #expect(loaded.value == 3)
    let failed = await LoadState<Int>.capture { throw Failure() }
    #expect(failed.value == nil)
    #expect(failed.error is Failure)
    #expect(Presentation.once(json: true).isJSON && !Presentation.interactive.isJSON)
  }
}
