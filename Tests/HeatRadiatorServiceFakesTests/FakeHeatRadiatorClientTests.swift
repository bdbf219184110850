import Foundation
import HeatRadiatorServiceFakes
import HeatRadiatorServiceInterface
import Testing

/// The fake thermal control system domains test with: deterministic, still until advanced,
/// refusing what every thermal control system refuses.
@Suite("The fake thermal control system")
struct FakeHeatRadiatorClientTests {
  @Test func itStartsAsTheScenarioSays() async throws {
    let fake = FakeHeatRadiatorClient(scenario: ThermalScenario(failedPump: .b, retracted: [.port]))
    let status = try await fake.status()
    #expect(status.timestamp == Date(timeIntervalSince1970: 1_800_000_000))
    #expect(status.loops.map(\.pumpSpeedRPM) == [ThermalLimits.nominalPumpSpeedRPM, 0])
    #expect(status.loops[0].flowKgPerSecond == ThermalLimits.nominalFlowKgPerSecond)
    #expect(status.loops[0].heatRejectedKW == 13 && status.loops[1].heatRejectedKW == 0)
    #expect(status.radiators.map(\.deployment) == [.deployed, .retracted])
    #expect(status.radiators.map(\.capacityKW) == [ThermalLimits.radiatorCapacityKW, 0])
    #expect(ThermalLimits.alerts(for: status).map(\.subject) == ["loop B pump"])
  }

  @Test func aRadiatorMovesWhenTheClockDoes() async throws {
    let fake = FakeHeatRadiatorClient()
    #expect(try await fake.send(.retract(.port)).message == "retract the port radiator: under way")
    _ = try await fake.send(.rotate(.starboard, .angle(-30.5)))
    #expect(try await fake.status().radiators[1].deployment == .retracting)
    await fake.advance(by: 600)
    let status = try await fake.status()
    #expect(status.radiators[1].deployment == .retracted && status.radiators[1].capacityKW == 0)
    #expect(status.radiators[0].angle == -30.5)
    #expect(status.timestamp == Date(timeIntervalSince1970: 1_800_000_600))
  }

  @Test func itRefusesWhatEverySystemRefusesRecordsCommandsAndFailsOnRequest() async throws {
    let fake = FakeHeatRadiatorClient()
    await #expect(throws: HeatRadiatorError.rejected(ThermalRefusal.already(.port, .deployed).text)) {
      try await fake.send(.deploy(.port))
    }
    #expect(await fake.sentCommands == [.deploy(.port)])
    await fake.setFailure(.unreachable(.verbatim("no station")))
    await #expect(throws: HeatRadiatorError.unreachable(.verbatim("no station"))) { try await fake.status() }
    await fake.setFailure(nil)
    #expect(try await fake.status().loops.count == 2)
  }
}
