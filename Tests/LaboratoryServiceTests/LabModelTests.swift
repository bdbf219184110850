import Foundation
import Localization
import Radio
import Testing

@testable import LaboratoryService

/// The lab model, its device and the rules shared by the live and the fake client.
@Suite("Lab model and rules")
struct LabModelTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func aStoppedCoolerLetsTheDewarLeaveItsLimitsAndTheFreezerLogsTheExcursion() {
    var simulator = LabSimulator(
      start: Self.start, scenario: LabScenario(coolerFailure: .init(id: "melfi-1", afterSeconds: 600)))
    simulator.advance(by: 600)
    #expect(simulator.telemetry.freezer("melfi-1")?.excursions.isEmpty == true)
    simulator.advance(by: 300)
    #expect(simulator.telemetry.freezer("melfi-1")?.ongoingExcursion == nil, "still within −70 °C after 5 minutes")
    simulator.advance(by: 200)
    let reading = try! #require(simulator.telemetry.freezer("melfi-1"))
    let excursion = try! #require(reading.ongoingExcursion)
    #expect(reading.temperatureC > -70 && !reading.coolerRunning)
    let minutes = excursion.start.timeIntervalSince(Self.start) / 60
    #expect(minutes > 15 && minutes < 17.5, "about six minutes after the cooler stopped: \(minutes)")
    #expect(simulator.telemetry.freezers.filter { $0.freezer != "melfi-1" }.allSatisfy { $0.excursions.isEmpty })
  }

  @Test func racksDrawPowerByStateAndAFaultedRackMustBeSwitchedOffFirst() {
    var simulator = LabSimulator(
      start: Self.start, scenario: LabScenario(rackFault: .init(id: "cir", afterSeconds: 10)))
    #expect(simulator.telemetry.racks.count == Rack.all.count)
    #expect(simulator.apply(RackCommand(rack: "msg", state: .standby)).accepted)
    #expect(simulator.telemetry.racks.first { $0.rack == "msg" }?.powerWatts == 80)
    simulator.advance(by: 20)
    let cir = simulator.telemetry.racks.first { $0.rack == "cir" }
    #expect(cir?.state == .fault && cir?.powerWatts == 0 && cir?.fault != nil)
    #expect(!simulator.apply(RackCommand(rack: "cir", state: .operating)).accepted)
    #expect(!simulator.apply(RackCommand(rack: "nope", state: .off)).accepted)
    #expect(simulator.apply(RackCommand(rack: "cir", state: .off)).accepted)
    #expect(simulator.apply(RackCommand(rack: "cir", state: .operating)).accepted)
  }

  @Test func theDeviceAnswersTelemetryAndRefusesUnknownMessages() throws {
    var device = LabDevice(simulator: LabSimulator(start: Self.start))
    let answer = device.respond(to: Frame(type: 0x40, sequence: 7, payload: Array("{}".utf8)), at: Self.start + 60)
    #expect(answer.type == 0xC0 && answer.sequence == 7)
    let telemetry = try FrameBody.decode(LabTelemetry.self, from: answer.payload)
    #expect(telemetry.time == Self.start + 60 && telemetry.freezers.count == Freezer.all.count)
    let unknown = device.respond(to: Frame(type: 0x4E, sequence: 8, payload: []), at: Self.start + 60)
    #expect(unknown.type == 0xCF)
    #expect(try FrameBody.decode(DeviceFailure.self, from: unknown.payload).message.contains("0x4E"))
    #expect(LabProtocol.handles(0x41) && !LabProtocol.handles(0x30), "no overlap with the docking system")
  }

  @Test func aSampleGoesToAFreezerThatKeepsItsTemperatureHasASlotAndIsWithinItsLimits() throws {
    let telemetry = LabSimulator(start: Self.start).telemetry
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
    var telemetry = LabSimulator(start: Self.start).telemetry
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
}
