import CosmonautServiceInterface
import Foundation
import MissionControlInterface
import Network
import Testing

@testable import CosmonautService

/// Against a Houston with `POST /v1/reports/batch`, the outbox goes out in batches, in order, each
/// report still applied once and judged on its own acknowledgement.
@Suite struct BatchSyncTests {
  /// A client with a status report and `changes` supply changes queued, Houston serving batches.
  func queued(_ changes: Int, harness: Harness) async throws -> (TestClient, [QueuedReport]) {
    await harness.houston.setBatches(true)
    let client = try harness.makeClient(retry: .none)
    try #require(try await client.enqueueStatusReportIfDue() != nil)
    for _ in 0..<changes { _ = try await client.restock("water", quantity: 1) }
    return (client, try await client.pendingSync().pending)
  }

  @Test func everyReportGoesOutInBatchesInOrderAndIsAppliedOnce() async throws {
    let harness = try Harness()
    let (client, pending) = try await queued(batchSize + 9, harness: harness)
    let report = try await client.sync()
    #expect(report.delivered.map(\.id) == pending.map(\.id))
    #expect(report.pending.isEmpty)
    #expect(await harness.houston.appliedKeys == pending.map(\.id))
    #expect(await harness.houston.batchRequests.count == 2)
    #expect(await harness.houston.reportRequests.isEmpty)
    let first = try #require(await harness.houston.batchRequests.first)
    #expect(first.header("Authorization") == "Bearer secret-token")
    let sent = try #require(jsonObject(first.body)?["reports"] as? [[String: Any]])
    #expect(sent.count == batchSize)
    #expect((sent.first?["report"] as? [String: Any])?["kind"] as? String == "status.report")
    #expect((sent.first?["report"] as? [String: Any])?["id"] as? String == pending.first?.id)
  }

  @Test func aRefusedReportInABatchIsSetAsideAndTheRestDelivered() async throws {
    let harness = try Harness()
    let (client, pending) = try await queued(2, harness: harness)
    await harness.houston.setRefusedKinds(["status.report"])
    let report = try await client.sync()
    #expect(report.delivered.map(\.id) == Array(pending.dropFirst()).map(\.id))
    #expect(report.setAside.map(\.id) == [pending[0].id])
    #expect(report.setAside.first?.lastError?.contains("HTTP 422") == true)
    #expect(report.setAside.first?.lastError?.contains("kind status.report is refused") == true)
    #expect(report.failure == nil)
  }

  @Test func aLostAnswerLeavesTheBatchQueuedAndTheNextSyncAppliesNothingTwice() async throws {
    let harness = try Harness()
    let (client, pending) = try await queued(3, harness: harness)
    await harness.houston.setScript([.applyThenStatus(503)])
    await #expect(throws: CosmonautServiceError.self) { try await client.sync() }
    #expect(try await client.pendingSync().pending.map(\.id) == pending.map(\.id))
    #expect(try await client.pendingSync().pending.first?.attempts == 1)
    #expect(await harness.houston.appliedKeys == pending.map(\.id))

    let report = try await client.sync()
    #expect(report.delivered.map(\.id) == pending.map(\.id))
    #expect(await harness.houston.appliedKeys == pending.map(\.id))
  }

  @Test func anAnswerThatAcknowledgesNothingDeliversNothing() async throws {
    let harness = try Harness()
    let (client, pending) = try await queued(2, harness: harness)
    await harness.houston.setAlwaysStatus(200, body: #"{"results":[]}"#)
    await #expect(throws: CosmonautServiceError.self) { try await client.sync() }
    let waiting = try await client.pendingSync()
    #expect(waiting.pending.map(\.id) == pending.map(\.id))
    #expect(waiting.pending.map(\.attempts) == [1, 0, 0])
  }

  @Test func anOlderHoustonGetsOneReportPerRequestAndIsAskedForBatchesOnce() async throws {
    let harness = try Harness()
    let client = try harness.makeClient(retry: .none)
    _ = try await client.restock("water", quantity: 1)
    _ = try await client.restock("food", quantity: 1)
    let report = try await client.sync()
    #expect(report.delivered.map(\.kind) == ["supplies.changed", "supplies.changed", "status.report"])
    #expect(await harness.houston.appliedKeys == report.delivered.map(\.id))
    #expect(await harness.houston.batchRequests.count == 1)
    #expect(await harness.houston.reportRequests.count == 3)

    _ = try await client.restock("water", quantity: 1)
    _ = try await client.sync()
    #expect(await harness.houston.batchRequests.count == 1)
    #expect(await harness.houston.reportRequests.count == 4)
  }
}
