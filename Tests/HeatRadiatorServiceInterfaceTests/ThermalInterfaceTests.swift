import Foundation
import HeatRadiatorServiceInterface
import Localization
import Testing

/// What every thermal control system and every domain agrees on: the rule that refuses a command,
/// the alerts and the words.
@Suite("The thermal control system's interface")
struct ThermalInterfaceTests {
  @Test func aCommandIsRefusedByWhatItsRadiatorIsDoing() {
    #expect(ThermalCommand.deploy(.starboard).refusal(given: .deployed) == .already(.starboard, .deployed))
    #expect(ThermalCommand.retract(.port).refusal(given: .retracting) == .already(.port, .retracting))
    #expect(ThermalCommand.deploy(.port).refusal(given: .retracting) == .deployWhileRetracting(.port))
    #expect(ThermalCommand.retract(.port).refusal(given: .deploying) == .retractWhileDeploying(.port))
    #expect(ThermalCommand.rotate(.port, .track).refusal(given: .deploying) == .rotateWhileMoving(.port, .deploying))
    #expect(ThermalCommand.rotate(.port, .angle(120.5)).refusal(given: .deployed) == .beyondRange(.angle(120.5)))
    #expect(ThermalCommand.deploy(.port).refusal(given: nil) == .noSuchRadiator)
    #expect(ThermalCommand.retract(.starboard).refusal(given: .deployed) == nil)
    #expect(ThermalCommand.rotate(.starboard, .angle(-60)).refusal(given: .retracted) == nil)
    #expect(ThermalCommand.rotate(.starboard, .angle(-60)).radiator == .starboard)
  }

  @Test func theAnswerSaysItInEnglishOnTheWireAndInRussianToAPerson() {
    let refused = ThermalAcknowledgement(answering: .deploy(.starboard), given: .deployed)
    #expect(!refused.accepted && refused.message == "the starboard radiator is already deployed")
    #expect(refused.reason.resolved(in: .russian) == "правый радиатор уже раскрыт")
    let carried = ThermalAcknowledgement(answering: .rotate(.port, .angle(-30)), given: .deployed)
    #expect(carried.accepted && carried.message == "rotate the port radiator to -30: under way")
    #expect(carried.refusal == nil && carried.command == "rotate the port radiator to -30")
  }

  @Test func aStillPumpAndAWarmReturnRaiseAlerts() {
    let loops = [
      LoopStatus(
        loop: .a, pumpSpeedRPM: 0, flowKgPerSecond: 0, supplyTemperatureC: 2.8, returnTemperatureC: 14,
        heatLoadKW: 13, heatRejectedKW: 0),
      LoopStatus(
        loop: .b, pumpSpeedRPM: 8700, flowKgPerSecond: 0.77, supplyTemperatureC: 2.8, returnTemperatureC: 6.1,
        heatLoadKW: 12, heatRejectedKW: 12),
    ]
    let alerts = ThermalLimits.alerts(
      for: ThermalStatus(timestamp: Date(timeIntervalSince1970: 1_800_000_000), loops: loops, radiators: []))
    #expect(alerts.map(\.subject) == ["loop A pump", "loop A return"])
    #expect(alerts.map(\.severity) == [.critical, .warning])
    #expect(
      alerts[0].text.resolved(in: .russian)
        == "насос контура A: 0 об/мин (норма 8700); переведите тепловую нагрузку на другой контур")
  }

  @Test func theNominalDayRunsEverythingAndTheErrorsAreThisSystemsLines() {
    #expect(ThermalScenario.nominal.failedPump == nil && ThermalScenario.nominal.retracted.isEmpty)
    #expect(ThermalControlSystem.name.resolved(in: .russian) == "система терморегулирования")
    #expect(
      HeatRadiatorError.rejected(.verbatim("no")).translatedMessage.resolved(in: .russian)
        == "система терморегулирования отказала: no; ничего не изменилось")
  }
}
