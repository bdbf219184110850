import CosmonautServiceInterface
import Foundation
import MissionControlInterface
import Network
import Testing

@testable import CosmonautService

@Suite struct SyncTests {
  /// A client with three changes queued (status report not due: one was queued at the start).
  func clientWithThreeChanges(
    _ harness: Harness, retry: RetryPolicy = .standard
  ) async throws
    -> (TestClient, [QueuedReport])
  {
    let client = try harness.makeClient(retry: retry)
    try #require(try await client.enqueueStatusReportIfDue() != nil)
    _ = try await client.updateProfile(ProfileUpdate(name: "Valentina Orlova"))
    _ = try await client.consume("water", quantity: 3)
    _ = try await client.restock("food", quantity: 5)
    let pending = try await client.pendingSync().pending
    #expect(pending.map(\.kind) == ["status.report", "profile.updated", "supplies.changed", "supplies.changed"])
    return (client, pending)
  }

  @Test func syncDeliversInOrderWithIdempotencyKeyAndTokenAndEmptiesTheOutbox() async throws {
    let harness = try Harness()
    let (client, pending) = try await clientWithThreeChanges(harness)

    let report = try await client.sync()
    #expect(report.delivered.map(\.id) == pending.map(\.id))
    #expect(report.delivered.allSatisfy { $0.attempts == 1 && $0.lastError == nil })
    #expect(report.pending.isEmpty)
    #expect(report.isConfigured)
    #expect(report.lastError == nil)

    let requests = await harness.houston.reportRequests
    #expect(requests.map { $0.header("Idempotency-Key") } == pending.map(\.id))
    #expect(requests.allSatisfy { $0.header("Authorization") == "Bearer secret-token" })
    #expect(requests.allSatisfy { $0.header("Content-Type") == "application/json" })
    let bodies = requests.map { jsonObject($0.body) }
    #expect(bodies.map { $0?["id"] as? String } == pending.map(\.id))
    #expect(bodies.map { $0?["kind"] as? String } == pending.map(\.kind))
    #expect(bodies.allSatisfy { ($0?["createdAt"] as? String)?.hasPrefix("2026-11-22T05:00:00") == true })
    let change = bodies[2]?["payload"] as? [String: Any]
    #expect((change?["change"] as? [String: Any])?["quantityAfter"] as? Int == 397)
    let status = bodies[0]?["payload"] as? [String: Any]
    #expect((status?["supplies"] as? [Any])?.count == SupplyItem.defaultInventory.count)

    #expect(try await client.pendingSync().pending.isEmpty)
    #expect(try await client.deliveredHistory().map(\.id) == pending.map(\.id))
    let second = try await client.sync()
    #expect(second.delivered.isEmpty)
    #expect(await harness.houston.reportRequests.count == 4)
  }

  @Test func transientFailuresAreRetriedAndEachReportIsAppliedExactlyOnce() async throws {
    let houston = FakeHouston(script: [
      .status(503), .failure(.unreachable("connection refused")), .normal,  // status report: third try
      .applyThenStatus(503), .normal,  // profile: applied, answer lost, retried -> duplicate
      .failure(.timeout), .applyThenStatus(502),  // water: applied on the 2nd try, its answer lost, the 3rd a duplicate
      .normal,
    ])
    let harness = try Harness(houston: houston)
    let (client, pending) = try await clientWithThreeChanges(harness)

    let report = try await client.sync()
    #expect(report.delivered.map(\.id) == pending.map(\.id))
    #expect(report.pending.isEmpty)
    #expect(await houston.appliedKeys == pending.map(\.id))
    let sentKeys = await houston.reportRequests.compactMap { $0.header("Idempotency-Key") }
    #expect(sentKeys.count > pending.count)
    #expect(Set(sentKeys) == Set(pending.map(\.id)))
  }

  @Test func unreachableHoustonKeepsEverythingPendingWithAttemptsCounted() async throws {
    let harness = try Harness()
    let (client, pending) = try await clientWithThreeChanges(harness, retry: .none)
    await harness.houston.setAlwaysFail(.unreachable("connection refused"))

    await #expect(
      throws: CosmonautServiceError.unreachable(
        .houston, reason: DeliveryReason.unreachable(detail: "connection refused").text(centerName: { .verbatim($0) }))
    ) {
      try await client.sync()
    }
    await #expect(throws: CosmonautServiceError.self) { try await client.sync() }

