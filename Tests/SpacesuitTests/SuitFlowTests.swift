import AppAnalytics
import CommandLineKit
import CosmonautInterface
import SpacesuitServiceFakes
import SpacesuitServiceInterface
import Testing
import UIComponents

@testable import Spacesuit

@MainActor
@Suite("Suit")
struct SuitFlowTests {
  @Test func statusTextShowsReadingsSettingsAndNoAlerts() async throws {
    let harness = SpacesuitHarness(.once(json: false))

    try await harness.open("suit status")

    let text = harness.output.text
    for metric in [Metric.suitPressure, .oxygenLevel, .carbonDioxide, .batteryCharge, .internalTemperature] {
      #expect(harness.output.lines.contains { $0.hasPrefix(metric.displayName) }, "row of \(metric)")
    }
    #expect(text.contains("Target temperature:  22 °C"))
    #expect(text.contains("Helmet lights:       off"))
    #expect(text.contains("No alerts: every reading is optimal."))
  }

  @Test func statusJSONHasTelemetryReadingsAndAlerts() async throws {
    let harness = SpacesuitHarness(.once(json: true), client: FakeSpacesuitClient(telemetry: .troubled))

    try await harness.open("suit status")

    let document = try harness.decodeOutput(StatusJSON.self)
    #expect(document.telemetry == .troubled)
    #expect(document.readings.count == 6)
    #expect(document.alerts.map(\.reading.metric) == [.carbonDioxide, .batteryCharge])
    #expect(document.alerts.map(\.reading.status) == [.critical, .warning])
  }

  @Test func theTelemetryAliasPrintsTheStatusOnce() async throws {
    let status = SpacesuitHarness(.once(json: false))
    let telemetry = SpacesuitHarness(.once(json: false))

    try await status.open("suit status")
    try await telemetry.open("spacesuit telemetry")

    #expect(status.output.text.hasPrefix("Spacesuit — "))
    #expect(status.output.text == telemetry.output.text)
  }

