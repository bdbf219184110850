import AppAnalytics
import CommandLineKit
import CosmonautInterface
import SpacesuitServiceFakes
import SpacesuitServiceInterface
import Testing
import UIComponents
import UIComponentsTestSupport

@testable import Spacesuit

@MainActor
@Suite("Health")
struct HealthFlowTests {
  @Test func healthTextShowsEveryVitalWithStatusAndThresholdRanges() async throws {
    let harness = SpacesuitHarness(.once(json: false))

    try await harness.open("health")

    let expected: [(name: String, value: String, optimal: String, warning: String)] = [
      ("Systolic pressure", "115 mmHg", "90–120 mmHg", "80–140 mmHg"),
      ("Diastolic pressure", "75 mmHg", "60–80 mmHg", "50–90 mmHg"),
      ("Blood oxygen (SpO2)", "98 %", "95–100 %", "90–100 %"),
      ("Heart rate", "72 bpm", "60–100 bpm", "50–140 bpm"),
      ("Body temperature", "36.8 °C", "36.1–37.2 °C", "35.5–38 °C"),
    ]
    for vital in expected {
      let row = try #require(harness.output.lines.first { $0.hasPrefix(vital.name) }, "row of \(vital.name)")
      #expect(row.contains(vital.value), "\(row)")
      #expect(row.contains("optimal"), "\(row)")
      #expect(row.contains(vital.optimal), "\(row)")
      #expect(row.contains(vital.warning), "\(row)")
    }
    #expect(harness.output.lines.first == "Health check — 2026-11-22 05:00 UTC")
    #expect(harness.output.text.contains("No alerts: every reading is optimal."))
    #expect(harness.events(named: "suit.alert").isEmpty)
  }

  @Test func healthTextFlagsAnOutOfRangeVital() async throws {
    let harness = SpacesuitHarness(.once(json: false), client: FakeSpacesuitClient(vitals: .tachycardia))

    try await harness.open("health")

    let row = try #require(harness.output.lines.first { $0.hasPrefix("Heart rate") })
    #expect(row.contains("150 bpm"))
    #expect(row.contains("critical"))
    #expect(harness.output.lines.contains { $0.hasPrefix("CRITICAL: Heart rate 150.0 bpm is CRITICAL") })
  }

  @Test func healthJSONHasVitalsReadingsAndAlerts() async throws {
    let harness = SpacesuitHarness(.once(json: true), client: FakeSpacesuitClient(vitals: .tachycardia))

    try await harness.open("health")

    let document = try harness.decodeOutput(HealthJSON.self)
    #expect(document.vitals == .tachycardia)
    #expect(
      document.readings.map(\.metric) == [
        .systolicPressure, .diastolicPressure, .bloodOxygen, .heartRate, .bodyTemperature,
      ])
    #expect(document.readings.first { $0.metric == .heartRate }?.status == .critical)
    #expect(document.readings.first { $0.metric == .heartRate }?.threshold.optimal == 60...100)
    #expect(document.alerts.map(\.reading.metric) == [.heartRate])
  }

  @Test func outOfRangeVitalsAreTrackedAsAlerts() async throws {
    let harness = SpacesuitHarness(.once(json: false), client: FakeSpacesuitClient(vitals: .tachycardia))

    try await harness.open("health")

    #expect(
      harness.events(named: "suit.alert").map(\.properties) == [
        ["metric": "heartRate", "status": "critical", "value": "150.0"]
      ])
    #expect(harness.log.records.contains { $0.level == .warning && $0.message.contains("Heart rate") })
  }

  @Test func healthTakesNoArguments() async throws {
    let harness = SpacesuitHarness(.once(json: false))

    await #expect(throws: UsageError.self) { try await harness.open("health history") }
    #expect(harness.output.text.isEmpty)
  }

  @Test func medicalSuppliesIsOfferedOnlyWhenTheAppShowsSupplies() async throws {
    let harness = SpacesuitHarness(.interactive, input: ["b"], navigator: RecordingNavigator(shows: [.spacesuit]))

    try await harness.open("health")

    #expect(!harness.output.text.contains("Medical supplies"))
  }

  @Test func suitFailureOnHealthIsThrownForScripts() async throws {
    let harness = SpacesuitHarness(.once(json: false), client: FakeSpacesuitClient(failure: .timeout))

    await #expect(throws: SpacesuitError.timeout) { try await harness.open("health") }
  }

  @Test func medicalSuppliesEntryNavigatesToSuppliesThroughTheNavigator() async throws {
    let harness = SpacesuitHarness(.interactive, input: ["m", "b"])

    try await harness.open("health")

    #expect(harness.navigator.requested == [.supplies])
    #expect(harness.input.unreadCount == 0)
  }

  @Test func interactiveSuitFailureIsPresentedNotThrown() async throws {
    let harness = SpacesuitHarness(.interactive, input: ["b"], client: FakeSpacesuitClient(failure: .timeout))

    try await harness.open("health")

    #expect(harness.presenter.presented.count == 1)
    #expect(harness.presenter.presented.first?.error as? SpacesuitError == .timeout)
    #expect(harness.presenter.presented.first?.module == "Spacesuit")
  }
}
