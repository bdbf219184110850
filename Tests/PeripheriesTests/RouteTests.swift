import CommandLineKit
import CosmonautInterface
import DockingPortServiceInterface
import Foundation
import HeatRadiatorServiceInterface
import Navigation
import SolarArrayServiceInterface
import Testing
import UIComponents

@testable import Peripheries

/// Every route of the domain: printing then reading gives it back, and the command-line words, the
/// deep link and the main menu reach the same flow.
@MainActor
@Suite("Peripheries routes")
struct PeripheriesRouteTests {
  /// One route of every command, with values that need care when written.
  nonisolated static let examples: [PeripheriesRoute] = [
    .status(watch: nil), .status(watch: .init(count: 2, intervalMilliseconds: 100)), .status(watch: .init(count: 1)),
    .power, .wing(.c2B, .feather), .wing(.c1A, .angle(-35.5)), .wing(.c4A, .track), .joint(.port, .angle(-90)),
    .joint(.starboard, .track), .thermal, .radiator(.deploy(.port)), .radiator(.retract(.starboard)),
    .radiator(.rotate(.port, .angle(-105))), .radiator(.rotate(.starboard, .track)), .docking,
    .dock(.approach(.harmonyForward, .cargoDragon)), .dock(.capture(.harmonyForward)), .dock(.hardDock(.zvezdaAft)),
    .dock(.openHatch(.poiskZenith)), .dock(.closeHatch(.rassvetNadir)), .dock(.undock(.prichalNadir)),
    .dock(.abort(.harmonyZenith)), .schedule,
  ]

  @Test func everyCommandHasAnExample() {
    #expect(Set(Self.examples.map(\.invocation.path)) == Set(PeripheriesRoute.commands.map(\.path)))
  }

  @Test(arguments: examples)
  func printingThenReadingGivesTheRouteBack(_ route: PeripheriesRoute) throws {
    #expect(try PeripheriesRoute(words: route.words) == route, "words: \(route.words)")
    #expect(try PeripheriesRoute(link: route.link) == route, "link: \(route.link)")
    let typed = try #require(DeepLink(string: route.link.description))
    #expect(try PeripheriesRoute(link: typed) == route, "typed link: \(route.link)")
  }

  @Test(arguments: examples)
  func wordsAndTheLinkReachTheSameFlow(_ route: PeripheriesRoute) async throws {
    let viaWords = try await outcome(of: try PeripheriesRoute(words: route.words))
    let viaLink = try await outcome(of: try PeripheriesRoute(link: #require(DeepLink(string: route.link.description))))
    #expect(viaWords == viaLink)
    #expect(!viaWords.output.isEmpty, "the flow printed its result or threw")
  }

  @Test func everyMainMenuEntryReachesTheFlowOfItsCommand() async throws {
    #expect(PeripheriesRoute.mainMenu.map(\.title.description) == ["Overview", "Power", "Thermal", "Docking"])
    for entry in PeripheriesRoute.mainMenu {
      #expect(
        try await outcome(of: entry.choice) == (try await outcome(of: try PeripheriesRoute(words: entry.choice.words))))
    }
  }

  @Test func valuesOutsideTheirRangeAreUsageErrors() throws {
    for words in [
      "power wing 5A track", "power wing 1A sideways", "power sarj port feather", "thermal rotate port 120",
      "docking approach harmony-forward shuttle", "status --count 3", "power wing 1A 181",
    ] {
      #expect(throws: UsageError.self, "\(words)") {
        try PeripheriesRoute(words: words.split(separator: " ").map(String.init))
      }
    }
    #expect(try PeripheriesRoute(words: ["overview"]) == .status(watch: nil), "alias")
    #expect(try PeripheriesRoute(words: ["power", "wing", "2b", "FEATHER"]) == .wing(.c2B, .feather), "any case")
  }

  @Test func routesThatChangeTheStationSaySo() {
    #expect(PeripheriesRoute.wing(.c1A, .feather).change?.description == "drive wing 1A's beta gimbal to feather.")
    #expect(
      PeripheriesRoute.dock(.approach(.harmonyForward, .starliner)).change?.description
        == "approach harmony-forward with Starliner."
    )
    for route in [PeripheriesRoute.status(watch: nil), .power, .thermal, .docking, .schedule] {
      #expect(route.change == nil, "\(route) only shows")
    }
    for destination in [Destination.supplies, .profile, Destination(domain: "Elsewhere", place: "anything")] {
      #expect(PeripheriesRoute(destination: destination) == nil)
    }
  }

  /// What running `route` once as JSON prints and leaves behind, on fresh fakes.
  private func outcome(of route: PeripheriesRoute) async throws -> Outcome {
    let harness = PeripheriesHarness(.once(json: true))
    var thrown = ""
    do { try await harness.coordinator.start(at: route) } catch { thrown = "thrown: \(error)" }
    let power = try await harness.power.status().wings.map { "\($0.channel.rawValue) \($0.mode)" }
    let ports = try await harness.docking.status().ports.map { "\($0.port.rawValue) \($0.phase.rawValue)" }
    let radiators = try await harness.thermal.status().radiators.map { "\($0.wing.rawValue) \($0.deployment)" }
    return Outcome(output: harness.output.text + thrown, state: power + ports + radiators)
  }

  struct Outcome: Equatable {
    let output: String
    let state: [String]
  }
}
