import AppAnalytics
import CommandLineKit
import CosmonautServiceFakes
import CosmonautServiceInterface
import Foundation
import Navigation
import Testing
import UIComponents

@testable import Cosmonaut

/// The dashboard's JSON document as a script reads it.
private struct DashboardJSON: Decodable {
  struct Position: Decodable {
    let latitude: Double
    let longitude: Double
    let altitudeKm: Double
    let speedKmPerSecond: Double
    let timestamp: Date
    let live: Bool
  }

  let profile: CosmonautProfile
  let position: Position?
  let lowStock: [SupplyItem]
  let pendingReports: Int
}

@MainActor
@Suite("Dashboard and coordinator")
struct DashboardFlowTests {
  @Test func dashboardJSONWithALivePosition() async throws {
    let client = FakeCosmonautClient(supplies: inventoryWithLowWater)
    _ = try await client.consume("food", quantity: 1)
    let harness = CosmonautHarness(.once(json: true), client: client)

    try await harness.open("dashboard")

    let document = try harness.decodeOutput(DashboardJSON.self)
    let position = try #require(document.position)
    #expect(position.latitude == StationPosition.sample.latitude)
    #expect(position.longitude == StationPosition.sample.longitude)
    #expect(position.altitudeKm == StationPosition.sample.altitudeKm)
    #expect(position.timestamp == StationPosition.sample.timestamp)
    #expect(position.live)
    #expect(document.profile == .sample)
    #expect(document.lowStock.map(\.id) == ["water"])
    #expect(document.pendingReports == 1)
  }

  @Test func dashboardJSONWithoutAPositionLeavesItOut() async throws {
    let harness = CosmonautHarness(.once(json: true), client: FakeCosmonautClient(position: nil))

    try await harness.open("dashboard")

    let document = try harness.decodeOutput(DashboardJSON.self)
    #expect(document.position == nil)
    #expect(!harness.output.text.contains("\"position\""))
    #expect(document.lowStock.isEmpty)
    #expect(document.pendingReports == 0)
  }

  @Test func dashboardJSONMarksACachedPositionAsNotLive() async throws {
    let harness = CosmonautHarness(.once(json: true), client: FakeCosmonautClient(houstonReachable: false))

    try await harness.open("dashboard")

    #expect(try harness.decodeOutput(DashboardJSON.self).position?.live == false)
  }

  @Test func dashboardTextShowsPositionCrewAndLowStock() async throws {
    let harness = CosmonautHarness(.once(json: false), client: FakeCosmonautClient(supplies: inventoryWithLowWater))

    try await harness.open("dashboard")

    let text = harness.output.text
    #expect(text.contains("ISS position"))
    #expect(text.contains("51.60°"))
    #expect(text.contains("420.1 km"))
    #expect(text.contains("live"))
    #expect(text.contains("Valentina Orlova"))
    #expect(harness.output.lines.contains { $0.contains("Low stock:") && $0.contains("Drinking water") })
    #expect(text.contains("0 report(s)"))
  }

  @Test func dashboardTextWithoutAPositionSaysItIsUnknown() async throws {
    let harness = CosmonautHarness(.once(json: false), client: FakeCosmonautClient(position: nil))

    try await harness.open("dashboard")

    #expect(harness.output.text.contains("unknown — Houston offline and nothing cached yet"))
  }

