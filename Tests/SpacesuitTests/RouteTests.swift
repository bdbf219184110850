import CommandLineKit
import CosmonautInterface
import Foundation
import SpacesuitServiceInterface
import Testing
import UIComponents

@testable import Spacesuit

/// Every route of the domain: printing then reading gives it back, and the command-line words, the
/// deep link and the main menu reach the same flow.
@MainActor
@Suite("Spacesuit routes")
struct SpacesuitRouteTests {
  /// One route of every command.
  nonisolated static let examples: [SpacesuitRoute] = [
    .health, .status, .watch(count: 2, intervalMilliseconds: 1), .watch(count: 1, intervalMilliseconds: nil),
    .set(.setTemperature(celsius: 22.5)), .set(.setTemperature(celsius: 16)),
    .set(.setOxygenFlow(litersPerMinute: 0.5)),
    .set(.setLights(on: true)), .set(.setLights(on: false)),
  ]

  @Test func everyCommandHasAnExample() {
    #expect(Set(Self.examples.map(\.invocation.path)) == Set(SpacesuitRoute.commands.map(\.path)))
  }

  @Test(arguments: examples)
  func printingThenReadingGivesTheRouteBack(_ route: SpacesuitRoute) throws {
    #expect(try SpacesuitRoute(words: route.words) == route, "words: \(route.words)")
    #expect(try SpacesuitRoute(link: route.link) == route, "link: \(route.link)")
    let typed = try #require(DeepLink(string: route.link.description))
    #expect(try SpacesuitRoute(link: typed) == route, "typed link: \(route.link)")
  }

  @Test func theOldSpacesuitLinksStillArrive() throws {
    #expect(try SpacesuitRoute(link: #require(DeepLink(string: "spacesuit/telemetry"))) == .status)
    #expect(
      try SpacesuitRoute(words: ["spacesuit", "watch", "--count=3"]) == .watch(count: 3, intervalMilliseconds: nil))
  }

  @Test(arguments: examples)
  func wordsAndTheLinkReachTheSameFlow(_ route: SpacesuitRoute) async throws {
    let viaWords = try await outcome(of: try SpacesuitRoute(words: route.words))
    let viaLink = try await outcome(of: try SpacesuitRoute(link: #require(DeepLink(string: route.link.description))))
    #expect(viaWords == viaLink)
    #expect(!viaWords.output.isEmpty)
  }

  @Test func everyMainMenuEntryReachesTheFlowOfItsCommand() async throws {
    #expect(SpacesuitRoute.mainMenu.map(\.title.description) == ["Health", "Spacesuit"])
    for entry in SpacesuitRoute.mainMenu {
      let viaMenu = try await outcome(of: entry.choice)
      let viaWords = try await outcome(of: try SpacesuitRoute(words: entry.choice.words))
      #expect(viaMenu == viaWords, "\(entry.title)")
    }
  }

  @Test func onlySuitCommandsChangeData() {
    #expect(SpacesuitRoute.set(.setLights(on: true)).change?.description == "set the suit's lights on.")
    for route in [SpacesuitRoute.health, .status, .watch(count: nil, intervalMilliseconds: nil)] {
      #expect(route.change == nil)
    }
    #expect(SpacesuitRoute(destination: .health) == .health)
    #expect(SpacesuitRoute(destination: .spacesuit) == .status)
    #expect(SpacesuitRoute(destination: .supplies) == nil)
  }

  /// What running `route` once as JSON prints and sends to the suit, on a fresh fake.
  private func outcome(of route: SpacesuitRoute) async throws -> Outcome {
    let harness = SpacesuitHarness(.once(json: true))
    try await harness.coordinator.start(at: route)
    return Outcome(output: harness.output.text, commands: await harness.sentCommands())
  }

  struct Outcome: Equatable {
    let output: String
    let commands: [SuitCommand]
  }
}
