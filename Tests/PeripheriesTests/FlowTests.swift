import CosmonautInterface
import DockingPortServiceInterface
import Foundation
import HeatRadiatorServiceInterface
import SolarArrayServiceInterface
import Testing
import UIComponents
import UIComponentsTestSupport

@testable import Peripheries

@MainActor
@Suite("Peripheries flows")
struct PeripheriesFlowTests {
  @Test func statusShowsEverySystemAndItsAlerts() async throws {
    let harness = PeripheriesHarness(.once(json: false), thermal: ThermalScenario(failedPump: .b))
    try await harness.open("status")
    let text = harness.output.text
    for part in ["Position:", "Power:", "Batteries:", "Thermal:", "Docking:", "Crew Dragon at harmony-zenith"] {
      #expect(text.contains(part), "\(part) in \(text)")
    }
    #expect(text.contains("CRITICAL: loop B pump at 0 rpm"))
    let alerts = harness.events(named: "station.alert")
    #expect(alerts.map { $0.properties["subject"] } == ["loop B pump"])
  }

  @Test func anAlertIsRecordedWhenItIsRaisedNotAtEverySample() async throws {
    let harness = PeripheriesHarness(.once(json: false), thermal: ThermalScenario(failedPump: .a))
    try await harness.open("status --watch --count 3 --interval-ms 100")
    #expect(harness.output.lines.count == 3)
    #expect(harness.output.lines.allSatisfy { $0.contains("ALERTS: loop A pump") })
    #expect(harness.events(named: "station.alert").count == 1)
  }

  @Test func watchRedrawsInPlaceOnATerminal() async throws {
    let harness = PeripheriesHarness(.once(json: false), theme: .ansi)
    try await harness.open("status --watch --count 2 --interval-ms 100")
    #expect(harness.output.text.components(separatedBy: "\u{1B}[2J\u{1B}[H").count == 3, "cleared before each draw")
    #expect(harness.output.text.contains("Sample 2"))
  }

  @Test func watchSaysWhenTheStationLinkDropsAndComesBack() async throws {
    let harness = PeripheriesHarness(.once(json: false))
    harness.power.tell(.reconnecting(attempt: 1, maximumAttempts: 10))
    harness.power.tell(.reconnected)
    try await harness.open("status --watch --count 2 --interval-ms 200")
    let lines = harness.output.lines
    #expect(lines.count == 4, "\(lines)")
    #expect(lines.contains("station link lost; reconnecting (attempt 1 of 10)…"))
    #expect(lines.contains("station link reconnected"))

    // With --json the news goes to stderr: stdout stays one document.
    let json = PeripheriesHarness(.once(json: true))
    json.power.tell(.reconnected)
    try await json.open("status --watch --count 2 --interval-ms 200")
    #expect(json.errorOutput.text.contains("station link reconnected"))
    #expect(try JSONSerialization.jsonObject(with: Data(json.output.text.utf8)) is [Any])
  }

  @Test func watchAsJSONIsOneArrayAndNeedsACount() async throws {
    let harness = PeripheriesHarness(.once(json: true))
    try await harness.open("status --watch --count 2 --interval-ms 100")
    let samples = try #require(try JSONSerialization.jsonObject(with: Data(harness.output.text.utf8)) as? [Any])
    #expect(samples.count == 2)
    await #expect(throws: PeripheriesError.jsonNeedsCount) { try await harness.open("status --watch") }
  }

