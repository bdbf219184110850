import Foundation
import Localization
import Testing

@testable import LaboratoryServiceInterface

/// The labs on a nominal day, as their readings go by `RackRules`: racks at their nominal power,
/// freezers at their set points.
func nominal(at time: Date) -> LabTelemetry {
  LabTelemetry(
    time: time, racks: Rack.all.map { RackRules.reading(of: $0, state: RackRules.initialState(of: $0)) },
    freezers: Freezer.all.map { FreezerReading(freezer: $0.id, temperatureC: $0.storage.celsius, coolerRunning: true) })
}

/// The rules every implementation applies: stowage, runs, racks.
@Suite("Lab rules")
struct LabRulesTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func aSampleGoesToAFreezerThatKeepsItsTemperatureHasASlotAndIsWithinItsLimits() throws {
    let telemetry = nominal(at: Self.start)
    let auto = try StowageRules.place(
      SampleLogIn(label: " leaf-1 ", storage: .minus26), crew: "V", stored: [], telemetry: telemetry, now: Self.start,
      id: "a")
    #expect(auto.freezer == "melfi-2" && auto.slot == 1 && auto.label == "leaf-1")
    #expect(throws: LaboratoryError.self) {
      try StowageRules.place(
        SampleLogIn(label: "x", freezer: "merlin", storage: .minus80), crew: nil, stored: [], telemetry: telemetry,
        now: Self.start, id: "b")
    }
    #expect(throws: LaboratoryError.self) {
      try StowageRules.place(
        SampleLogIn(label: "", freezer: "merlin"), crew: nil, stored: [], telemetry: telemetry, now: Self.start, id: "c"
      )
    }
    let full = (1...3).map {
      StoredSample(
        id: "k\($0)", label: "k", freezer: "kriogem", slot: $0, loggedInAt: Self.start, freezerTimeIn: Self.start)
    }
    let refusal = #expect(throws: LaboratoryError.self) {
      try StowageRules.place(
        SampleLogIn(label: "x", freezer: "kriogem"), crew: nil, stored: full, telemetry: telemetry, now: Self.start,
        id: "d")
    }
    #expect(
      refusal?.userMessage
        == "kriogem is full (3 of 3 slots); log a sample out or use another freezer at +4 °C; nothing changed")
    #expect(
      refusal?.translatedMessage.resolved(in: .russian)
        == "kriogem заполнен (3 из 3 ячеек); извлеките образец или используйте другой морозильник на +4 °C; "
        + "ничего не изменено")
    let spill = try StowageRules.place(
      SampleLogIn(label: "x", storage: .plus4), crew: nil,
      stored: full.map {
        var s = $0; s.freezer = "merlin"; return s
      } + full,
      telemetry: telemetry, now: Self.start, id: "e")
    #expect(spill.freezer == "merlin" && spill.slot == 4, "the free slot of the first +4 °C freezer with one")
  }

  @Test func onlySamplesInTheFreezerDuringItsExcursionAreFlaggedAndOnlyOnce() {
    let excursion = Excursion(start: Self.start + 100, end: Self.start + 200, peakC: -60)
    var telemetry = nominal(at: Self.start)
    telemetry.freezers[0].excursions = [excursion]
    func sample(_ id: String, in freezer: String = "melfi-1", from: Double, to: Double? = nil) -> StoredSample {
      StoredSample(
        id: id, label: id, freezer: freezer, slot: 1, loggedInAt: Self.start, freezerTimeIn: Self.start + from,
        loggedOutAt: to.map { Self.start + $0 }, freezerTimeOut: to.map { Self.start + $0 })
    }
    let samples = [
      sample("before-out", from: 0, to: 50), sample("through", from: 0), sample("during", from: 150, to: 160),
      sample("after", from: 250), sample("elsewhere", in: "merlin", from: 0),
    ]
    let flagged = StowageRules.flagged(samples, by: telemetry, now: Self.start + 300)
    #expect(flagged.map(\.id) == ["through", "during"])
    #expect(flagged.allSatisfy { $0.atRisk?.peakC == -60 })
    #expect(StowageRules.flagged(flagged, by: telemetry, now: Self.start + 400).isEmpty)
  }

  @Test func aRunMovesStepByStepAndRefusesWhatItsStateDoesNotAllow() throws {
    let experiment = try #require(ExperimentCatalogue.sample.experiment("capillary-flow"))
    var (run, started) = try RunRules.start(experiment, crew: "V", id: "r1", now: Self.start)
    #expect(started.map(\.kind) == ["run.started"])
    var samples: [StoredSample] = []
    func apply(_ change: RunChange) throws -> [String] {
      try RunRules.apply(change, to: &run, samples: &samples, telemetry: nil, now: Self.start, newID: { "s" }).map(
        \.kind)
    }
    #expect(throws: LaboratoryError.self) { try apply(.skipStep(2, reason: "x")) }
    #expect(try apply(.pause).isEmpty && run.state == .paused)
    #expect(throws: LaboratoryError.self) { try apply(.skipStep(1, reason: "x")) }
    #expect(try apply(.resume).isEmpty)
    #expect(try apply(.beginStep(1, stockBefore: [:], freezer: nil)).isEmpty)
    #expect(throws: LaboratoryError.self) { try apply(.abort(reason: "x")) }
    #expect(try apply(.finishStep(1)) == ["run.step"])
    #expect(try apply(.skipStep(2, reason: "no fluid")) == ["run.step", "run.ended"])
    #expect(run.state == .completed && run.currentStep == nil)
    #expect(throws: LaboratoryError.self) { try apply(.resume) }
  }

  @Test func aRequestTheRunAlreadySatisfiesChangesNothingNotEvenItsTime() throws {
    let experiment = try #require(ExperimentCatalogue.sample.experiment("capillary-flow"))
    var (run, _) = try RunRules.start(experiment, crew: "V", id: "r1", now: Self.start)
    var samples: [StoredSample] = []
    func apply(_ change: RunChange, at seconds: Double) throws -> [String] {
      try RunRules.apply(change, to: &run, samples: &samples, telemetry: nil, now: Self.start + seconds, newID: { "s" })
        .map(\.kind)
    }
    #expect(RunRules.alreadyHolds(.resume, in: run))
    #expect(try apply(.resume, at: 10).isEmpty && run.updatedAt == Self.start)
    #expect(try apply(.pause, at: 20).isEmpty && run.updatedAt == Self.start + 20)
    #expect(RunRules.alreadyHolds(.pause, in: run))
    #expect(try apply(.pause, at: 30).isEmpty && run.updatedAt == Self.start + 20, "a second pause is no error")
    #expect(try apply(.resume, at: 40).isEmpty && run.state == .running)
    #expect(try apply(.beginStep(1, stockBefore: [:], freezer: nil), at: 50).isEmpty)
    #expect(try apply(.finishStep(1), at: 60) == ["run.step"])
    #expect(RunRules.alreadyHolds(.beginStep(1, stockBefore: [:], freezer: nil), in: run))
    #expect(!RunRules.alreadyHolds(.skipStep(1, reason: "x"), in: run))
    #expect(throws: LaboratoryError.self) { try apply(.skipStep(1, reason: "x"), at: 70) }
    #expect(try apply(.abort(reason: "leak"), at: 80) == ["run.ended"])
    #expect(try apply(.abort(reason: "again"), at: 90).isEmpty && run.abortReason == "leak")
    #expect(run.updatedAt == Self.start + 80)
    #expect(throws: LaboratoryError.self) { try apply(.resume, at: 100) }
  }

  @Test func aRackAnswersByItsStateAndOneInFaultMustBeSwitchedOffFirst() {
    let cir = try! #require(Rack.named("cir"))
    let standby = RackRules.answer(
      to: RackCommand(rack: "cir", state: .standby), rack: cir, state: .operating, fault: nil)
    #expect(standby.acknowledgement.accepted && standby.state == .standby)
    let again = RackRules.answer(to: RackCommand(rack: "cir", state: .standby), rack: cir, state: .standby, fault: nil)
    #expect(
      again.acknowledgement
        == RackAcknowledgement(accepted: true, message: "Combustion Integrated Rack is already standby"))
    let faulted = RackRules.answer(
      to: RackCommand(rack: "cir", state: .operating), rack: cir, state: .fault, fault: "hot")
    #expect(!faulted.acknowledgement.accepted && faulted.state == .fault)
    #expect(faulted.acknowledgement.message.contains("(hot); switch it off first"))
    #expect(
      RackRules.answer(to: RackCommand(rack: "cir", state: .off), rack: cir, state: .fault, fault: "hot").state == .off)
    #expect(
      !RackRules.answer(to: RackCommand(rack: "cir", state: .fault), rack: cir, state: .off, fault: nil).acknowledgement
        .accepted)
    #expect(
      !RackRules.answer(to: RackCommand(rack: "nope", state: .off), rack: nil, state: .off, fault: nil).acknowledgement
        .accepted)
  }

  @Test func aRackReadsItsPowerAndWarmerAirTheMoreItDraws() {
    let msg = try! #require(Rack.named("msg"))
    #expect(RackRules.reading(of: msg, state: .operating).powerWatts == msg.nominalPowerWatts)
    #expect(
      RackRules.reading(of: msg, state: .operating, load: 1.04).powerWatts == (msg.nominalPowerWatts * 1.04).rounded())
    #expect(RackRules.reading(of: msg, state: .standby).powerWatts == 80)
    #expect(RackRules.reading(of: msg, state: .off).temperatureC == RackRules.cabinC + 1)
    #expect(RackRules.reading(of: msg, state: .fault, fault: "hot").temperatureC == 41.5)
    #expect(
      RackRules.reading(of: msg, state: .operating).temperatureC
        > RackRules.reading(of: msg, state: .standby).temperatureC)
  }
}
