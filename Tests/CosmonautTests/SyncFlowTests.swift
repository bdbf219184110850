import AppAnalytics
import CommandLineKit
import CosmonautServiceFakes
import CosmonautServiceInterface
import MissionControlInterface
import Testing
import UIComponents

@testable import Cosmonaut

@MainActor
@Suite("Houston sync")
struct SyncFlowTests {
  @Test func syncDeliversTheOutboxAndSaysSo() async throws {
    let client = FakeCosmonautClient()
    _ = try await client.consume("water", quantity: 2)
    let harness = CosmonautHarness(.once(json: false), client: client)

    try await harness.open("sync")

    let text = harness.output.text
    #expect(text.contains("Delivered 2 report(s):"))
    #expect(text.contains("supplies.changed"))
    #expect(text.contains("status.report"))
    #expect(text.contains("Pending: none — Houston is up to date."))
    #expect(await client.outbox.isEmpty)
    #expect(
      harness.events(named: "sync.finished").map(\.properties) == [["delivered": "2", "pending": "0", "setAside": "0"]])
  }

  @Test func syncAsJSONIsTheReport() async throws {
    let client = FakeCosmonautClient()
    _ = try await client.updateProfile(ProfileUpdate(name: "Yuri"))
    let harness = CosmonautHarness(.once(json: true), client: client)

    try await harness.open("sync")

    let report = try harness.decodeOutput(SyncReport.self)
    #expect(report.delivered.map(\.kind) == [QueuedReport.profileUpdatedKind, QueuedReport.statusReportKind])
    #expect(report.delivered.allSatisfy { $0.attempts == 1 })
    #expect(report.pending.isEmpty)
    #expect(report.isConfigured)
  }

  @Test func unreachableHoustonShowsWhatIsPendingThenFails() async throws {
    let client = FakeCosmonautClient(houstonReachable: false)
    _ = try await client.consume("water", quantity: 1)
    let harness = CosmonautHarness(.once(json: false), client: client)

    await #expect(
      throws: CosmonautServiceError.unreachable(.fakeHouston, reason: .verbatim("fake Houston is unreachable"))
    ) {
      try await harness.open("sync")
    }

    let text = harness.output.text
    #expect(text.contains("Delivered: nothing in this run."))
    #expect(text.contains("Pending 2 report(s):"))
    #expect(text.contains("Last error: fake Houston is unreachable"))
    #expect(await client.outbox.count == 2)
    #expect(harness.events(named: "sync.finished").isEmpty)
  }

  @Test func unconfiguredHoustonSaysOfflineAndFails() async throws {
    let harness = CosmonautHarness(.once(json: true), client: FakeCosmonautClient(houstonConfigured: false))

    await #expect(throws: CosmonautServiceError.notConfigured(.fakeHouston)) {
      try await harness.open("sync")
    }

    let pending = try harness.decodeOutput(SyncReport.self)
    #expect(pending.isConfigured == false)
    #expect(pending.delivered.isEmpty)
    #expect(pending.pending.map(\.kind) == [QueuedReport.statusReportKind])
  }

  @Test func offlineBannerInText() async throws {
    let harness = CosmonautHarness(.once(json: false), client: FakeCosmonautClient(houstonConfigured: false))

    await #expect(throws: CosmonautServiceError.notConfigured(.fakeHouston)) { try await harness.open("sync") }

    #expect(harness.output.text.contains("Offline: no Houston configured (--houston URL or ISS_HOUSTON_URL)."))
  }

  @Test func statusOnlyLooksAndDeliversNothing() async throws {
    let client = FakeCosmonautClient()
    _ = try await client.restock("food", quantity: 1)
    let harness = CosmonautHarness(.once(json: false), client: client)

    try await harness.open("sync/status")

    #expect(harness.output.text.contains("Delivered: nothing in this run."))
    #expect(harness.output.text.contains("Pending 1 report(s):"))
    #expect(await client.outbox.count == 1)
  }

  @Test func unknownSyncSubLinkIsNotHandled() async throws {
    let harness = CosmonautHarness(.once(json: false))

    await #expect(throws: UsageError.self) { try await harness.open("sync/everything") }
  }

  @Test func interactiveSyncFailureIsPresentedNotThrown() async throws {
    let client = FakeCosmonautClient(houstonReachable: false)
    _ = try await client.consume("water", quantity: 1)
    let harness = CosmonautHarness(.interactive, input: ["s", "b"], client: client)

    try await harness.open("sync")

    #expect(harness.presenter.presented.count == 1)
    #expect(harness.presenter.presented.first?.module == "Cosmonaut")
    #expect(
      harness.presenter.presented.first?.error as? CosmonautServiceError
        == .unreachable(.fakeHouston, reason: .verbatim("fake Houston is unreachable")))
    #expect(harness.errorOutput.lines.count == 1)
    #expect(harness.output.text.contains("Last error: fake Houston is unreachable"))
  }

  @Test func interactiveSyncNowDelivers() async throws {
    let client = FakeCosmonautClient()
    _ = try await client.consume("water", quantity: 1)
    let harness = CosmonautHarness(.interactive, input: ["s", "b"], client: client)

    try await harness.open("sync")

    #expect(harness.output.text.contains("Pending 1 report(s):"))
    #expect(harness.output.text.contains("Delivered 2 report(s):"))
    #expect(await client.outbox.isEmpty)
    #expect(harness.presenter.presented.isEmpty)
  }
}
