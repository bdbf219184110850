import CommandLineKit
import CosmonautInterface
import CosmonautServiceInterface
import Foundation
import LaboratoryServiceInterface
import Navigation
import Testing
import UIComponents

@testable import Laboratory

/// Every route of the domain: printing then reading gives it back, and the command-line words, the
/// deep link and the main menu reach the same flow.
@MainActor
@Suite("Laboratory routes")
struct LaboratoryRouteTests {
  /// One route of every command, with values that need care when written.
  nonisolated static let examples: [LaboratoryRoute] = [
    .labs, .rack("cir", .off), .rack("msg", .standby), .stowage, .retryResult(key: "3f2a91c0"),
    .discardResult(key: "3f2a"),
    .logIn(freezer: "merlin", label: "urine 1", experiment: nil),
    .logIn(freezer: "melfi-1", label: "leaf&1=a", experiment: "plant-habitat"), .logOut(sample: "a0000001"),
    .experiments, .experiment("plant-habitat"), .schedule, .startRun(experiment: "plant-habitat"), .runs,
    .run("a0000001"), .done(run: "a0000001", step: nil, freezer: nil), .done(run: "a000", step: 1, freezer: "melfi-1"),
    .skip(run: "a0000001", step: 2, reason: "camera broken; see log"), .skip(run: "a0000001", step: nil, reason: "-x"),
    .pause(run: "a0000001"), .resume(run: "a0000001"), .abort(run: "a0000001", reason: "crew called away"),
    .results, .sendResults,
  ]

  @Test func everyCommandHasAnExample() {
    #expect(Set(Self.examples.map(\.invocation.path)) == Set(LaboratoryRoute.commands.map(\.path)))
  }

  @Test(arguments: examples)
  func printingThenReadingGivesTheRouteBack(_ route: LaboratoryRoute) throws {
    #expect(try LaboratoryRoute(words: route.words) == route, "words: \(route.words)")
    #expect(try LaboratoryRoute(link: route.link) == route, "link: \(route.link)")
    let typed = try #require(DeepLink(string: route.link.description))
    #expect(try LaboratoryRoute(link: typed) == route, "typed link: \(route.link)")
  }

  @Test(arguments: examples)
  func wordsAndTheLinkReachTheSameFlow(_ route: LaboratoryRoute) async throws {
    let viaWords = try await outcome(of: try LaboratoryRoute(words: route.words))
    let viaLink = try await outcome(of: try LaboratoryRoute(link: #require(DeepLink(string: route.link.description))))
    #expect(viaWords == viaLink)
    #expect(!viaWords.output.isEmpty, "the flow printed its result or threw")
  }

  @Test func everyMainMenuEntryReachesTheFlowOfItsCommand() async throws {
    #expect(
      LaboratoryRoute.mainMenu.map(\.title.description) == ["Labs", "Cold stowage", "Experiments", "Runs", "Results"])
    for entry in LaboratoryRoute.mainMenu {
      #expect(
        try await outcome(of: entry.choice) == (try await outcome(of: try LaboratoryRoute(words: entry.choice.words))),
        "\(entry.title)")
    }
  }

  @Test func valuesOutsideTheirRangeAreUsageErrors() throws {
    for words in [
      "labs rack cir fault", "labs rack shuttle off", "stowage log-in fridge x", "run done a0 --step 0",
      "run skip a0", "run done a0 --freezer cupboard", "run abort a0",
    ] {
      #expect(throws: UsageError.self, "\(words)") {
        try LaboratoryRoute(words: words.split(separator: " ").map(String.init))
      }
    }
    #expect(try LaboratoryRoute(words: ["cold-stowage"]) == .stowage, "alias")
  }

  @Test func routesThatChangeDataSaySo() {
    #expect(
      LaboratoryRoute.logIn(freezer: "merlin", label: "u1", experiment: nil).change?.description
        == "log sample u1 into merlin.")
    #expect(LaboratoryRoute.done(run: "ab", step: 2, freezer: nil).change?.description == "mark step 2 of run ab done.")
    for route in [
      LaboratoryRoute.labs, .stowage, .experiments, .schedule, .runs, .results, .run("a"), .resume(run: "a"),
    ] {
      #expect(route.change == nil, "\(route) only shows (resume opens the viewer, which asks at each step)")
    }
    for destination in [Destination.supplies, .profile, Destination(domain: "Elsewhere", place: "anything")] {
      #expect(LaboratoryRoute(destination: destination) == nil)
    }
  }

  /// What running `route` once as JSON prints and leaves behind, on fresh fakes with one run started.
  private func outcome(of route: LaboratoryRoute) async throws -> Outcome {
    let harness = LaboratoryHarness(.once(json: true))
    let experiment = try #require(ExperimentCatalogue.sample.experiment("plant-habitat"))
    _ = try await harness.lab.startRun(experiment, crew: "Valentina Orlova")
    _ = try await harness.lab.logIn(SampleLogIn(label: "first", freezer: "merlin"), crew: nil)
    var thrown = ""
    do { try await harness.coordinator.start(at: route) } catch { thrown = "thrown: \(error)" }
    let runs = try await harness.lab.runs().map { "\($0.id) \($0.state) \($0.steps.map(\.status))" }
    let samples = await harness.lab.samples.map { "\($0.id) \($0.freezer) \($0.isStored)" }
    let stock = try await harness.cosmonaut.supplies().map { "\($0.id)=\($0.quantity)" }
    let pending = await harness.lab.queued.count
    let output = harness.output.text.replacing(/"id" : "[0-9a-f-]{36}"/, with: "\"id\" : \"<key>\"")
    return Outcome(output: output + thrown, state: runs + samples + stock + ["pending \(pending)"])
  }

  struct Outcome: Equatable {
    let output: String
    let state: [String]
  }
}
