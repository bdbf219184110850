import AppAnalytics
import AppAnalyticsTestSupport
import DockingPortServiceInterface
import Foundation
import Logging
import Radio
import Testing

@testable import DockingPortService

@Suite("The docking procedure")
struct DockingTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func aVehicleDocksAndLeavesThroughEveryPhase() throws {
    var model = DockingSimulator(start: start)
    #expect(model.apply(.approach(.harmonyForward, .crewDragon)).accepted)
    #expect(model.status.port(.harmonyForward)?.rangeMeters == DockingProcedure.keepOutSphereMeters)
    var minutes = 0
    while (model.status.port(.harmonyForward)?.rangeMeters ?? 0) > DockingProcedure.contactMeters {
      model.advance(by: 60)
      minutes += 1
    }
    #expect(minutes > 20 && minutes < 40, "a final approach takes about half an hour: \(minutes) min")
    for (step, phase) in [
      (DockingCommand.capture(.harmonyForward), PortPhase.softCapture), (.hardDock(.harmonyForward), .hardDock),
      (.openHatch(.harmonyForward), .hatchOpen), (.closeHatch(.harmonyForward), .hardDock),
      (.undock(.harmonyForward), .departing),
    ] {
      #expect(model.apply(step).accepted, "\(step)")
      #expect(model.status.port(.harmonyForward)?.phase == phase)
    }
    model.advance(by: 30 * 60)
    #expect(model.status.port(.harmonyForward) == PortStatus(port: .harmonyForward, phase: .free))
  }

  @Test func theProcedureRefusesWhatTheRealOneRefusesAndChangesNothing() {
    var model = DockingSimulator(start: start)
    let refused: [(DockingCommand, String)] = [
      (.approach(.harmonyZenith, .starliner), "occupied"),
      (.approach(.prichalNadir, .crewDragon), "docks with IDSS"),
      (.undock(.harmonyZenith), "close the hatch before undocking"),
      (.capture(.prichalNadir), "capture needs a vehicle in contact"),
      (.hardDock(.harmonyZenith), "hard dock follows soft capture"),
      (.openHatch(.prichalNadir), "the hatch opens only at hard dock"),
      (.abort(.zvezdaAft), "only an approach can be aborted"),
    ]
    for (step, reason) in refused {
      let before = model.status
      let answer = model.apply(step)
      #expect(!answer.accepted && answer.message.contains(reason), "\(step): \(answer.message)")
      #expect(model.status == before)
    }
    #expect(model.apply(.approach(.prichalNadir, .progressMS)).accepted)
    let second = model.apply(.approach(.harmonyForward, .starliner))
    #expect(!second.accepted && second.message.contains("one vehicle moves near the station at a time"))
    let early = model.apply(.capture(.prichalNadir))
    #expect(!early.accepted && early.message.contains("200.0 m"), "\(early.message)")
    #expect(model.apply(.abort(.prichalNadir)).accepted)
    #expect(model.status.port(.prichalNadir)?.phase == .departing)
  }

  @Test func theLiveClientTalksToTheInProcessSimulation() async throws {
    let logger = Logger(module: "DockingTests", level: .error, sinks: [])
    let events = InMemoryAnalyticsProvider()
    let simulation = DockingPortSimulation(
      simulator: DockingSimulator(start: start), clock: { [start] in start }, logger: logger)
    let client = LiveDockingPortClient(
      connector: simulation.connector, logger: logger, analytics: Analytics(providers: [events]))
    #expect(try await client.status().ports.count == DockingPort.allCases.count)
    #expect(try await client.send(.approach(.harmonyForward, .cargoDragon)).accepted)
    await #expect(throws: DockingPortError.self) { try await client.send(.approach(.harmonyZenith, .starliner)) }
    #expect(events.events.filter { $0.name == "error" }.count == 1)
  }
}
