import CosmonautInterface
import CosmonautServiceFakes
import CosmonautServiceInterface
import Foundation
import LaboratoryServiceFakes
import LaboratoryServiceInterface
import Testing
import UIComponents
import UIComponentsTestSupport

@testable import Laboratory

/// Procedure runs across the lab and the cosmonaut's inventory: the viewer, refusals that change
/// nothing, and a step interrupted between the two stores finished exactly once.
@MainActor
@Suite("Laboratory runs")
struct RunFlowTests {
  @Test func theViewerMarksDoneSkipsWithAReasonAndPausesWhenThePersonLeaves() async throws {
    let harness = LaboratoryHarness(.interactive, input: ["d", "s", "", "s", "no camera", "l"])
    try await harness.open("run", "start", "plant-habitat")
    let run = try await harness.onlyRun()
    #expect(run.steps.map(\.status) == [.done, .skipped, .pending, .pending])
    #expect(run.steps[1].reason == "no camera", "an empty reason went back to the step")
    #expect(run.state == .paused, "input ended in the viewer: paused")
    #expect(harness.output.text.contains("Step 3 of 4: Photograph the plants"))
    #expect(harness.output.text.contains("Paused run \(run.id) at step 3"))
    #expect(try await harness.stock("hygiene") == 29)
  }

  @Test func aResumedRunGoesOnWhereItStoodAndCompletes() async throws {
    let first = LaboratoryHarness(.interactive, input: ["d", "p"])
    try await first.open("run", "start", "plant-habitat")
    let id = try await first.onlyRun().id
    let second = LaboratoryHarness(.interactive, input: ["d", "d", "d"], lab: first.lab, cosmonaut: first.cosmonaut)
    try await second.open("run", "resume", id)
    let run = try await second.onlyRun()
    #expect(run.state == .completed && run.steps.allSatisfy { $0.status == .done })
    #expect(second.output.text.contains("Step 2 of 4") && !second.output.text.contains("Step 1 of 4"))
    #expect(second.output.text.contains("is complete"))
    #expect(try await second.stock("medical") == 5)
    #expect(try await second.stock("hygiene") == 29)
    let kinds = await second.lab.queued.map(\.message.kind)
    #expect(kinds == ["run.started", "run.step", "run.step", "samples.loggedIn", "run.step", "run.step", "run.ended"])
  }

