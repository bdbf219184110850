import AppAnalytics
import Navigation
import Testing
import UIComponents

@testable import Scaffold

@MainActor @Suite struct InteractiveTests {
  let menu = """
    station
      1) Galley  [g]
      2) Gym     [y]
      3) Quit    [q]
    Choose 1-3 or a key: 
    """

  @Test func showsTheDomainsEntriesInOrderOpensOneAndQuits() async {
    let harness = Harness(lines: ["y", "q"])
    let code = await harness.makeApp().runInteractive()
    #expect(code == 0)
    #expect(
      harness.journal.entries == ["onStart", "Gym.make interactive", "Gym.open workout(minutes: nil)", "onShutdown"])
    #expect(harness.output.text == menu + "\n" + menu)
    #expect(harness.errors.text.isEmpty)
  }

  @Test func endOfInputExitsZeroWithAFinalNewline() async {
    let harness = Harness(lines: [])
    #expect(await harness.makeApp().runInteractive() == 0)
    #expect(harness.output.text == menu + "\n")
    #expect(harness.journal.entries == ["onStart", "onShutdown"])
    #expect(harness.eventNames == ["app.start", "app.shutdown"])
  }

  @Test func controlCAtTheMainMenuQuitsWith130() async {
    let harness = Harness(answers: [.controlC, .line("unread")])
    #expect(await harness.makeApp().runInteractive() == 130)
    #expect(harness.output.text == menu + "\n", "the line the ^C is on is finished, once")
    #expect(harness.journal.entries == ["onStart", "onShutdown"], "the app shut down as on Quit")
    #expect(harness.analyticsEvents.events.last?.properties["exitCode"] == "130")
  }

  @Test func controlDAtTheMainMenuQuitsWith0() async {
    let harness = Harness(answers: [.controlD])
    #expect(await harness.makeApp().runInteractive() == 0)
    #expect(harness.output.text == menu + "\n")
  }

  @Test func controlCOrControlDAtAPromptGoesBackToTheMenuItCameFrom() async {
    // Gym asks a question: Ctrl-C cancels it; Gym again, Ctrl-D; then Quit.
    let harness = Harness(answers: [.line("y"), .controlC, .line("y"), .controlD, .line("q")])
    harness.gymBehavior = { _, context in
      #expect(Prompt<String>.nonEmpty("Minutes").ask(on: context.terminal) == nil)
    }
    #expect(await harness.makeApp().runInteractive() == 0)
    #expect(harness.output.text.components(separatedBy: "Minutes (Enter to go back): ").count == 3)
    #expect(harness.output.text.hasSuffix(menu), "back at the main menu, which Quit left")
  }

  @Test func controlCThatStopsACommandEndsItWith130() async {
    let harness = Harness()
    harness.gymBehavior = { _, context in context.terminal.quitOnInterrupt() }
    #expect(await harness.makeApp().runOnce(HostedRoute(GymRoute.workout(minutes: nil)), json: false) == 130)
    #expect(harness.errors.text.isEmpty, "stopping is no error")
  }

  @Test func aFlowErrorIsOneLineAndTheMenuContinues() async {
    let harness = Harness(lines: ["g", "q"])
    harness.galleyBehavior = { _, _ in throw FlowFailure(kind: .unavailable, userMessage: "the galley is closed") }
    #expect(await harness.makeApp().runInteractive() == 0)
    #expect(harness.errors.lines == ["error: the galley is closed"])
    #expect(harness.analyticsEvents.errors.count == 1)
    #expect(harness.output.text.hasSuffix(menu + "\n" + menu))
  }

  @Test func aChangeNotSavedForAnIOReasonEndsTheSessionWith74AfterTheMenuWentOn() async {
    let harness = Harness(lines: ["g", "y", "q"])
    harness.galleyBehavior = { _, _ in
      throw FlowFailure(kind: .io, userMessage: "the store was deleted under the app: this change was not saved")
    }
    #expect(await harness.makeApp().runInteractive() == 74)
    #expect(harness.errors.lines == ["error: the store was deleted under the app: this change was not saved"])
    #expect(harness.output.text.hasSuffix(menu + "\n" + menu + "\n" + menu), "the person could go on")
    #expect(harness.analyticsEvents.events.last?.properties["exitCode"] == "74")
  }

  @Test func aStartRouteThatOnlyShowsOpensWithoutAsking() async {
    let harness = Harness(lines: ["q"])
    #expect(await harness.makeApp().runInteractive(startingAt: HostedRoute(GalleyRoute.menu), link: "galley/menu") == 0)
    #expect(harness.journal.entries.contains("Galley.open menu"))
    #expect(!harness.output.text.contains("Go ahead?"))
  }

  @Test func aTypedLinkThatChangesDataAsksAndGoesAheadOnYes() async {
    let harness = Harness(lines: ["y", "q"])
    let route = HostedRoute(GalleyRoute.serve(meal: "tea", portions: 2))
    #expect(await harness.makeApp().runInteractive(startingAt: route, link: "galley/serve?meal=tea&portions=2") == 0)
    #expect(harness.output.text.hasPrefix("The link galley/serve?meal=tea&portions=2 changes data: serve 2 tea.\n"))
    #expect(harness.output.text.contains("Go ahead? [y/N] "))
    #expect(harness.journal.entries.contains("Galley.open serve(meal: \"tea\", portions: 2)"))
  }

  @Test(arguments: [["n", "q"], ["", "q"], ["maybe", "no", "q"], []])
  func aTypedLinkThatChangesDataDoesNothingUnlessConfirmed(_ answers: [String]) async {
    let harness = Harness(lines: answers)
    let route = HostedRoute(GalleyRoute.serve(meal: "tea", portions: 2))
    #expect(await harness.makeApp().runInteractive(startingAt: route, link: "galley/serve?meal=tea&portions=2") == 0)
    #expect(!harness.journal.entries.contains { $0.hasPrefix("Galley.open") })
    #expect(harness.journal.entries.last == "onShutdown")
  }

  @Test func aRouteFromTheMenuOrFromCodeIsNotConfirmed() async {
    let harness = Harness(lines: ["q"])
    let route = HostedRoute(GalleyRoute.serve(meal: "soup", portions: 1))
    #expect(await harness.makeApp().runInteractive(startingAt: route) == 0)
    #expect(harness.journal.entries.contains("Galley.open serve(meal: \"soup\", portions: 1)"))
  }

  @Test func navigationReachesTheDomainThatShowsTheDestinationInteractively() async {
    let harness = Harness(lines: ["y", "q"])
    harness.gymBehavior = { _, context in try await context.navigator.navigate(to: .supplies) }
    #expect(await harness.makeApp().runInteractive() == 0)
    #expect(harness.journal.entries.contains("Galley.make interactive"))
    #expect(harness.journal.entries.contains("Galley.open menu"))
  }

  @Test func eachDomainsStatusLineStandsAboveEveryMainMenu() async {
    let harness = Harness(lines: ["g", "q"])
    harness.galleyStatus = "Galley: 3 meals waiting."
    #expect(await harness.makeApp().runInteractive() == 0)
    #expect(harness.output.text.components(separatedBy: "Galley: 3 meals waiting.\nstation\n").count == 3)
  }

  @Test func coordinatorsAreMadeOncePerPresentation() async {
    let harness = Harness(lines: ["g", "g", "q"])
    #expect(await harness.makeApp().runInteractive() == 0)
    #expect(harness.journal.entries.filter { $0 == "Galley.make interactive" }.count == 1)
    #expect(harness.journal.entries.filter { $0 == "Galley.open menu" }.count == 2)
  }
}
