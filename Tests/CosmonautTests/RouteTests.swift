import CommandLineKit
import CosmonautInterface
import CosmonautServiceInterface
import Foundation
import Navigation
import Testing
import UIComponents

@testable import Cosmonaut

/// Every route of the domain: printing then reading gives it back, and the command-line words, the
/// deep link and the main menu reach the same flow.
@MainActor
@Suite("Cosmonaut routes")
struct CosmonautRouteTests {
  /// One route of every command, with values that need care when written.
  nonisolated static let examples: [CosmonautRoute] = [
    .dashboard, .profile, .updateProfile(ProfileUpdate(name: "Yuri Gagarin", mission: "Vostok 1")),
    .updateProfile(ProfileUpdate(agency: "Roscosmos & co", role: "-commander")), .supplies,
    .consume(item: "water", quantity: 2), .consume(item: "Drinking water", quantity: 3),
    .restock(item: "food", quantity: 1_000_000), .sync, .syncStatus, .setAside, .retrySetAside(key: "00000000"),
    .discardSetAside(key: "0000-x"),
  ]

  @Test func everyCommandHasAnExample() {
    #expect(Set(Self.examples.map(\.invocation.path)) == Set(CosmonautRoute.commands.map(\.path)))
  }

  @Test(arguments: examples)
  func printingThenReadingGivesTheRouteBack(_ route: CosmonautRoute) throws {
    #expect(try CosmonautRoute(words: route.words) == route, "words: \(route.words)")
    #expect(try CosmonautRoute(link: route.link) == route, "link: \(route.link)")
    let typed = try #require(DeepLink(string: route.link.description))
    #expect(try CosmonautRoute(link: typed) == route, "typed link: \(route.link)")
  }

  @Test(arguments: examples)
  func wordsAndTheLinkReachTheSameFlow(_ route: CosmonautRoute) async throws {
    let viaWords = try await outcome(of: try CosmonautRoute(words: route.words))
    let viaLink = try await outcome(of: try CosmonautRoute(link: #require(DeepLink(string: route.link.description))))
    #expect(viaWords == viaLink)
    #expect(!viaWords.output.isEmpty || viaWords.error != nil, "the flow printed its result or refused")
  }

  @Test func everyMainMenuEntryReachesTheFlowOfItsCommand() async throws {
    #expect(CosmonautRoute.mainMenu.map(\.title.description) == ["Cosmonaut", "Supplies", "Sync"])
    for entry in CosmonautRoute.mainMenu {
      let viaMenu = try await outcome(of: entry.choice)
      let viaWords = try await outcome(of: try CosmonautRoute(words: entry.choice.words))
      #expect(viaMenu == viaWords, "\(entry.title)")
    }
  }

  @Test func destinationsOfOtherDomainsAreNotShownHere() {
    #expect(CosmonautRoute(destination: .supplies) == .supplies)
    #expect(CosmonautRoute(destination: .profile) == .profile)
    #expect(CosmonautRoute(destination: .missionControlSync) == .sync)
    #expect(CosmonautRoute(destination: Destination(domain: "Spacesuit", place: "health")) == nil)
    #expect(CosmonautRoute(destination: Destination(domain: "Laboratory", place: "supplies")) == nil)
  }

  @Test func routesThatChangeDataSaySoWithoutPersonalValues() {
    let rename = CosmonautRoute.updateProfile(ProfileUpdate(name: "Yuri"))
    #expect(rename.change?.description == "change the profile's name and queue the change for mission control.")
    #expect(
      CosmonautRoute.consume(item: "water", quantity: 2).change?.description == "take 2 of water from the inventory.")
    #expect(CosmonautRoute.restock(item: "food", quantity: 3).change?.description == "add 3 of food to the inventory.")
    for route in [CosmonautRoute.dashboard, .profile, .supplies, .sync, .syncStatus] {
      #expect(route.change == nil, "\(route) only shows")
    }
  }

  /// What running `route` once as JSON prints and leaves behind, on a fresh fake.
  private func outcome(of route: CosmonautRoute) async throws -> Outcome {
    let harness = CosmonautHarness(.once(json: true))
    var failure: String?
    do { try await harness.coordinator.start(at: route) } catch { failure = String(describing: error) }
    let pending = try await harness.client.pendingSync().pending.map(\.kind)
    let stock = try await harness.client.supplies().map { "\($0.id)=\($0.quantity)" }
    let output = harness.output.text.replacing(/"id" : "[0-9a-f-]{36}"/, with: "\"id\" : \"<key>\"")
    return Outcome(
      output: output, error: failure, profile: try await harness.client.profile().name, pending: pending,
      stock: stock)
  }

  struct Outcome: Equatable {
    let output: String
    let error: String?
    let profile: String
    let pending: [String]
    let stock: [String]
  }
}
