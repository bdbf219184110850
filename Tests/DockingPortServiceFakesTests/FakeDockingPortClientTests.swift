import DockingPortServiceFakes
import DockingPortServiceInterface
import Foundation
import Testing

/// The fake docking system and schedule domains test with: the docking system's one model, moved by the test.
@Suite("The fake docking system")
struct FakeDockingPortClientTests {
  @Test func itStartsWithTheScenariosVehiclesAndGoesThroughTheProcedure() async throws {
    let fake = FakeDockingPortClient()
    let start = try await fake.status()
    #expect(start.port(.harmonyZenith) == PortStatus(port: .harmonyZenith, phase: .hatchOpen, vehicle: .crewDragon))
    #expect(start.port(.harmonyForward)?.phase == .free)
    _ = try await fake.send(.approach(.harmonyForward, .starliner))
    #expect(try await fake.status().port(.harmonyForward)?.rangeMeters == DockingProcedure.keepOutSphereMeters)
    await #expect(throws: DockingPortError.self) { try await fake.send(.capture(.harmonyForward)) }
    await fake.advance(by: 600)
    let closing = try #require(try await fake.status().port(.harmonyForward)?.rangeMeters)
    #expect(closing > 30 && closing < 100, "a tenth of the range a minute: \(closing) m after ten minutes")
    await fake.advance(by: 1200)
    #expect(try await fake.status().port(.harmonyForward)!.rangeMeters! <= DockingProcedure.contactMeters)
    for step in [DockingCommand.capture(.harmonyForward), .hardDock(.harmonyForward), .undock(.harmonyForward)] {
      #expect(try await fake.send(step).accepted)
    }
    await fake.advance(by: 1800)
    let end = try await fake.status()
    #expect(end.port(.harmonyForward) == PortStatus(port: .harmonyForward, phase: .free))
    #expect(end.timestamp == Date(timeIntervalSince1970: 1_800_003_600))
    #expect(await fake.sentCommands.count == 5)
  }

  @Test func anOccupiedPortIsRefusedWithTheProceduresReasonAndAFailureIsThrownUntilCleared() async throws {
    let fake = FakeDockingPortClient(scenario: DockingScenario(docked: [.prichalNadir: .soyuzMS]))
    do {
      _ = try await fake.send(.approach(.prichalNadir, .progressMS))
      Issue.record("occupied")
    } catch let error as DockingPortError {
      #expect(error.kind == .rejected && error.userMessage.contains("occupied"))
    }
    await fake.setFailure(.unreachable(.verbatim("gone")))
    await #expect(throws: DockingPortError.unreachable(.verbatim("gone"))) { try await fake.status() }
    await fake.setFailure(nil)
    #expect(try await fake.status().port(.harmonyZenith)?.phase == .free)
  }

  @Test func theScheduleIsWhatTheTestSetsAndNoneIsUnavailable() async throws {
    let fake = FakeVehicleScheduleClient()
    #expect(try await fake.schedule().schedule == .sample)
    await fake.setReading(nil)
    await #expect(throws: VehicleScheduleError.self) { try await fake.schedule() }
  }
}
