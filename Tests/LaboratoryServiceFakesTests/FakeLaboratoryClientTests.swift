import Foundation
import LaboratoryServiceInterface
import Testing

@testable import LaboratoryServiceFakes

/// The fake labs and the fake client domain tests run on: deterministic, the same rules as the live client.
@Suite struct FakeLaboratoryClientTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func theLabsStandAsOnANominalDayUntilACoolerFailsThenTheFreezerIsWarmFromThatMomentOn() {
    var labs = FakeLabs(start: Self.start, coolerFailure: .init(id: "melfi-1", afterSeconds: 60))
    #expect(labs.telemetry.racks.count == Rack.all.count && labs.telemetry.freezers.count == Freezer.all.count)
    #expect(labs.telemetry.freezers.allSatisfy { $0.coolerRunning && $0.excursions.isEmpty })
    #expect(labs.telemetry.racks.first { $0.rack == "fsl" }?.state == .standby)
    labs.advance(by: 59)
    #expect(labs.telemetry.freezer("melfi-1")?.coolerRunning == true)
    labs.advance(by: 1)
    let melfi = try! #require(labs.telemetry.freezer("melfi-1"))
    #expect(!melfi.coolerRunning && melfi.ongoingExcursion?.start == Self.start + 60)
    #expect(labs.telemetry.time == Self.start + 60)
  }

  @Test func aFaultedRackRefusesAllButOff() {
    var labs = FakeLabs(start: Self.start, rackFault: .init(id: "cir", afterSeconds: 10))
    #expect(labs.apply(RackCommand(rack: "msg", state: .standby)).accepted)
    #expect(labs.telemetry.racks.first { $0.rack == "msg" }?.powerWatts == 80)
    labs.advance(by: 10)
    #expect(labs.telemetry.racks.first { $0.rack == "cir" }?.state == .fault)
    #expect(!labs.apply(RackCommand(rack: "cir", state: .operating)).accepted)
    #expect(labs.apply(RackCommand(rack: "cir", state: .off)).accepted)
    #expect(labs.apply(RackCommand(rack: "cir", state: .operating)).accepted)
    #expect(labs.telemetry.racks.first { $0.rack == "cir" }?.fault == nil)
  }

  @Test func samplesInAFreezerWhoseCoolerFailedAreFlaggedOnceAndReportedOnce() async throws {
    let lab = FakeLaboratoryClient(
      labs: FakeLabs(start: Self.start, coolerFailure: .init(id: "melfi-1", afterSeconds: 60)))
    let serum = try await lab.logIn(SampleLogIn(label: "serum", freezer: "melfi-1"), crew: "V")
    _ = try await lab.logIn(SampleLogIn(label: "urine", freezer: "merlin"), crew: "V")
    await lab.advance(by: 600)
    let report = try await lab.stowage()
    #expect(report.newlyAtRisk == [serum.id] && !report.alerts.isEmpty)
    #expect(try await lab.stowage().newlyAtRisk.isEmpty, "flagged once")
    await #expect(throws: LaboratoryError.self) {
      try await lab.logIn(SampleLogIn(label: "more", freezer: "melfi-1"), crew: nil)
    }
    #expect(await lab.queued.map(\.message.kind).filter { $0 == LabResult.samplesAtRiskKind }.count == 1)
  }

  @Test func aRunsResultsQueueAndSendingDeliversThemAll() async throws {
    let lab = FakeLaboratoryClient()
    let experiment = try #require(ExperimentCatalogue.sample.experiment("capillary-flow"))
    let run = try await lab.startRun(experiment, crew: "V")
    _ = try await lab.update(String(run.id.prefix(4)), .skipStep(1, reason: "no fluid"))
    #expect(try await lab.results().pending.map(\.kind) == ["run.started", "run.step"])
    let sent = try await lab.sendResults()
    #expect(sent.delivered.count == 2 && sent.pending.isEmpty)
    await #expect(throws: LaboratoryError.noSuchRun("zz")) { try await lab.run("zz") }
  }
}
