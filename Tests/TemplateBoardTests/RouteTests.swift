import CommandLineKit
import Navigation
import Testing
import UIComponents

@testable import TemplateBoard

/// The domain's route: its command reads and prints back, its link reads, and the command, the
/// link and the main menu reach the same flow.
@MainActor
@Suite("TemplateBoard routes")
struct TemplateBoardRouteTests {
  @Test func theCommandIsNamedAfterTheDomain() {
    #expect(TemplateBoardRoute.commands.map(\.path) == [["template-board"]])
    #expect(TemplateBoardRoute.commands.map(\.printsJSON) == [true])
    #expect(TemplateBoardRoute.overview.words == ["template-board"])
    #expect(TemplateBoardRoute.overview.link.description == "template-board")
  }

  @Test func printingThenReadingGivesTheRouteBack() throws {
    let route = TemplateBoardRoute.overview
    #expect(try TemplateBoardRoute(words: route.words) == route)
    #expect(try TemplateBoardRoute(link: route.link) == route)
    #expect(try TemplateBoardRoute(link: #require(DeepLink(string: "template-board"))) == route)
  }

  @Test func wordsAndLinksItDoesNotKnowAreRefused() throws {
    #expect(throws: UsageError.self) { try TemplateBoardRoute(words: ["template-board", "extra"]) }
    let link = try #require(DeepLink(string: "template-board/extra"))
    #expect(throws: UsageError.self) { try TemplateBoardRoute(link: link) }
  }

  @Test func theDomainShowsItsOwnDestinationOnly() {
    #expect(TemplateBoardRoute(destination: .templateBoard) == .overview)
    #expect(TemplateBoardRoute(destination: Destination(domain: "Elsewhere", place: "templateBoard")) == nil)
    #expect(TemplateBoardRoute.overview.change == nil)
  }

  @Test func theCommandTheLinkAndTheMainMenuReachTheSameFlow() async throws {
    #expect(TemplateBoardRoute.mainMenu.map(\.title.description) == ["Template Board"])
    #expect(TemplateBoardRoute.mainMenu.map(\.key) == ["b"])
    let entry = try #require(TemplateBoardRoute.mainMenu.first)
    let viaWords = try await output(of: try TemplateBoardRoute(words: ["template-board"]))
    let viaLink = try await output(of: try TemplateBoardRoute(link: #require(DeepLink(string: "template-board"))))
    let viaMenu = try await output(of: entry.choice)
    #expect(viaWords == viaLink)
    #expect(viaWords == viaMenu)
    #expect(!viaWords.isEmpty)
  }

  /// What opening `route` once as JSON prints.
  private func output(of route: TemplateBoardRoute) async throws -> String {
    let harness = TemplateBoardHarness(.once(json: true))
    try await harness.coordinator.start(at: route)
    return harness.output.text
  }
}
