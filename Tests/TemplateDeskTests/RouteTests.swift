import CommandLineKit
import Navigation
import Testing
import UIComponents

@testable import TemplateDesk

/// The domain's route: its command reads and prints back, its link reads, and the command, the
/// link and the main menu reach the same flow.
@MainActor
@Suite("TemplateDesk routes")
struct TemplateDeskRouteTests {
  @Test func theCommandIsNamedAfterTheDomain() {
    #expect(TemplateDeskRoute.commands.map(\.path) == [["template-desk"]])
    #expect(TemplateDeskRoute.commands.map(\.printsJSON) == [true])
    #expect(TemplateDeskRoute.overview.words == ["template-desk"])
    #expect(TemplateDeskRoute.overview.link.description == "template-desk")
  }

  @Test func printingThenReadingGivesTheRouteBack() throws {
    let route = TemplateDeskRoute.overview
    #expect(try TemplateDeskRoute(words: route.words) == route)
    #expect(try TemplateDeskRoute(link: route.link) == route)
    #expect(try TemplateDeskRoute(link: #require(DeepLink(string: "template-desk"))) == route)
  }

  @Test func wordsAndLinksItDoesNotKnowAreRefused() throws {
    #expect(throws: UsageError.self) { try TemplateDeskRoute(words: ["template-desk", "extra"]) }
    let link = try #require(DeepLink(string: "template-desk/extra"))
    #expect(throws: UsageError.self) { try TemplateDeskRoute(link: link) }
  }

  @Test func theDomainShowsItsOwnDestinationOnly() {
    #expect(TemplateDeskRoute(destination: .templateDesk) == .overview)
    #expect(TemplateDeskRoute(destination: Destination(domain: "Elsewhere", place: "templateDesk")) == nil)
    #expect(TemplateDeskRoute.overview.change == nil)
  }

  @Test func theCommandTheLinkAndTheMainMenuReachTheSameFlow() async throws {
    #expect(TemplateDeskRoute.mainMenu.map(\.title.description) == ["Template Desk"])
    #expect(TemplateDeskRoute.mainMenu.map(\.key) == ["a"])
    let entry = try #require(TemplateDeskRoute.mainMenu.first)
    let viaWords = try await output(of: try TemplateDeskRoute(words: ["template-desk"]))
    let viaLink = try await output(of: try TemplateDeskRoute(link: #require(DeepLink(string: "template-desk"))))
    let viaMenu = try await output(of: entry.choice)
    #expect(viaWords == viaLink)
    #expect(viaWords == viaMenu)
    #expect(!viaWords.isEmpty)
  }

  /// What opening `route` once as JSON prints.
  private func output(of route: TemplateDeskRoute) async throws -> String {
    let harness = TemplateDeskHarness(.once(json: true))
    try await harness.coordinator.start(at: route)
    return harness.output.text
  }
}