  @Test func outOfRangeTelemetryIsTrackedAsAlerts() async throws {
    let harness = SpacesuitHarness(.once(json: false), client: FakeSpacesuitClient(telemetry: .troubled))

    try await harness.open("suit status")

    #expect(
      harness.events(named: "suit.alert").map(\.properties) == [
        ["metric": "carbonDioxide", "status": "critical", "value": "8.1"],
        ["metric": "batteryCharge", "status": "warning", "value": "30.0"],
      ])
    #expect(harness.output.text.contains("CRITICAL: CO2 8.1 mmHg is CRITICAL"))
    #expect(harness.output.text.contains("WARNING: Battery 30.0 % is WARNING"))
  }

  @Test func watchPrintsAHeaderAndOneLinePerSample() async throws {
    let harness = SpacesuitHarness(.once(json: false))

    try await harness.open("suit watch --count 3 --interval-ms 1")

    let lines = harness.output.lines
    #expect(lines.count == 4)
    #expect(lines.first == WatchLine.header(.english))
    #expect(lines.dropFirst().allSatisfy { $0.contains("29.6 kPa") && $0.contains("87.0 %") })
  }

  @Test func watchJSONIsOneArrayOfSamples() async throws {
    let harness = SpacesuitHarness(.once(json: true), client: FakeSpacesuitClient(telemetry: .troubled))

    try await harness.open("suit watch --count 3 --interval-ms 1")

    let samples = try harness.decodeOutput([StatusJSON].self)
    #expect(samples.count == 3)
    #expect(samples.allSatisfy { $0.telemetry == .troubled && $0.alerts.count == 2 })
    #expect(harness.events(named: "suit.alert").count == 6)
  }

  @Test func watchJSONWithoutACountIsAUsageError() async throws {
    let harness = SpacesuitHarness(.once(json: true))

    await #expect(throws: SpacesuitFlowError.jsonNeedsCount) {
      try await harness.open("suit watch --interval-ms 1")
    }
    #expect(harness.output.text.isEmpty)
    #expect(SpacesuitFlowError.jsonNeedsCount.kind == .usage)
  }

  @Test(arguments: [("count", "0"), ("count", "three"), ("interval-ms", "-5"), ("interval-ms", "fast")])
  func watchRejectsMalformedNumbers(_ name: String, _ value: String) async throws {
    let harness = SpacesuitHarness(.once(json: false))

    await #expect(throws: UsageError.self) { try await harness.open("suit watch --\(name)=\(value)") }
    #expect(harness.output.text.isEmpty)
  }

  @Test func setTemperatureSendsTheCommandAndPrintsTheAcknowledgement() async throws {
    let harness = SpacesuitHarness(.once(json: false))

    try await harness.open("suit set temperature 22")

    #expect(await harness.sentCommands() == [.setTemperature(celsius: 22)])
    #expect(harness.output.text == "Suit acknowledged: target temperature set to 22.0 °C\n")
    #expect(
      harness.events(named: "suit.command").map(\.properties) == [
        ["command": "temperature 22.0 °C", "accepted": "true"]
      ])
  }

  @Test func setAsJSONPrintsTheAcknowledgement() async throws {
    let harness = SpacesuitHarness(.once(json: true))

    try await harness.open("suit set lights on")

    let acknowledgement = try harness.decodeOutput(CommandAcknowledgement.self)
    #expect(
      acknowledgement == CommandAcknowledgement(command: "lights on", accepted: true, message: "helmet lights on"))
    #expect(await harness.sentCommands() == [.setLights(on: true)])
  }

  @Test func setOutOfRangeIsAUsageErrorAndSendsNothing() async throws {
    let harness = SpacesuitHarness(.once(json: false))

    let error = await #expect(throws: UsageError.self) { try await harness.open("suit set temperature 45") }
    #expect(error?.userMessage.contains("out of range") == true)
    #expect(await harness.sentCommands().isEmpty)
    #expect(SpacesuitError.invalidCommand(.verbatim("x")).kind == .usage)
  }

  @Test func setWithoutAValueSaysWhatIsMissing() async throws {
    let harness = SpacesuitHarness(.once(json: false))

    await #expect(throws: UsageError("missing <value>; usage: suit set <setting> <value> [--json]")) {
      try await harness.open("suit set temperature")
    }
    await #expect(throws: UsageError("missing <setting>; usage: suit set <setting> <value> [--json]")) {
      try await harness.open("suit set")
    }
  }

  @Test func aRefusedAcknowledgementBecomesRejected() async throws {
    let harness = SpacesuitHarness(.once(json: false), client: RefusingSuit())

    await #expect(throws: SpacesuitError.rejected(.verbatim("suit is in maintenance mode"))) {
      try await harness.open("suit set oxygen-flow 2")
    }
    #expect(harness.output.text.isEmpty)
    #expect(
      harness.events(named: "suit.command").map(\.properties) == [
        ["command": "oxygen-flow 2.0 L/min", "accepted": "false"]
      ])
  }

  @Test func aSuitThatThrowsRejectedPropagatesIt() async throws {
    let harness = SpacesuitHarness(
      .once(json: false), client: FakeSpacesuitClient(failure: .rejected(.verbatim("pressure test running"))))

    await #expect(throws: SpacesuitError.rejected(.verbatim("pressure test running"))) {
      try await harness.open("suit set lights off")
    }
    #expect(SpacesuitError.rejected(.verbatim("x")).kind == .rejected)
  }

  @Test func unknownSuitCommandsAreUsageErrors() async throws {
    let harness = SpacesuitHarness(.once(json: false))

    await #expect(throws: UsageError.self) { try await harness.open("suit launch") }
    await #expect(throws: UsageError.self) { try await harness.open("supplies list") }
    #expect(harness.output.text.isEmpty)
  }

  @Test func toggleLightsInTheSuitScreenSendsLightsOn() async throws {
    let harness = SpacesuitHarness(.interactive, input: ["l", "b"])

    await harness.coordinator.start()

    #expect(await harness.sentCommands() == [.setLights(on: true)])
    #expect(harness.output.text.contains("Suit acknowledged: helmet lights on"))
    #expect(harness.output.text.contains("Helmet lights:       on"))
    #expect(harness.input.unreadCount == 0)
  }

  @Test func toggleLightsTwiceSwitchesThemBackOff() async throws {
    let harness = SpacesuitHarness(.interactive, input: ["l", "l", "b"])

    await harness.coordinator.start()

    #expect(await harness.sentCommands() == [.setLights(on: true), .setLights(on: false)])
  }

  @Test func setTemperatureInTheSuitScreenReasksAnOutOfRangeAnswer() async throws {
    let harness = SpacesuitHarness(.interactive, input: ["t", "45", "21.5", "b"])

    await harness.coordinator.start()

    #expect(await harness.sentCommands() == [.setTemperature(celsius: 21.5)])
    #expect(
      harness.errorOutput.lines == [
        "invalid suit command: temperature 45.0 °C is out of range; use 16.0–30.0 °C"
      ])
  }

  @Test func aSettingPromptSaysHowToGoBackAndEchoesWhatWasTypedInert() async throws {
    // Temperature: an Esc sequence, then Enter; oxygen flow: Enter; Back.
    let harness = SpacesuitHarness(.interactive, input: ["t", "\u{1B}[31m", "", "o", "", "b"])

    await harness.coordinator.start()

    #expect(await harness.sentCommands().isEmpty)
    #expect(harness.output.text.contains("Target temperature °C (16–30; Enter to go back): "))
    #expect(harness.output.text.contains("O2 flow L/min (0.5–8; Enter to go back): "))
    #expect(
      harness.errorOutput.lines == [
        "invalid suit command: temperature needs a number in 16.0–30.0 °C, not \"\\e[31m\""
      ])
    #expect(harness.input.unreadCount == 0)
  }

  @Test func interactiveRejectionIsPresentedNotThrown() async throws {
    let harness = SpacesuitHarness(.interactive, input: ["l", "b"], client: RefusingSuit())

    await harness.coordinator.start()

    #expect(harness.presenter.presented.count == 1)
    #expect(
      harness.presenter.presented.first?.error as? SpacesuitError == .rejected(.verbatim("suit is in maintenance mode"))
    )
    #expect(harness.presenter.presented.first?.module == "Spacesuit")
  }

  @Test func healthCheckFromTheSuitScreenAndBack() async throws {
    let harness = SpacesuitHarness(.interactive, input: ["h", "m", "b", "b"])

    await harness.coordinator.start()

    #expect(harness.output.text.contains("Health check — "))
    #expect(harness.navigator.requested == [.supplies])
    #expect(harness.input.unreadCount == 0)
  }
}

@MainActor
@Suite("Suit watch layout")
struct SuitWatchLayoutTests {
  @Test func everyColumnTitleEndsWhereItsValuesEnd() async throws {
    let harness = SpacesuitHarness(.once(json: false))

    try await harness.open("suit watch --count 2 --interval-ms 1")

    let lines = harness.output.lines.filter { !$0.isEmpty }
    #expect(lines.count == 3)
    let header = try #require(lines.first)
    let sample = try #require(lines.last)
    #expect(header.count == sample.count, "header and sample are equally wide:\n\(header)\n\(sample)")
    func end(of text: String, in line: String) -> Int? {
      line.range(of: text).map { line.distance(from: line.startIndex, to: $0.upperBound) }
    }
    #expect(end(of: "pressure", in: header) == end(of: "kPa", in: sample))
    #expect(end(of: "CO2", in: header) == end(of: "mmHg", in: sample))
    #expect(end(of: "outside", in: header) == sample.count)
  }
}
