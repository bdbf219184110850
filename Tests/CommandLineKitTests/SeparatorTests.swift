import Testing

@testable import CommandLineKit

/// After `--` every token is a word: an option-looking one is neither an option nor "did you mean" itself.
@Suite struct SeparatorTests {
  private enum Route: Hashable, Sendable { case list }

  private var program: Program<Route> {
    Program(
      name: "p", version: "1", abstract: "p", options: [],
      commands: [Command<Route>("list", abstract: "lists") { _ in .list }], withoutCommand: "runs")
  }

  @Test func anOptionLookingWordAfterTheSeparatorIsAnUnknownCommandWithoutASuggestionOfItself() {
    let error = #expect(throws: UsageError.self) { try self.program.parse(["--", "--help"]) }
    #expect(error?.message.description == "unknown command '--help'; see 'p --help'")
  }

  @Test func aCommandAfterTheSeparatorIsTheCommand() throws {
    guard case .run(let route, _, _) = try program.parse(["--", "list"]) else {
      Issue.record("not a run")
      return
    }
    #expect(route == .list)
  }

  @Test func aWordIsNeverSuggestedForItself() {
    #expect(Suggestion.closest(to: "--help", among: ["--help", "--hello"]) == "--hello")
    #expect(Suggestion.closest(to: "list", among: ["list"]) == nil)
    #expect(Suggestion.closest(to: "lisr", among: ["list"]) == "list")
  }
}