  @Test func aShortSupplyRefusesTheStepAndChangesNothing() async throws {
    var inventory = SupplyItem.defaultInventory
    inventory[inventory.firstIndex { $0.id == "medical" }!].quantity = 0
    let harness = LaboratoryHarness(
      .once(json: false), cosmonaut: FakeCosmonautClient(profile: .sample, supplies: inventory))
    try await harness.open("run", "start", "plant-habitat")
    let id = try await harness.onlyRun().id
    try await harness.open("run", "done", id)
    await #expect(
      throws: LaboratoryFlowError.shortOfSupply(item: "medical", needed: 1, available: 0, unit: "kits", step: 2)
    ) {
      try await harness.open("run", "done", id)
    }
    let run = try await harness.onlyRun()
    #expect(run.currentStep == 2 && run.completing == nil)
    let samples = await harness.lab.samples
    #expect(samples.isEmpty, "no sample was logged")
  }

  @Test func aFullFreezerRefusesTheStepAndNoSupplyIsDrawn() async throws {
    let harness = LaboratoryHarness(.once(json: false))
    for index in 1...8 {
      _ = try await harness.lab.logIn(SampleLogIn(label: "box-\(index)", freezer: "melfi-1"), crew: nil)
    }
    try await harness.open("run", "start", "plant-habitat")
    let id = try await harness.onlyRun().id
    try await harness.open("run", "done", id)
    await #expect(throws: LaboratoryError.self) { try await harness.open("run", "done", id) }
    #expect(try await harness.stock("medical") == 6, "nothing drawn for the refused step")
    #expect(try await harness.onlyRun().currentStep == 2)
  }

  @Test func aStepInterruptedAfterTheDrawIsFinishedWithoutDrawingAgain() async throws {
    let harness = LaboratoryHarness(.once(json: false))
    try await harness.open("run", "start", "plant-habitat")
    let id = try await harness.onlyRun().id
    // The app dies after the inventory gave the kit, before the lab recorded it.
    await harness.lab.failNext(.storage(.verbatim("killed"))) { if case .drawn = $0 { true } else { false } }
    await #expect(throws: LaboratoryError.self) { try await harness.open("run", "done", id) }
    #expect(try await harness.stock("hygiene") == 29)
    #expect(try await harness.onlyRun().completing?.step == 1)
    try await harness.open("run", "resume", id)
    let run = try await harness.onlyRun()
    #expect(run.steps[0].status == .done && run.completing == nil)
    #expect(try await harness.stock("hygiene") == 29, "drawn once, not twice")
  }

  @Test func aStepInterruptedBeforeTheDrawDrawsOnResume() async throws {
    let harness = LaboratoryHarness(.once(json: false))
    try await harness.open("run", "start", "plant-habitat")
    let id = try await harness.onlyRun().id
    _ = try await harness.lab.update(id, .beginStep(1, stockBefore: ["hygiene": 30], freezer: nil))
    try await harness.open("run", "done", id, "--step", "2")
    let run = try await harness.onlyRun()
    #expect(run.steps[0].status == .done && run.steps[1].status == .done)
    #expect(try await harness.stock("hygiene") == 29)
  }

  @Test func withoutAProfileNameNoRunStartsAndTheProfileIsOffered() async throws {
    let navigator = RecordingNavigator()
    let harness = LaboratoryHarness(
      .interactive, input: ["y"], cosmonaut: FakeCosmonautClient(profile: .empty), navigator: navigator)
    try await harness.open("run", "start", "plant-habitat")
    #expect(harness.errorOutput.text.contains("whoever runs an experiment is the profile's cosmonaut"))
    #expect(navigator.requested == [.profile])
    #expect(try await harness.lab.runs().isEmpty)
    let script = LaboratoryHarness(.once(json: false), cosmonaut: FakeCosmonautClient(profile: .empty))
    await #expect(throws: LaboratoryFlowError.noCrewMember) { try await script.open("run", "start", "plant-habitat") }
  }

  @Test func anExcursionMarksTheSamplesInTheFreezerAndRaisesAnAlert() async throws {
    let lab = FakeLaboratoryClient(
      labs: FakeLabs(
        start: Date(timeIntervalSince1970: 1_800_000_000), coolerFailure: .init(id: "melfi-1", afterSeconds: 60)))
    let harness = LaboratoryHarness(.once(json: false), lab: lab)
    try await harness.open("stowage", "log-in", "melfi-1", "serum")
    try await harness.open("stowage", "log-in", "merlin", "urine")
    await lab.advance(by: 1_200)
    try await harness.open("stowage")
    #expect(harness.output.text.contains("ALERT: melfi-1 is at") && harness.output.text.contains("1 sample(s) at risk"))
    let risky = await lab.samples.filter { $0.atRisk != nil }.map(\.label)
    #expect(risky == ["serum"])
    #expect(harness.events.events.contains { $0.name == "lab.alert" && $0.properties["freezer"] == "melfi-1" })
    await #expect(throws: LaboratoryError.self) { try await harness.open("stowage", "log-in", "melfi-1", "more") }
  }

  @Test func aRunThatCompletesSendsItsResultsAtOnceWhenThePartnerSaysSo() async throws {
    let on = LaboratoryHarness(
      .once(json: false), features: LaboratoryFeatures(sendsResultsOnCompletion: true))
    try await on.open("run", "start", "capillary-flow")
    let id = try await on.onlyRun().id
    for _ in 1...2 { try await on.open("run", "done", id) }
    #expect(try await on.onlyRun().state == .completed)
    #expect(await on.lab.queued.isEmpty, "everything waiting was sent")
    #expect(await on.lab.delivered.map(\.kind).last == "run.ended")
    #expect(on.output.text.contains("Sent 4 result(s) to Houston."))
    #expect(on.events.events.contains { $0.name == "lab.results.sent" && $0.properties["trigger"] == "run.completed" })

    let off = LaboratoryHarness(.once(json: false))
    try await off.open("run", "start", "capillary-flow")
    let other = try await off.onlyRun().id
    for _ in 1...2 { try await off.open("run", "done", other) }
    #expect(await off.lab.queued.map(\.message.kind).last == "run.ended", "the results wait for 'results send'")
    #expect(await off.lab.delivered.isEmpty)
    #expect(!off.output.text.contains("to Houston"))
  }

  // MARK: A step left half-done by an interrupted process

  /// A harness whose run has step 1 left being marked done, the hygiene kit already drawn from
  /// the inventory but not yet recorded (the process was killed in between).
  private func interruptedAtStep1() async throws -> (LaboratoryHarness, String) {
    let harness = LaboratoryHarness(.once(json: false))
    try await harness.open("run", "start", "plant-habitat")
    let id = try await harness.onlyRun().id
    _ = try await harness.lab.update(id, .beginStep(1, stockBefore: ["hygiene": 30], freezer: nil))
    _ = try await harness.cosmonaut.consume("hygiene", quantity: 1)
    return (harness, id)
  }

  @Test(arguments: [["--step", "1"], []])
  func doneOnAStepLeftHalfDoneFinishesItSaysSoAndDoesNothingMore(step: [String]) async throws {
    let (harness, id) = try await interruptedAtStep1()
    try await harness.open(["run", "done", id] + step)
    let run = try await harness.onlyRun()
    #expect(run.steps.map(\.status) == [.done, .pending, .pending, .pending], "step 1 finished, step 2 untouched")
    #expect(run.completing == nil)
    #expect(try await harness.stock("hygiene") == 29, "drawn once")
    #expect(
      harness.output.text.contains("Finished step 1 of run \(id), which an interrupted run left half-done."),
      "\(harness.output.text)")
    #expect(harness.errorOutput.text.isEmpty)
  }

  @Test func skippingAStepLeftHalfDoneFinishesItAndSaysItCannotBeSkipped() async throws {
    let (harness, id) = try await interruptedAtStep1()
    await #expect(throws: LaboratoryFlowError.finishedNotSkipped(step: 1, run: id)) {
      try await harness.open("run", "skip", id, "--step", "1", "--reason", "no time")
    }
    #expect(try await harness.onlyRun().steps.map(\.status) == [.done, .pending, .pending, .pending])
    #expect(LaboratoryFlowError.finishedNotSkipped(step: 1, run: id).kind == .rejected)
  }

  // MARK: Requests the run already satisfies

  @Test func resumingARunningRunOrPausingAPausedOneChangesNothingAndSaysSo() async throws {
    let harness = LaboratoryHarness(.once(json: false))
    try await harness.open("run", "start", "plant-habitat")
    let started = try await harness.onlyRun()
    let queued = await harness.lab.queued.count
    await harness.lab.advance(by: 60)
    try await harness.open("run", "resume", started.id)
    #expect(try await harness.onlyRun() == started, "not even updatedAt changed")
    #expect(harness.output.text.contains("Run \(started.id) is already running; nothing changed."))

    try await harness.open("run", "pause", started.id)
    let paused = try await harness.onlyRun()
    #expect(paused.state == .paused)
    await harness.lab.advance(by: 60)
    try await harness.open("run", "pause", started.id)
    #expect(try await harness.onlyRun() == paused)
    #expect(harness.output.text.contains("Run \(started.id) is already paused; nothing changed."))

    try await harness.open("run", "abort", started.id, "--reason", "glovebox leak")
    let aborted = try await harness.onlyRun()
    try await harness.open("run", "abort", started.id, "--reason", "again")
    #expect(try await harness.onlyRun() == aborted)
    #expect(harness.output.text.contains("Run \(started.id) is already aborted; nothing changed."))
    #expect(await harness.lab.queued.count == queued + 1, "only the abort queued a result")
    // A request the run's state contradicts is still refused.
    await #expect(throws: LaboratoryError.self) { try await harness.open("run", "resume", started.id) }
  }

  @Test func markingAStepDoneTwiceOrSkippingItTwiceChangesNothingTheSecondTime() async throws {
    let harness = LaboratoryHarness(.once(json: false))
    try await harness.open("run", "start", "plant-habitat")
    let id = try await harness.onlyRun().id
    try await harness.open("run", "done", id, "--step", "1")
    let done = try await harness.onlyRun()
    try await harness.open("run", "done", id, "--step", "1")
    #expect(try await harness.onlyRun() == done)
    #expect(try await harness.stock("hygiene") == 29, "drawn once")
    #expect(harness.output.text.contains("Step 1 of run \(id) is already done; nothing changed."))
    try await harness.open("run", "skip", id, "--step", "2", "--reason", "no camera")
    let skipped = try await harness.onlyRun()
    try await harness.open("run", "skip", id, "--step", "2", "--reason", "no camera")
    #expect(try await harness.onlyRun() == skipped)
    #expect(harness.output.text.contains("Step 2 of run \(id) is already skipped; nothing changed."))
    // Skipping a step that is done contradicts it: refused.
    await #expect(throws: LaboratoryError.self) {
      try await harness.open("run", "skip", id, "--step", "1", "--reason", "x")
    }
  }
}
