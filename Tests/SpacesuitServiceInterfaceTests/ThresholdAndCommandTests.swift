import AppAnalytics
import Foundation
import Testing

@testable import SpacesuitServiceInterface

@Suite struct ThresholdTests {
  let thresholds = Thresholds.standard

  @Test(arguments: [
    (Metric.suitPressure, 28.9, ReadingStatus.optimal), (.suitPressure, 31.0, .optimal),
    (.suitPressure, 28.8, .warning),
    (.suitPressure, 27.6, .warning), (.suitPressure, 27.5, .critical), (.suitPressure, 32.5, .critical),
    (.carbonDioxide, 3.0, .optimal), (.carbonDioxide, 3.1, .warning), (.carbonDioxide, 7.6, .warning),
    (.carbonDioxide, 7.7, .critical), (.bloodOxygen, 95, .optimal), (.bloodOxygen, 94.9, .warning),
    (.bloodOxygen, 90, .warning), (.bloodOxygen, 89.9, .critical), (.heartRate, 100, .optimal),
    (.heartRate, 101, .warning), (.heartRate, 140, .warning), (.heartRate, 141, .critical),
    (.bodyTemperature, 36.1, .optimal), (.bodyTemperature, 37.3, .warning), (.internalTemperature, 27, .optimal),
    (.internalTemperature, 30.5, .critical), (.outsideTemperature, -150, .optimal),
    (.outsideTemperature, 120, .optimal),
    (.batteryCharge, 14.9, .critical), (.systolicPressure, 121, .warning), (.diastolicPressure, 59, .warning),
  ])
  func classifiesAtTheBoundaries(metric: Metric, value: Double, expected: ReadingStatus) {
    #expect(thresholds.classify(metric, value).status == expected)
  }

  @Test func everyMetricHasANestedBand() {
    for metric in Metric.allCases {
      let threshold = thresholds.threshold(for: metric)
      #expect(threshold.warning.lowerBound <= threshold.optimal.lowerBound, "\(metric)")
      #expect(threshold.warning.upperBound >= threshold.optimal.upperBound, "\(metric)")
    }
  }

  @Test func nominalSamplesAreOptimalAndAlertsListTheWorstFirst() {
    let nominal = SuitTelemetry.nominal.readings(thresholds) + Vitals.nominal.readings(thresholds)
    #expect(nominal.count == Metric.allCases.count)
    #expect(thresholds.alerts(for: nominal).isEmpty)

    var telemetry = SuitTelemetry.nominal
    telemetry.carbonDioxideMmHg = 8.1
    telemetry.batteryChargePercent = 30
    let alerts = thresholds.alerts(for: telemetry.readings(thresholds))
    #expect(alerts.map(\.reading.metric) == [.carbonDioxide, .batteryCharge])
    #expect(alerts[0].message == "CO2 8.1 mmHg is CRITICAL (optimal 0.0–3.0 mmHg, warning 0.0–7.6)")
  }

  @Test func statusesAreOrdered() {
    #expect(ReadingStatus.optimal < .warning)
    #expect(ReadingStatus.warning < .critical)
  }
}

@Suite struct CommandTests {
  @Test func parsesValidCommands() throws {
    #expect(try SuitCommand.parse(setting: "temperature", value: "22.5") == .setTemperature(celsius: 22.5))
    #expect(try SuitCommand.parse(setting: "oxygen-flow", value: "2") == .setOxygenFlow(litersPerMinute: 2))
    #expect(try SuitCommand.parse(setting: "lights", value: "on") == .setLights(on: true))
    #expect(try SuitCommand.parse(setting: "Lights", value: "OFF") == .setLights(on: false))
    #expect(try SuitCommand.parse(setting: "temperature", value: "16") == .setTemperature(celsius: 16))
    #expect(try SuitCommand.parse(setting: "temperature", value: "30") == .setTemperature(celsius: 30))
  }

