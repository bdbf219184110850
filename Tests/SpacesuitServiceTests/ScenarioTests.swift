import Foundation
import SpacesuitServiceInterface
import Testing

@testable import SpacesuitService

/// Each scenario raises its alert when its help line says (suit minutes from its start).
@Suite struct ScenarioTests {
  let thresholds = Thresholds.standard

  /// The first suit minute (of 60) at which `metric` reaches `status`, over several seeds.
  private func minutes(
    until status: ReadingStatus, of metric: Metric, in scenario: SuitScenario, seed: UInt64
  ) -> Int? {
    var suit = SuitSimulator(seed: seed, start: Date(timeIntervalSince1970: 1_795_323_600))
    suit.begin(scenario)
    for minute in 1...60 {
      suit.advance(by: 60)
      let value: Double
      switch metric {
      case .carbonDioxide: value = suit.telemetry.carbonDioxideMmHg
      case .batteryCharge: value = suit.telemetry.batteryChargePercent
      case .suitPressure: value = suit.telemetry.suitPressureKPa
      default: return nil
      }
      if thresholds.classify(metric, value).status >= status { return minute }
    }
    return nil
  }

  @Test(arguments: [
    (SuitScenario.co2Buildup, Metric.carbonDioxide, 5...9, 17...23),
    (.batteryDrain, .batteryCharge, 8...10, 12...14),
    (.pressureLeak, .suitPressure, 3...5, 7...10),
  ])
  func raisesItsAlertWhenItsHelpSays(
    scenario: SuitScenario, metric: Metric, warning: ClosedRange<Int>, critical: ClosedRange<Int>
  ) throws {
    for seed: UInt64 in [1, 7, 42] {
      let warned = try #require(minutes(until: .warning, of: metric, in: scenario, seed: seed))
      let worst = try #require(minutes(until: .critical, of: metric, in: scenario, seed: seed))
      #expect(warning.contains(warned), "\(scenario) seed \(seed): warning at minute \(warned)")
      #expect(critical.contains(worst), "\(scenario) seed \(seed): critical at minute \(worst)")
    }
  }

  @Test func aNominalSuitRaisesNoSuitAlertForAnHour() {
    var suit = SuitSimulator(seed: 42, start: Date(timeIntervalSince1970: 1_795_323_600))
    suit.begin(.nominal)
    for _ in 1...60 {
      suit.advance(by: 60)
      let alerts = thresholds.alerts(for: suit.telemetry.readings(thresholds))
      #expect(alerts.isEmpty, "\(alerts.map(\.message))")
    }
  }

  @Test func scenarioNamesAreWhatTheCommandLineTakes() {
    #expect(SuitScenario.names.description == "nominal, co2-buildup, battery-drain, pressure-leak")
    #expect(SuitScenario(rawValue: "pressure-leak") == .pressureLeak)
    #expect(SuitScenario.allCases.allSatisfy { !$0.summary.isEmpty })
  }

  @Test func aScenarioRunsOnInTheSavedSuit() throws {
    var suit = SuitSimulator(seed: 2, start: Date(timeIntervalSince1970: 1_795_323_600))
    suit.begin(.co2Buildup)
    suit.advance(by: 300)
    let saved = try JSONDecoder().decode(SuitSimulator.self, from: try JSONEncoder().encode(suit))
    #expect(saved == suit)
    #expect(saved.scenario == .co2Buildup)
    #expect(saved.scenarioElapsed == 300)
  }
}