  @Test func anApproachWaitsForTheWingsNearThePortToBeFeathered() async throws {
    let harness = PeripheriesHarness(.once(json: false))
    await #expect(throws: PeripheriesError.self) {
      try await harness.open("docking approach harmony-forward starliner")
    }
    #expect(try await harness.docking.status().port(.harmonyForward)?.phase == .free, "nothing changed")
    #expect(await harness.docking.sentCommands.isEmpty, "the docking system was not even asked")
    for wing in ["1A", "2A", "3A"] { try await harness.open("power wing \(wing) feather") }
    await harness.advance(by: 300)
    do {
      try await harness.open("docking approach harmony-forward starliner")
      Issue.record("4A is not feathered")
    } catch let error as PeripheriesError {
      #expect(error.userMessage.contains("(4A)") && error.kind == .rejected)
    }
    try await harness.open("power wing 4A feather")
    await harness.advance(by: 300)
    try await harness.open("docking approach harmony-forward starliner")
    #expect(try await harness.docking.status().port(.harmonyForward)?.phase == .approach)
    #expect(harness.output.text.contains("Done: Harmony forward (IDA-2): Starliner, approach"))
  }

  @Test func aWingNearAMovingVehicleStaysFeathered() async throws {
    let harness = PeripheriesHarness(.once(json: false))
    for wing in ["2A", "4A"] { try await harness.open("power wing \(wing) feather") }
    await harness.advance(by: 300)
    try await harness.open("docking approach prichal-nadir progress-ms")
    await #expect(throws: PeripheriesError.self) { try await harness.open("power wing 4A track") }
    #expect(try await harness.power.status().wing(.c4A)?.mode == .feather)
    try await harness.open("power wing 1A -30")
    #expect(try await harness.power.status().wing(.c1A)?.mode == .angle(-30), "wings elsewhere are free")
  }

  @Test func anOccupiedPortIsRefusedByTheDockingSystemWhoSaysWhy() async throws {
    let harness = PeripheriesHarness(.once(json: false))
    do {
      try await harness.open("docking approach harmony-zenith starliner")
      Issue.record("occupied")
    } catch let error as DockingPortError {
      #expect(error.kind == .rejected && error.userMessage.contains("occupied"))
    }
  }

  @Test func theScheduleAndTheDockingScreenShowWhereTheScheduleCameFrom() async throws {
    let harness = PeripheriesHarness(.once(json: false))
    await harness.schedule.setReading(
      ScheduleReading(schedule: .sample, receivedAt: VehicleSchedule.sample.generatedAt, isLive: false))
    try await harness.open("docking")
    #expect(harness.output.text.contains("kept copy") && harness.output.text.contains("Progress MS-33"))
    await harness.schedule.setReading(nil)
    await #expect(throws: VehicleScheduleError.self) { try await harness.open("docking schedule") }
  }

  @Test func withoutTheScheduleTheDockingScreenNeitherShowsNorAsksForIt() async throws {
    let harness = PeripheriesHarness(.once(json: false), features: PeripheriesFeatures(showsVehicleSchedule: false))
    await harness.schedule.setReading(nil)
    try await harness.open("docking")
    #expect(harness.output.text.contains("Docking —") && !harness.output.text.contains("Visiting vehicles"))
    #expect(!harness.log.messages.contains { $0.contains("without a schedule") }, "the schedule was not asked for")
    let shown = PeripheriesHarness(.once(json: false))
    await shown.schedule.setReading(nil)
    try await shown.open("docking")
    #expect(shown.log.messages.contains { $0.contains("docking screen without a schedule") })
    // Asked for by name, the schedule is still there.
    let asked = PeripheriesHarness(.once(json: false), features: PeripheriesFeatures(showsVehicleSchedule: false))
    try await asked.open("docking schedule")
    #expect(asked.output.text.contains("Visiting vehicles"))
  }

  @Test func theInteractiveAppFeathersTheWingsNearAPortAndDocks() async throws {
    let harness = PeripheriesHarness(
      .interactive,
      input: ["p", "f", "harmony-forward", "b", "d", "a", "harmony-forward", "cargo-dragon", "b", "b"])
    await harness.coordinator.start()
    let wings = try await harness.power.status().wings.filter {
      ["1A", "2A", "3A", "4A"].contains($0.channel.rawValue)
    }
    #expect(wings.allSatisfy { $0.mode == .feather })
    // The model's clock stood still: the wings are still slewing, so the approach was refused and shown.
    #expect(harness.errorOutput.text.contains("not feathered"))
    #expect(harness.presenter.presented.count == 1)
    #expect(try await harness.docking.status().port(.harmonyForward)?.phase == .free)
  }

  @Test func everyPromptGoesBackToItsScreenOnAnEmptyAnswerAndSaysSo() async throws {
    // Docking: approach, Enter at the port; Power: drive a wing, 2A, Enter at the mode; Thermal:
    // rotate, Enter at the radiator; then Back from each screen and from the overview.
    let harness = PeripheriesHarness(
      .interactive, input: ["d", "a", "", "b", "p", "w", "2A", "", "b", "t", "o", "", "b", "b"])
    await harness.coordinator.start()
    let text = harness.output.text
    #expect(harness.errorOutput.text.isEmpty, "going back is no error: \(harness.errorOutput.text)")
    for prompt in [
      "Port (Enter to go back): ", "Wing (1A…4B) (Enter to go back): ",
      "Mode (track, feather or an angle) (Enter to go back): ", "Radiator (starboard or port) (Enter to go back): ",
    ] {
      #expect(text.contains(prompt), "\(prompt)")
    }
    for menu in ["Start an approach", "Drive a wing", "Rotate a radiator"] {
      #expect(text.components(separatedBy: menu).count - 1 == 2, "\(menu): its screen came back after the prompt")
    }
    #expect(harness.input.unreadCount == 0)
    #expect(harness.events.events.filter { $0.name == "station.command" }.isEmpty, "nothing was sent")
  }

  @Test func aRefusedAnswerIsEchoedInert() async throws {
    let harness = PeripheriesHarness(.interactive, input: ["p", "w", "\u{1B}[2J", "", "b", "b"])
    await harness.coordinator.start()
    #expect(harness.errorOutput.text.hasPrefix("\"\\e[2J\" is not one of 1A, 1B"), "\(harness.errorOutput.text)")
  }

  @Test func theDockingScreenOffersSuppliesOnlyWhereTheAppHasThem() async throws {
    let with = PeripheriesHarness(.interactive, input: ["u", "b"], navigator: RecordingNavigator(shows: [.supplies]))
    try await with.coordinator.start(at: .docking)
    #expect(with.navigator.requested == [.supplies])
    let without = PeripheriesHarness(.interactive, input: ["u", "b"])
    try await without.coordinator.start(at: .docking)
    #expect(without.navigator.requested.isEmpty)
    #expect(without.errorOutput.text.contains("\"u\" is not a choice"))
  }
}
