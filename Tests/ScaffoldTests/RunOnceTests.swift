import AppAnalytics
import Logging
import Navigation
import Testing
import UIComponents

@testable import Scaffold

@MainActor @Suite struct RunOnceTests {
  @Test func opensTheRouteInItsDomainOnce() async {
    let harness = Harness()
    let code = await harness.makeApp().runOnce(HostedRoute(GalleyRoute.serve(meal: "tea", portions: 2)), json: true)
    #expect(code == 0)
    #expect(
      harness.journal.entries == [
        "onStart", "Galley.make once(json: true)", "Galley.open serve(meal: \"tea\", portions: 2)", "onShutdown",
      ])
    #expect(harness.errors.text.isEmpty)
    #expect(harness.eventNames == ["app.start", "route.open", "app.shutdown"])
  }

  @Test(arguments: [
    (ErrorKind.usage, Int32(64)), (.rejected, 65), (.unavailable, 69), (.internal, 70), (.cannotCreate, 73), (.io, 74),
  ])
  func reportableErrorsMapToExitCodes(kind: ErrorKind, expected: Int32) async throws {
    let harness = Harness()
    harness.galleyBehavior = { _, _ in throw FlowFailure(kind: kind, userMessage: "cannot do that; try this") }
    let code = await harness.makeApp().runOnce(HostedRoute(GalleyRoute.menu), json: false)
    #expect(code == expected)
    #expect(harness.errors.text == "error: cannot do that; try this\n")
    let error = try #require(harness.analyticsEvents.errors.first)
    #expect(error.properties["kind"] == kind.rawValue)
    #expect(error.properties["module"] == "Galley")
    #expect(harness.journal.entries.last == "onShutdown", "shut-down runs after an error too")
  }

  @Test func anUnexpectedErrorIsInternalWithOneLine() async {
    let harness = Harness()
    harness.gymBehavior = { _, _ in throw Crash() }
    let code = await harness.makeApp().runOnce(HostedRoute(GymRoute.workout(minutes: 5)), json: false)
    #expect(code == 70)
    #expect(harness.errors.lines == ["error: internal error: disk on fire"])
    #expect(harness.logSink.records.contains { $0.level == .error && $0.message.contains("disk on fire") })
  }

  @Test func aFlowNavigatesToADestinationShownByAnotherDomain() async {
    let harness = Harness()
    harness.gymBehavior = { _, context in try await context.navigator.navigate(to: .supplies) }
    let code = await harness.makeApp().runOnce(HostedRoute(GymRoute.workout(minutes: nil)), json: false)
    #expect(code == 0)
    #expect(harness.journal.entries.contains("Galley.make once(json: false)"), "same presentation as the asking flow")
    #expect(harness.journal.entries.contains("Galley.open menu"))
  }

  @Test func aDestinationNoDomainShowsIsAnErrorAndCannotBeNavigated() async {
    let harness = Harness()
    var canNavigate: [Bool] = []
    harness.gymBehavior = { _, context in
      canNavigate = [context.navigator.canNavigate(to: .supplies), context.navigator.canNavigate(to: .spacesuit)]
      try await context.navigator.navigate(to: .spacesuit)
    }
    let code = await harness.makeApp().runOnce(HostedRoute(GymRoute.workout(minutes: nil)), json: false)
    #expect(canNavigate == [true, false])
    #expect(code == 70)
    #expect(harness.errors.lines == ["error: station has no spacesuit screen; open it in the app that has one"])
  }

  @Test func domainsGetTheirOwnModuleAndScopedLogger() async {
    let harness = Harness()
    harness.galleyBehavior = { _, context in
      context.logger.info("cooking")
      context.analytics.track("cooked")
      #expect(context.module == "Galley")
    }
    _ = await harness.makeApp().runOnce(HostedRoute(GalleyRoute.menu), json: false)
    #expect(harness.logSink.records.contains { $0.module == "Galley" && $0.message == "cooking" })
    #expect(harness.eventNames.contains("cooked"))
  }
}

@MainActor @Suite struct PrivacyTests {
  @Test func logsAndAnalyticsNameTheRouteNotItsValues() async {
    let harness = Harness()
    harness.galleyBehavior = { _, _ in throw FlowFailure(kind: .rejected, userMessage: "no tea left") }
    _ = await harness.makeApp().runOnce(HostedRoute(GalleyRoute.serve(meal: "tea", portions: 2)), json: false)
    let logged = harness.logSink.messages.joined(separator: "\n")
    // A command's route is named by its command's words, never by its values.
    #expect(logged.contains("open galley serve"))
    #expect(!logged.contains("\"tea\""), "\(logged)")
    let properties = harness.analyticsEvents.events.flatMap { $0.properties.values }
    #expect(properties.contains("galley serve"))
    #expect(!properties.contains { $0.contains("portions") })
  }
}