  @Test func withoutThePositionPanelTheScreenNeitherShowsNorAsksForThePosition() async throws {
    let off = DashboardFeatures(showsPosition: false)
    let text = CosmonautHarness(.once(json: false), client: FakeCosmonautClient(position: nil), dashboard: off)
    try await text.open("dashboard")
    #expect(!text.output.text.contains("ISS position") && !text.output.text.contains("Latitude"))
    #expect(text.output.text.hasPrefix("Aboard"))
    #expect(!text.log.messages.contains { $0.contains("no station position") }, "the position was not asked for")

    let asked = CosmonautHarness(.once(json: false), client: FakeCosmonautClient(position: nil))
    try await asked.open("dashboard")
    #expect(asked.log.messages.contains { $0.contains("no station position") })

    // The --json document does not change with the partner: the position is in it.
    let json = CosmonautHarness(.once(json: true), dashboard: off)
    try await json.open("dashboard")
    #expect(try json.decodeOutput(DashboardJSON.self).position?.latitude == StationPosition.sample.latitude)

    let interactive = CosmonautHarness(.interactive, input: ["b"], dashboard: off)
    await interactive.coordinator.start()
    #expect(!interactive.output.text.contains("ISS position") && interactive.output.text.contains("Aboard"))
  }

  @Test func theCosmonautAliasOpensTheDashboard() async throws {
    let harness = CosmonautHarness(.once(json: false))

    try await harness.open("cosmonaut")

    #expect(harness.output.text.contains("ISS position"))
  }

  @Test(arguments: ["weather", "spacesuit", "profile/delete", "supplies/order", "sync/everything", "dashboard/weather"])
  func unknownLinksAreUsageErrors(_ path: String) async throws {
    let harness = CosmonautHarness(.once(json: false))

    await #expect(throws: UsageError.self) { try await harness.open(path) }
    #expect(harness.output.text.isEmpty)
  }

  @Test func interactiveDashboardProfileEditSavesTheProfile() async throws {
    // Dashboard: Profile; Profile: Edit; four answers; Profile: Back; Dashboard: Back.
    let harness = CosmonautHarness(.interactive, input: ["p", "e", "Yuri Gagarin", "Vostok", "Pilot", "", "b", "b"])

    await harness.coordinator.start()

    #expect(
      try await harness.client.profile()
        == CosmonautProfile(name: "Yuri Gagarin", agency: "Vostok", role: "Pilot", mission: "Expedition 74"))
    #expect(harness.events(named: "profile.updated").map(\.properties) == [["fields": "name,agency,role"]])
    #expect(harness.output.text.contains("Profile saved."))
    #expect(harness.input.unreadCount == 0)
    #expect(harness.requestedDestinations.isEmpty)
  }

  @Test func interactiveDashboardOpensSuppliesAndSyncOfItsOwnDomain() async throws {
    // Dashboard: Supplies; Supplies: Back; Dashboard: Sync; Sync: Back; Dashboard: Back.
    let harness = CosmonautHarness(.interactive, input: ["s", "b", "y", "b", "b"])

    await harness.coordinator.start()

    #expect(harness.output.text.contains("Supplies\n  1) Consume"))
    #expect(harness.output.text.contains("Houston sync\n  1) Sync now"))
    #expect(harness.requestedDestinations.isEmpty, "its own screens need no navigator")
    #expect(harness.input.unreadCount == 0)
  }

  @Test func interactiveDashboardRefreshShowsTheLatestData() async throws {
    let client = FakeCosmonautClient()
    let harness = CosmonautHarness(.interactive, input: ["r", "b"], client: client)

    await harness.coordinator.start()

    // Prompts end without a newline, so count the panel rows rather than whole lines.
    #expect(harness.output.text.components(separatedBy: "Latitude:").count - 1 == 2)
    #expect(harness.input.unreadCount == 0)
  }

  @Test func interactiveDashboardLinkRunsTheMenu() async throws {
    let harness = CosmonautHarness(.interactive, input: ["b"])

    try await harness.open("dashboard")

    #expect(harness.output.text.contains("Cosmonaut\n  1) Profile"))
    #expect(harness.input.unreadCount == 0)
  }

  @Test func endOfInputEndsTheInteractiveDashboard() async throws {
    let harness = CosmonautHarness(.interactive, input: [])

    await harness.coordinator.start()

    #expect(harness.output.text.contains("ISS position"))
    #expect(harness.presenter.presented.isEmpty)
  }
}
