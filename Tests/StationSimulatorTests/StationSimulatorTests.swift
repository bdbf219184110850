import CommandLineKit
import DockingPortService
import DockingPortServiceInterface
import Foundation
import HeatRadiatorService
import HeatRadiatorServiceInterface
import Logging
import Radio
import SolarArrayService
import SolarArrayServiceInterface
import TestHarness
import Testing

@testable import StationSimulator

@Suite("station-sim")
struct StationSimulatorTests {
  let logger = Logger(module: "StationSimulatorTests", level: .error, sinks: [])

  private func options(_ arguments: [String]) throws -> StationOptions {
    guard case .run(_, _, let values) = try StationCommandLine.program.parse(arguments) else {
      throw UsageError("printed instead of running")
    }
    return StationOptions(values)
  }

  @Test func theCommandLineReadsEveryOption() throws {
    let parsed = try options(["--socket", "/tmp/s.sock", "--scenario", "pump-failure", "--time-factor", "60"])
    #expect(parsed.socketPath == "/tmp/s.sock" && parsed.scenario == .pumpFailure && parsed.timeFactor == 60)
    #expect(try options(["--socket", "/tmp/s.sock"]).scenario == .nominal)
    #expect(throws: UsageError.self) { try options([]) }
    #expect(throws: UsageError.self) { try options(["--socket", "/tmp/s", "--scenario", "meteor"]) }
    #expect(throws: UsageError.self) { try options(["--socket", "/tmp/s", "--time-factor", "0"]) }
    guard case .print(let help) = try StationCommandLine.program.parse(["--help"]) else { return }
    #expect(help.contains("--scenario <name>") && help.contains("pump-failure") && help.contains("--time-factor <n>"))
  }

  @Test func eachRequestGoesToTheSystemWhoseTypesItCarries() async throws {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let station = Station(scenario: .pumpFailure, start: start, clock: { start }, logger: logger)
    let power = await station.answer(Frame(type: PowerSystem.MessageType.statusRequest.rawValue, sequence: 1))
    #expect(power.type == PowerSystem.MessageType.status.rawValue && power.sequence == 1)
    let thermal = await station.answer(
      Frame(type: ThermalControlSystem.MessageType.statusRequest.rawValue, sequence: 2))
    #expect(thermal.type == ThermalControlSystem.MessageType.status.rawValue)
    #expect(
      String(decoding: thermal.payload, as: UTF8.self).contains(#""pumpSpeedRPM":0"#), "the scenario's tripped pump")
    let docking = await station.answer(Frame(type: DockingSystem.MessageType.statusRequest.rawValue, sequence: 3))
    #expect(docking.type == DockingSystem.MessageType.status.rawValue)
    let unknown = await station.answer(Frame(type: 0x42, sequence: 4))
    #expect(unknown.type == Station.unknownRequestType && unknown.sequence == 4)
  }

  @Test func theClockRunsByTheTimeFactor() {
    // Bracketed by the wall clock read just before and after: exact however slowly the machine runs.
    let start = Date().addingTimeInterval(-10)
    let clock = SimulationClock.starting(at: start, factor: 60)
    let before = Date()
    let now = clock()
    let after = Date()
    #expect(now.timeIntervalSince(start) >= before.timeIntervalSince(start) * 60)
    #expect(now.timeIntervalSince(start) <= after.timeIntervalSince(start) * 60)
    #expect(now.timeIntervalSince(start) >= 600, "ten wall seconds are ten suit minutes")
  }

  @Test func scenariosStartTheStationAsTheySay() {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    var eclipse = SolarArraySimulator(start: start, scenario: StationScenario.eclipse.power(at: start))
    #expect(
      !eclipse.status.orbit.inSunlight && eclipse.status.orbit.minutesToTransition > 30, "just entered the shadow")
    eclipse.advance(by: 120)
    #expect(eclipse.status.batteryChargePercent < 95, "the batteries carry the load")
    #expect(
      !PowerLimits.alerts(
        for: SolarArraySimulator(start: start, scenario: StationScenario.lowBattery.power(at: start)).status
      )
      .isEmpty)
    for scenario in StationScenario.allCases where scenario != .pumpFailure {
      #expect(scenario.thermal == .nominal)
    }
  }

  @Test(.timeLimit(.minutes(3))) func theProcessServesFramesAndRemovesItsSocketOnSIGTERM() async throws {
    let executable = TestProducts.executable("station-sim")
    try #require(FileManager.default.isExecutableFile(atPath: executable.path), "station-sim is built with the tests")
    let socket = "/tmp/station-sim-test-\(UUID().uuidString.prefix(8)).sock"
    let process = try ChildProcess(executable, ["--socket", socket], errors: .discard)
    let line = try await process.firstLine(within: .seconds(60))
    #expect(line == "station-sim listening on \(socket)")
    let link = RadioLink(connector: .unixSocket(path: socket), logger: logger)
    try await link.start()
    let answer = try await link.request(type: DockingSystem.MessageType.statusRequest.rawValue)
    #expect(answer.type == DockingSystem.MessageType.status.rawValue)
    await link.close()
    #expect(await process.stop() == .exited(0))
    #expect(!FileManager.default.fileExists(atPath: socket))
  }
}
