import AppAnalytics
import Logging
import Testing
import UIComponents

@testable import Scaffold

@MainActor @Suite struct RunOnceTests {
  @Test func routesByHeadWithTheRouteDropped() async {
    let harness = Harness()
    let code = await harness.makeApp().runOnce(DeepLink("spacesuit/telemetry?count=3"), json: false)
    #expect(code == 0)
    #expect(
      harness.journal.entries == [
        "onStart", "spacesuit.make once(json: false)", "spacesuit.link telemetry?count=3", "onShutdown",
      ])
    #expect(harness.errors.text.isEmpty)
  }

  @Test func routesByAliasWithTheAliasKeptAsHead() async {
    let harness = Harness()
    let code = await harness.makeApp().runOnce(DeepLink("health/vitals"), json: true)
    #expect(code == 0)
    #expect(harness.journal.entries.contains("spacesuit.make once(json: true)"))
    #expect(harness.journal.entries.contains("spacesuit.link health/vitals"))
  }

  @Test func headsMatchCaseInsensitively() async {
    let harness = Harness()
    #expect(await harness.makeApp().runOnce(DeepLink("Cosmonaut/supplies"), json: false) == 0)
    #expect(harness.journal.entries.contains("cosmonaut.link supplies"))
  }

  @Test func routeOnlyLinkReachesTheDomainAsEmptyLinkInScriptMode() async {
    let harness = Harness()
    #expect(await harness.makeApp().runOnce(DeepLink("cosmonaut"), json: false) == 0)
    #expect(harness.journal.entries.contains("cosmonaut.link "))
  }

  @Test func unknownLinkIsUsageWithOneLine() async throws {
    let harness = Harness()
    let code = await harness.makeApp().runOnce(DeepLink("galley/menu?x=1"), json: false)
    #expect(code == 64)
    #expect(
      harness.errors.text
        == "error: unknown command \"galley/menu?x=1\". Run 'cosmonaut --help' for the list of commands.\n")
    #expect(harness.output.text.isEmpty)
    #expect(harness.journal.entries == ["onStart", "onShutdown"])
    let error = try #require(harness.analyticsEvents.errors.first)
    #expect(error.properties["module"] == "Scaffold")
    #expect(error.properties["kind"] == "usage")
    #expect(error.properties["link"] == "galley/menu?x=1")
  }

  @Test func coordinatorDecliningTheLinkIsLikeAnUnknownLink() async {
    let harness = Harness()
    harness.spacesuitBehavior = { _, _ in false }
    let code = await harness.makeApp().runOnce(DeepLink("spacesuit/bogus"), json: false)
    #expect(code == 64)
    #expect(
      harness.errors.lines == [
        "error: unknown command \"spacesuit/bogus\". Run 'cosmonaut --help' for the list of commands."
      ])
    #expect(harness.analyticsEvents.errors.count == 1)
  }

  @Test(arguments: [
    (ErrorKind.usage, Int32(64)), (.rejected, 65), (.unavailable, 69), (.internal, 70), (.cannotCreate, 73), (.io, 74),
  ])
  func reportableErrorsMapToExitCodes(kind: ErrorKind, expected: Int32) async throws {
    let harness = Harness()
    harness.cosmonautBehavior = { _, _ in throw FlowFailure(kind: kind, userMessage: "cannot do that; try this") }
    let code = await harness.makeApp().runOnce(DeepLink("cosmonaut/supplies/consume"), json: false)
    #expect(code == expected)
    #expect(harness.errors.text == "error: cannot do that; try this\n")
    let event = try #require(harness.analyticsEvents.errors.first)
    #expect(event.properties["kind"] == kind.rawValue)
    #expect(event.properties["link"] == "cosmonaut/supplies/consume")
    #expect(harness.logSink.records.contains { $0.level == .error && $0.message == "error: cannot do that; try this" })
  }

  @Test func otherErrorsAreInternal() async {
    let harness = Harness()
    harness.spacesuitBehavior = { _, _ in throw Crash() }
    let code = await harness.makeApp().runOnce(DeepLink("suit/status"), json: true)
    #expect(code == 70)
    #expect(harness.errors.lines == ["error: internal error: disk on fire"])
    #expect(harness.analyticsEvents.errors.first?.properties["kind"] == "internal")
  }

  @Test func shutdownRunsAfterAnErrorInOrder() async {
    let harness = Harness()
    harness.cosmonautBehavior = { _, _ in throw FlowFailure(kind: .unavailable, userMessage: "Houston is down") }
    _ = await harness.makeApp().runOnce(DeepLink("cosmonaut/sync"), json: false)
    #expect(
      harness.journal.entries == [
        "onStart", "cosmonaut.make once(json: false)", "cosmonaut.link sync", "onShutdown",
      ])
    #expect(harness.eventNames == ["app.start", "link.open", "error", "app.shutdown"])
    #expect(harness.analyticsEvents.events.last?.properties["exitCode"] == "69")
  }

  @Test func tracksStartLinkAndShutdown() async {
    let harness = Harness()
    _ = await harness.makeApp().runOnce(DeepLink("health"), json: false)
    #expect(harness.eventNames == ["app.start", "link.open", "app.shutdown"])
    #expect(harness.analyticsEvents.events[1].properties["link"] == "health")
    #expect(harness.analyticsEvents.events[0].properties["mode"] == "once")
    #expect(harness.analyticsEvents.events[2].properties["exitCode"] == "0")
  }

  @Test func crossDomainNavigationReachesTheOtherDomainInTheSamePresentation() async {
    let harness = Harness()
    harness.cosmonautBehavior = { _, context in
      try await context.navigator.navigate(to: DeepLink("spacesuit/status"))
    }
    let code = await harness.makeApp().runOnce(DeepLink("cosmonaut/dashboard"), json: true)
    #expect(code == 0)
    #expect(
      harness.journal.entries == [
        "onStart", "cosmonaut.make once(json: true)", "cosmonaut.link dashboard",
        "spacesuit.make once(json: true)", "spacesuit.link status", "onShutdown",
      ])
  }

  @Test func crossDomainNavigationToAnUnknownLinkAnswersFalse() async {
    let harness = Harness()
    var answer: Bool?
    harness.cosmonautBehavior = { _, context in
      answer = try await context.navigator.navigate(to: DeepLink("galley"))
      return true
    }
    #expect(await harness.makeApp().runOnce(DeepLink("cosmonaut"), json: false) == 0)
    #expect(answer == false)
  }

  @Test func errorsFromANavigatedDomainPropagate() async {
    let harness = Harness()
    harness.spacesuitBehavior = { _, _ in throw FlowFailure(kind: .rejected, userMessage: "suit refused") }
    harness.cosmonautBehavior = { _, context in try await context.navigator.navigate(to: DeepLink("health")) }
    #expect(await harness.makeApp().runOnce(DeepLink("cosmonaut"), json: false) == 65)
    #expect(harness.errors.lines == ["error: suit refused"])
  }

  @Test func exitCodeForErrors() {
    #expect(ExitCode.forError(FlowFailure(kind: .usage, userMessage: "")) == ExitCode.usage)
    #expect(ExitCode.forError(ScaffoldError.unknownCommand(link: "x", appName: "a")) == 64)
    #expect(ExitCode.forError(Crash()) == ExitCode.internalError)
    #expect(ExitCode.forKind(.unavailable) == 69)
  }
}
