import AppAnalytics
import Foundation
import HeatRadiatorServiceInterface
import Logging
import Radio
import Testing

@testable import HeatRadiatorService

@Suite("The thermal control model")
struct ThermalTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func nominalLoopsHoldTheirSupplyTemperatureAndRejectTheLoad() {
    var model = HeatRadiatorSimulator(start: start, step: 5)
    model.advance(by: 3600)
    for loop in model.status.loops {
      #expect(abs(loop.supplyTemperatureC - ThermalLimits.supplySetPointC) < 0.2)
      #expect(abs(loop.heatRejectedKW - loop.heatLoadKW) < 0.5)
      #expect(loop.returnTemperatureC > loop.supplyTemperatureC)
    }
    #expect(ThermalLimits.alerts(for: model.status).isEmpty)
  }

  @Test func aTrippedPumpCarriesNoHeatAndRaisesAlerts() {
    var model = HeatRadiatorSimulator(start: start, scenario: ThermalScenario(failedPump: .a))
    #expect(ThermalLimits.alerts(for: model.status).map(\.subject) == ["loop A pump"])
    model.advance(by: 600)
    let loopA = model.status.loops[0]
    #expect(loopA.pumpSpeedRPM == 0 && loopA.heatRejectedKW == 0)
    #expect(loopA.returnTemperatureC > ThermalLimits.returnCriticalC)
    let alerts = ThermalLimits.alerts(for: model.status)
    #expect(alerts.contains { $0.subject == "loop A return" && $0.severity == .critical })
    #expect(!alerts.contains { $0.subject.hasPrefix("loop B") }, "loop B carries on")
  }

  @Test func aRetractedRadiatorCannotRejectTheLoadSoItsLoopWarms() {
    var model = HeatRadiatorSimulator(start: start)
    #expect(model.apply(.retract(.port)).accepted)
    #expect(!model.apply(.retract(.port)).accepted, "already retracting")
    #expect(!model.apply(.deploy(.port)).accepted, "retracting: deploy once retracted")
    #expect(!model.apply(.rotate(.port, .angle(10))).accepted, "moving panels do not rotate")
    model.advance(by: ThermalLimits.deploymentSeconds + 1)
    #expect(model.status.radiators[1].deployment == .retracted)
    model.advance(by: 1800)
    let loopB = model.status.loops[1]
    #expect(loopB.supplyTemperatureC > ThermalLimits.supplyWarningC.upperBound, "\(loopB.supplyTemperatureC)")
    #expect(ThermalLimits.alerts(for: model.status).contains { $0.subject == "loop B supply" })
    #expect(model.apply(.deploy(.port)).accepted)
    model.advance(by: ThermalLimits.deploymentSeconds + 3600)
    #expect(model.status.radiators[1].deployment == .deployed)
    #expect(abs(model.status.loops[1].supplyTemperatureC - ThermalLimits.supplySetPointC) < 0.5)
  }

  @Test func theRotaryJointTurnsWithinItsRange() {
    var model = HeatRadiatorSimulator(start: start)
    #expect(!model.apply(.rotate(.starboard, .angle(120))).accepted)
    #expect(!model.apply(.deploy(.starboard)).accepted, "already deployed")
    #expect(model.apply(.rotate(.starboard, .angle(-60))).accepted)
    model.advance(by: 600)
    let radiator = model.status.radiators[0]
    #expect(abs(radiator.angle + 60) < 0.1 && radiator.capacityKW < ThermalLimits.radiatorCapacityKW)
  }

  @Test func theLiveClientTalksToTheInProcessSimulation() async throws {
    let logger = Logger(module: "ThermalTests", level: .error, sinks: [])
    let simulation = HeatRadiatorSimulation(
      simulator: HeatRadiatorSimulator(start: start), clock: { [start] in start }, logger: logger)
    let client = LiveHeatRadiatorClient(
      connector: simulation.connector, logger: logger, analytics: Analytics(providers: []))
    #expect(try await client.status().loops.map(\.loop) == [.a, .b])
    #expect(try await client.send(.retract(.starboard)).accepted)
    await #expect(throws: HeatRadiatorError.self) { try await client.send(.retract(.starboard)) }
    var device = CommandDevice(simulator: HeatRadiatorSimulator(start: start))
    #expect(
      device.respond(to: Frame(type: 0x10, sequence: 1), at: start).type == 0xAF, "power requests are not thermal's")
  }
}