    let waiting = try await client.pendingSync()
    #expect(waiting.pending.map(\.id) == pending.map(\.id))
    #expect(waiting.pending.map(\.attempts) == [2, 0, 0, 0])
    #expect(waiting.pending.first?.lastError == "server unreachable: connection refused")
    #expect(waiting.lastError == "server unreachable: connection refused")
    #expect(waiting.isConfigured)
    #expect(await harness.houston.reportRequests.count == 2)
    let error = CosmonautServiceError.unreachable(.houston, reason: .verbatim("x"))
    #expect(error.kind == .unavailable)
    #expect(harness.recordedErrors.contains { $0.properties["operation"] == "sync" })

    await harness.houston.setAlwaysFail(nil)
    let report = try await client.sync()
    #expect(report.delivered.map(\.id) == pending.map(\.id))
    #expect(report.delivered.first?.attempts == 3)
  }

  @Test func failureAfterPartialDeliveryReturnsAReportInsteadOfThrowing() async throws {
    let harness = try Harness()
    let (client, pending) = try await clientWithThreeChanges(harness, retry: .none)
    await harness.houston.setScript([
      .acknowledge(201), .acknowledge(201), .status(401, body: #"{"error":"bad token"}"#),
    ])

    let report = try await client.sync()
    #expect(report.delivered.map(\.id) == Array(pending.map(\.id).prefix(2)))
    #expect(report.pending.map(\.id) == Array(pending.map(\.id).suffix(2)))
    #expect(report.pending.first?.attempts == 1)
    #expect(report.lastError?.contains("401") == true)
    #expect(report.failure == .refusedToken(.houston, status: 401))
  }

  @Test func syncWithoutHoustonThrowsNotConfiguredAndKeepsChangesQueued() async throws {
    let harness = try Harness()
    let client = try harness.makeClient(configured: false)
    _ = try await client.consume("water", quantity: 1)
    let error = await #expect(throws: CosmonautServiceError.notConfigured(.houston)) { try await client.sync() }
    #expect(error?.kind == .unavailable)
    let waiting = try await client.pendingSync()
    #expect(!waiting.isConfigured)
    #expect(waiting.pending.map(\.kind) == ["supplies.changed", "status.report"])
    #expect(await harness.houston.requests.isEmpty)
  }

  @Test func statusReportIsQueuedOnlyWhenDue() async throws {
    let harness = try Harness()
    let client = try harness.makeClient(statusReportInterval: .seconds(900))
    #expect(try await client.enqueueStatusReportIfDue()?.kind == "status.report")
    #expect(try await client.enqueueStatusReportIfDue() == nil)
    harness.clock.advance(by: 899)
    #expect(try await client.enqueueStatusReportIfDue() == nil)
    _ = try await client.sync()
    #expect(await harness.houston.appliedKeys.count == 1)
    harness.clock.advance(by: 1)
    let report = try await client.sync()
    #expect(report.delivered.map(\.kind) == ["status.report"])
    #expect(await harness.houston.appliedKeys.count == 2)
    // Another client on the same file sees the same schedule.
    let other = try harness.makeClient()
    #expect(try await other.enqueueStatusReportIfDue() == nil)
  }

  @Test func deliveredHistoryKeepsTheLastFifty() async throws {
    let harness = try Harness()
    let client = try harness.makeClient()
    for _ in 0..<60 { _ = try await client.restock("food", quantity: 1) }
    let report = try await client.sync()
    #expect(report.delivered.count == 61)
    let history = try await client.deliveredHistory()
    #expect(history.count == 50)
    #expect(history.map(\.id) == Array(report.delivered.map(\.id).suffix(50)))
  }

  @Test func changesQueuedOfflineAreDeliveredLaterByAnotherClient() async throws {
    let harness = try Harness()
    let offline = try harness.makeClient(configured: false)
    _ = try await offline.updateProfile(ProfileUpdate(mission: "Expedition 74"))
    let online = try harness.makeClient()
    let report = try await online.sync()
    #expect(report.delivered.map(\.kind) == ["profile.updated", "status.report"])
  }
}
