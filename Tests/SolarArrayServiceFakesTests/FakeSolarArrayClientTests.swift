import Foundation
import SolarArrayServiceFakes
import SolarArrayServiceInterface
import Testing

/// The fake power system domains test with: deterministic, still until advanced, refusing what
/// every power system refuses.
@Suite("The fake power system")
struct FakeSolarArrayClientTests {
  @Test func itStartsAsTheScenarioSaysAtTheGivenTime() async throws {
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    let fake = FakeSolarArrayClient(
      start: start,
      scenario: PowerScenario(betaAngle: 20, stuckGimbal: .init(channel: .c2A, angle: 40), batteryCharge: [.c3B: 35]))
    let status = try await fake.status()
    #expect(status.timestamp == start && status.orbit.betaAngle == 20 && status.wings.count == 8)
    #expect(status.wing(.c1A)?.angle == 20 && status.wing(.c2A)?.angle == 40)
    #expect(status.wing(.c3B)?.batteryChargePercent == 35 && status.wing(.c1A)?.batteryChargePercent == 95)
    #expect(status.generatedKW > 0 && status.orbit.inSunlight)
    #expect(PowerLimits.alerts(for: status).map(\.subject) == ["beta gimbal 2A", "battery 3B"])
  }

  @Test func aCommandedWingSlewsUntilTheClockMovesAndTheStuckOneNever() async throws {
    let fake = FakeSolarArrayClient(scenario: PowerScenario(stuckGimbal: .init(channel: .c2A, angle: 40)))
    #expect(try await fake.send(.wing(.c1A, .feather)).message == "beta gimbal 1A feathers (90°)")
    _ = try await fake.send(.wing(.c2A, .feather))
    let slewing = try #require(try await fake.status().wing(.c1A))
    #expect(slewing.mode == .feather && slewing.isMoving && !slewing.isFeathered && slewing.targetAngle == 90)
    await fake.advance(by: 300)
    let status = try await fake.status()
    #expect(status.wing(.c1A)?.isFeathered == true && status.wing(.c1A)?.isMoving == false)
    #expect(status.wing(.c2A)?.isFeathered == false && status.wing(.c2A)?.angle == 40)
    #expect(status.timestamp == Date(timeIntervalSince1970: 1_800_000_300))
    #expect(status.wing(.c1A)!.powerKW < status.wing(.c1B)!.powerKW, "an edge-on wing delivers less")
  }

  @Test func itRefusesWhatEveryPowerSystemRefusesAndRecordsEveryCommand() async throws {
    let fake = FakeSolarArrayClient()
    await #expect(throws: SolarArrayError.rejected(PowerRefusal.jointDoesNotFeather.text)) {
      try await fake.send(.joint(.port, .feather))
    }
    _ = try await fake.send(.joint(.port, .angle(45)))
    await fake.advance(by: 1)
    #expect(try await fake.status().joints.first { $0.joint == .port }?.angle == 45)
    #expect(await fake.sentCommands == [.joint(.port, .feather), .joint(.port, .angle(45))])
  }

  @Test func aFailureIsThrownUntilCleared() async throws {
    let fake = FakeSolarArrayClient()
    await fake.setFailure(.unreachable(.verbatim("no station")))
    await #expect(throws: SolarArrayError.unreachable(.verbatim("no station"))) { try await fake.status() }
    await #expect(throws: SolarArrayError.self) { try await fake.send(.wing(.c1A, .track)) }
    await fake.setFailure(nil)
    #expect(try await fake.status().wings.count == 8)
  }
}