  @Test func refusesOutOfRangeValuesWithTheAllowedRange() {
    #expect(
      invalidCommandReason { try SuitCommand.parse(setting: "temperature", value: "35") }
        == "temperature 35.0 °C is out of range; use 16.0–30.0 °C")
    #expect(
      invalidCommandReason { try SuitCommand.parse(setting: "oxygen-flow", value: "0.1") }
        == "oxygen-flow 0.1 L/min is out of range; use 0.5–8.0 L/min")
    #expect(
      invalidCommandReason { try SuitCommand.parse(setting: "temperature", value: "warm") }
        == "temperature needs a number in 16.0–30.0 °C, not \"warm\"")
    #expect(
      invalidCommandReason { try SuitCommand.parse(setting: "lights", value: "dim") }
        == "lights must be on or off, not \"dim\"")
  }

  @Test func refusesUnknownSettings() {
    do {
      _ = try SuitCommand.parse(setting: "gravity", value: "1")
      Issue.record("expected an error")
    } catch {
      #expect(error.kind == .usage)
      #expect(error.userMessage.contains("unknown setting \"gravity\""))
      #expect(error.userMessage.contains("temperature, oxygen-flow, lights"))
      #expect(!error.userMessage.contains("\n"))
    }
  }

  @Test func errorKindsMatchTheContract() {
    #expect(SpacesuitError.invalidCommand(.verbatim("x")).kind == .usage)
    #expect(SpacesuitError.unreachable(.verbatim("x")).kind == .unavailable)
    #expect(SpacesuitError.timeout.kind == .unavailable)
    #expect(SpacesuitError.rejected(.verbatim("x")).kind == .rejected)
    #expect(SpacesuitError.protocolViolation(.verbatim("x")).kind == .internal)
    #expect(SpacesuitError.notKept(.verbatim("x")).kind == .io)
  }

  @Test func aSettingTheSuitCouldNotSaveIsAnIOFailureNotARefusal() throws {
    let command = SuitCommand.setLights(on: true)
    let notSaved = SuitCommandRules.refuse(
      command, .settingNotKept(detail: "No space left on device", file: "/data/suit-state.json"))
    #expect(
      SpacesuitError.refusing(notSaved).userMessage
        == "the suit's state could not be saved to /data/suit-state.json: No space left on device; nothing was changed")
    #expect(SpacesuitError.refusing(notSaved).kind == .io)
    // A suit that does not say which file: still the write, in its own words.
    let unnamed = SuitCommandRules.refuse(command, .settingNotKept(detail: "write failed"))
    #expect(SpacesuitError.refusing(unnamed).kind == .io)
    // The suit's own verdict stays a refusal.
    let range = SuitCommandRules.refuse(
      .setTemperature(celsius: 40), .temperatureOutOfRange(minimum: 16, maximum: 30))
    #expect(SpacesuitError.refusing(range).kind == .rejected)
    // What an older suit sends (no file) still reads.
    let old = Data(
      #"{"command":"lights on","accepted":false,"message":"m","refusal":{"settingNotKept":{"detail":"d"}}}"#.utf8)
    #expect(try JSONDecoder().decode(CommandAcknowledgement.self, from: old).refusal == .settingNotKept(detail: "d"))
  }

  @Test func connectionArguments() {
    #expect(SuitConnection(argument: "simulated") == .simulated(seed: SuitConnection.defaultSeed))
    #expect(SuitConnection(argument: "simulated:7") == .simulated(seed: 7))
    #expect(SuitConnection(argument: "unix:/tmp/s.sock") == .unixSocket(path: "/tmp/s.sock"))
    #expect(SuitConnection(argument: "tcp:1.2.3.4") == nil)
    #expect(SuitConnection(argument: "unix:") == nil)
  }

}

/// The English reason of the `SpacesuitError.invalidCommand` that `body` throws (nil: none thrown).
func invalidCommandReason(_ body: () throws -> SuitCommand) -> String? {
  do {
    _ = try body()
    return nil
  } catch {
    guard case .invalidCommand(let reason) = error as? SpacesuitError else { return "\(error)" }
    return reason.description
  }
}
