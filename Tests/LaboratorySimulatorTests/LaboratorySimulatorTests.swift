import CommandLineKit
import Foundation
import LaboratoryService
import Testing

@testable import LaboratorySimulator

/// `lab-sim`'s command line and scenarios.
@Suite struct LaboratorySimulatorTests {
  private func options(_ arguments: [String]) throws -> LabOptions {
    guard case .run(_, _, let values) = try LabCommandLine.program.parse(arguments) else {
      throw UsageError("no run")
    }
    return LabOptions(values)
  }

  @Test func theCommandLineReadsSocketScenarioAndTimeFactor() throws {
    let parsed = try options(["--socket", "/tmp/l.sock", "--scenario", "freezer-excursion", "--time-factor", "60"])
    #expect(parsed.socketPath == "/tmp/l.sock" && parsed.scenario == .freezerExcursion && parsed.timeFactor == 60)
    #expect(try options(["--socket", "/tmp/l.sock"]).scenario == .nominal)
    #expect(throws: UsageError.self) { try options([]) }
    #expect(throws: UsageError.self) { try options(["--socket", "/tmp/l.sock", "--scenario", "meltdown"]) }
    #expect(throws: UsageError.self) { try options(["--socket", "/tmp/l.sock", "--time-factor", "0"]) }
  }

  @Test func eachScenarioBreaksWhatItSays() {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    var excursion = LabSimulator(start: start, scenario: LabBenchScenario.freezerExcursion.lab)
    excursion.advance(by: 1_200)
    #expect(excursion.telemetry.freezer("melfi-1")?.ongoingExcursion != nil)
    var fault = LabSimulator(start: start, scenario: LabBenchScenario.rackFault.lab)
    fault.advance(by: 310)
    #expect(fault.telemetry.racks.first { $0.rack == "cir" }?.state == .fault)
    var nominal = LabSimulator(start: start, scenario: LabBenchScenario.nominal.lab)
    nominal.advance(by: 3_600)
    #expect(nominal.telemetry.freezers.allSatisfy { $0.excursions.isEmpty })
    #expect(LabBenchScenario.allCases.allSatisfy { !$0.summary.isEmpty })
  }
}
