import LaboratoryServiceFakes
import LaboratoryServiceInterface
import Testing
import UIComponents

@testable import Laboratory

/// Results mission control refused: listed, put back into the queue, or discarded for good — from the
/// command line, a link (checked before it is offered) and the results screen.
@MainActor @Suite struct ResultsFlowTests {
  /// A harness whose mission control refused the run's start.
  private func refused(_ presentation: Presentation, input: [String] = []) async throws -> (LaboratoryHarness, String) {
    let lab = FakeLaboratoryClient()
    await lab.refuse(kind: LabResult.runStartedKind, reason: "no such crew")
    let harness = LaboratoryHarness(presentation, input: input, lab: lab)
    try await harness.open("run", "start", "capillary-flow")
    try await harness.open("results", "send")
    let key = try #require(await lab.refused.first?.message.id)
    return (harness, key)
  }

  @Test func aRefusedResultGoesBackIntoTheQueueByItsKeysFirstCharacters() async throws {
    let (harness, key) = try await refused(.once(json: false))
    await harness.lab.refuse(kind: LabResult.runStartedKind, reason: nil)
    try await harness.open("results", "retry", String(key.prefix(8)))
    #expect(harness.output.text.contains("run.started \(key.prefix(8)) is back in the queue"))
    #expect(await harness.lab.refused.isEmpty)
    #expect(await harness.lab.queued.first?.message.id == key, "at the front, where it was")
    try await harness.open("results", "send")
    #expect(await harness.lab.delivered.map(\.id).contains(key))
  }

  @Test func aRefusedResultIsDiscardedForGoodAndAWrongKeyIsBadUsage() async throws {
    let (harness, key) = try await refused(.once(json: false))
    await #expect(throws: LaboratoryError.self) { try await harness.open("results", "discard", "zz") }
    #expect(await harness.lab.refused.count == 1, "nothing changed")
    try await harness.open("results", "discard", String(key.prefix(4)))
    #expect(harness.output.text.contains("is deleted; Houston will never see it"))
    let queued = await harness.lab.queued.map(\.message.id)
    #expect(await harness.lab.refused.isEmpty && !queued.contains(key))
  }

  @Test func theResultsScreenRetriesARefusedResultByItsKey() async throws {
    let (sent, key) = try await refused(.once(json: false))
    let harness = LaboratoryHarness(.interactive, input: ["t", String(key.prefix(8)), "b"], lab: sent.lab)
    try await harness.open("results")
    #expect(harness.output.text.contains("Retry a refused result"))
    #expect(await harness.lab.queued.first?.message.id == key)
  }

  @Test func aLinkToDiscardAResultThatIsNotRefusedIsSaidBeforeAnythingIsAsked() async throws {
    let (harness, _) = try await refused(.once(json: false))
    let domain = LaboratoryDomain(lab: harness.lab, cosmonaut: harness.cosmonaut)
    await #expect(throws: LaboratoryError.self) { try await domain.preflight(.discardResult(key: "zz")) }
    let key = try #require(await harness.lab.refused.first?.message.id)
    try await domain.preflight(.discardResult(key: String(key.prefix(6))))
  }

  @Test func resumingARunThatIsOverSaysWhyInsteadOfLandingOnTheMenu() async throws {
    let harness = LaboratoryHarness(.interactive)
    try await harness.open("run", "start", "capillary-flow")
    let id = try await harness.onlyRun().id
    _ = try await harness.lab.update(id, .abort(reason: "spilled"))
    await #expect(throws: LaboratoryError.self) { try await harness.open("run", "resume", id) }
  }
}
