import AppAnalytics
import Foundation
import Testing
import UIComponents

@testable import Scaffold

@MainActor @Suite struct InteractiveTests {
  @Test func showsTheMainMenuReachesADomainAndQuits() async {
    let harness = Harness(lines: ["h", "q"])
    let code = await harness.makeApp().runInteractive(startingAt: nil)
    #expect(code == 0)
    #expect(
      harness.journal.entries == [
        "onStart", "spacesuit.make interactive", "spacesuit.link health", "onShutdown",
      ])
    let menu = """
      cosmonaut
        1) Cosmonaut  [c]
        2) Supplies   [supplies]
        3) Health     [h]
        4) Spacesuit  [s]
        5) Quit       [q]
      Choose 1-5 or a key: 
      """
    #expect(harness.output.text == menu + "\n" + menu)
    #expect(harness.errors.text.isEmpty)
  }

  @Test func menuOrderPutsListedTitlesFirst() async {
    let harness = Harness(lines: ["1", "quit", "5"])
    harness.menuOrder = ["Health", "Cosmonaut", "Nonexistent"]
    #expect(await harness.makeApp().runInteractive(startingAt: nil) == 0)
    let lines = harness.output.lines
    #expect(
      Array(lines.prefix(6)).map { $0.trimmingCharacters(in: .whitespaces) } == [
        "cosmonaut", "1) Health     [h]", "2) Cosmonaut  [c]", "3) Supplies   [supplies]", "4) Spacesuit  [s]",
        "5) Quit       [q]",
      ])
    #expect(harness.journal.entries.contains("spacesuit.link health"))
    #expect(harness.errors.lines.count == 1)  // "quit" is not a key
  }

  @Test func routeOnlyMenuEntryOpensTheDomainHome() async {
    let harness = Harness(lines: ["s", "Q"])
    #expect(await harness.makeApp().runInteractive(startingAt: nil) == 0)
    #expect(harness.journal.entries == ["onStart", "spacesuit.make interactive", "spacesuit.start", "onShutdown"])
  }

  @Test func endOfInputExitsZeroWithAFinalNewline() async {
    let harness = Harness(lines: [])
    #expect(await harness.makeApp().runInteractive(startingAt: nil) == 0)
    #expect(harness.output.text.hasSuffix("Choose 1-5 or a key: \n"))
    #expect(harness.journal.entries == ["onStart", "onShutdown"])
    #expect(harness.eventNames == ["app.start", "app.shutdown"])
  }

  @Test func startLinkOpensFirst() async {
    let harness = Harness(lines: ["q"])
    #expect(await harness.makeApp().runInteractive(startingAt: DeepLink("cosmonaut/profile")) == 0)
    #expect(
      harness.journal.entries == ["onStart", "cosmonaut.make interactive", "cosmonaut.link profile", "onShutdown"])
    #expect(harness.output.text.hasPrefix("\ncosmonaut\n"))
  }

  @Test func unknownStartLinkPrintsOneErrorThenTheMenu() async {
    let harness = Harness(lines: ["q"])
    #expect(await harness.makeApp().runInteractive(startingAt: DeepLink("galley")) == 0)
    #expect(harness.errors.lines == ["error: unknown link \"galley\". Choose an entry from the menu below."])
    #expect(harness.output.text.contains("5) Quit"))
    #expect(harness.analyticsEvents.errors.first?.properties["link"] == "galley")
  }

  @Test func flowErrorsAreShownRecordedAndTheMenuContinues() async throws {
    let harness = Harness(lines: ["supplies", "2", "q"])
    harness.cosmonautBehavior = { _, _ in throw FlowFailure(kind: .rejected, userMessage: "only 2 l of water left") }
    #expect(await harness.makeApp().runInteractive(startingAt: nil) == 0)
    #expect(harness.errors.lines == ["error: only 2 l of water left", "error: only 2 l of water left"])
    #expect(harness.analyticsEvents.errors.count == 2)
    let event = try #require(harness.analyticsEvents.errors.first)
    #expect(event.properties["module"] == "Scaffold")
    #expect(event.properties["link"] == "cosmonaut/supplies")
    #expect(harness.journal.entries.filter { $0 == "cosmonaut.make interactive" }.count == 1)
    #expect(harness.journal.entries.last == "onShutdown")
  }

  @Test func coordinatorsAreMadeLazilyOncePerPresentation() async {
    let harness = Harness(lines: ["c", "supplies", "q"])
    let app = harness.makeApp()
    #expect(await app.runInteractive(startingAt: nil) == 0)
    #expect(harness.journal.entries.filter { $0.hasSuffix(".make interactive") } == ["cosmonaut.make interactive"])
    #expect(await app.runOnce(DeepLink("cosmonaut/sync"), json: false) == 0)
    #expect(harness.journal.entries.contains("cosmonaut.make once(json: false)"))
    #expect(!harness.journal.entries.contains { $0.hasPrefix("spacesuit.make") })
  }

  @Test func domainsPresentErrorsThroughTheHost() async throws {
    let harness = Harness(lines: ["h", "q"])
    harness.spacesuitBehavior = { _, context in
      context.errors.present(
        FlowFailure(kind: .unavailable, userMessage: "suit unreachable; check the link"), in: "Spacesuit")
      return true
    }
    #expect(await harness.makeApp().runInteractive(startingAt: nil) == 0)
    #expect(harness.errors.lines == ["error: suit unreachable; check the link"])
    let event = try #require(harness.analyticsEvents.errors.first)
    #expect(event.properties["module"] == "Spacesuit")
  }

  @Test func crossDomainNavigationInteractively() async {
    let harness = Harness(lines: ["c", "q"])
    harness.cosmonautBehavior = { _, context in try await context.navigator.navigate(to: DeepLink("health")) }
    harness.spacesuitBehavior = { _, _ in true }
    // "c" opens the route-only link "cosmonaut" -> start(); use the start link to exercise start(link:).
    let app = harness.makeApp()
    #expect(await app.runInteractive(startingAt: DeepLink("cosmonaut/dashboard")) == 0)
    #expect(
      Array(harness.journal.entries.prefix(5)) == [
        "onStart", "cosmonaut.make interactive", "cosmonaut.link dashboard", "spacesuit.make interactive",
        "spacesuit.link health",
      ])
    #expect(harness.journal.entries.contains("cosmonaut.start"))
  }

  @Test func hostNavigateUsesTheCurrentPresentation() async throws {
    let harness = Harness()
    let app = harness.makeApp()
    #expect(try await app.navigate(to: DeepLink("suit/lights")))
    #expect(try await !app.navigate(to: DeepLink("nowhere")))
    #expect(harness.journal.entries == ["spacesuit.make interactive", "spacesuit.link suit/lights"])
  }
}
