import Foundation
import SolarArrayService
import SolarArrayServiceFakes
import SolarArrayServiceInterface
import Testing

/// The fake power system domains test with: the power system's one model, still until the test
/// moves its clock, refusing what every power system refuses.
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

  @Test func aCommandedWingSlewsAtItsRateWhenTheClockMovesAndTheStuckOneNever() async throws {
    let fake = FakeSolarArrayClient(scenario: PowerScenario(stuckGimbal: .init(channel: .c2A, angle: 40)))
    #expect(try await fake.send(.wing(.c1A, .feather)).message == "beta gimbal 1A feathers (90°)")
    _ = try await fake.send(.wing(.c2A, .feather))
    let commanded = try #require(try await fake.status().wing(.c1A))
    #expect(
      commanded.mode == .feather && !commanded.isFeathered && commanded.targetAngle == 90 && commanded.angle == 15)
    await fake.advance(by: 60)
    let slewing = try #require(try await fake.status().wing(.c1A))
    #expect(slewing.isMoving && slewing.angle == 15 + 60 * PowerLimits.gimbalRate, "half a degree a second")
    await fake.advance(by: 240)
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
    await fake.advance(by: 120)
    #expect(try await fake.status().joints.first { $0.joint == .port }?.angle == 45)
    #expect(await fake.sentCommands == [.joint(.port, .feather), .joint(.port, .angle(45))])
  }

  @Test func itIsTheModelOfTheBenchAndTheApps() async throws {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let fake = FakeSolarArrayClient(start: start)
    var model = SolarArraySimulator(start: start)
    _ = try await fake.send(.wing(.c3B, .angle(-20)))
    _ = model.apply(.wing(.c3B, .angle(-20)))
    await fake.advance(by: 3000)
    model.advance(by: 3000)
    #expect(try await fake.status() == model.status, "the same orbit, batteries and load, step for step")
  }

  @Test func theLinkNewsIsWhatTheTestTells() async throws {
    let fake = FakeSolarArrayClient()
    fake.tell(.reconnecting(attempt: 1, maximumAttempts: 10))
    var news = fake.linkNews().makeAsyncIterator()
    #expect(await news.next() == .reconnecting(attempt: 1, maximumAttempts: 10), "told before anyone watched")
    fake.tell(.reconnected)
    #expect(await news.next() == .reconnected)
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
