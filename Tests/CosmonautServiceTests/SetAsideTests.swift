import CosmonautServiceInterface
import Foundation
import MissionControlInterface
import Network
import Testing

@testable import CosmonautService

/// A report Houston refuses for good is set aside with its reason; the rest are delivered.
@Suite struct SetAsideTests {
  /// Three changes queued; Houston refuses the second for good (a 4xx with its JSON explanation).
  func refusedSecond(_ status: Int) async throws -> (Harness, TestClient, [QueuedReport], SyncReport) {
    let harness = try Harness()
    let client = try harness.makeClient(retry: .none)
    try #require(try await client.enqueueStatusReportIfDue() != nil)
    _ = try await client.consume("water", quantity: 1)
    _ = try await client.restock("food", quantity: 2)
    let queued = try await client.pendingSync().pending
    await harness.houston.setScript([
      .normal, .status(status, body: #"{"error":"quantityAfter must not exceed the storage capacity"}"#),
    ])
    let report = try await client.sync()
    return (harness, client, queued, report)
  }

  @Test func aRefusalIsKeptInNoLanguageAndShownInRussian() async throws {
    let (_, client, _, report) = try await refusedSecond(422)
    let kept = try #require(try await client.setAsideReports().first)
    #expect(kept.lastReason?.code == "refused")
    #expect(kept.lastReason?.values["status"] == "422")
    #expect(kept.lastError == "Houston refused it (HTTP 422): quantityAfter must not exceed the storage capacity")
    let russian = try #require(kept.lastErrorText).resolved(in: .russian)
    #expect(russian.hasPrefix("Хьюстон отказал в приёме (HTTP 422): "), "\(russian)")
    #expect(report.setAside.first?.lastReason == kept.lastReason)
  }

  @Test func aFailedAttemptKeepsItsReasonInNoLanguage() async throws {
    let harness = try Harness()
    let client = try harness.makeClient(retry: .none)
    _ = try await client.consume("water", quantity: 1)
    await harness.houston.setAlwaysFail(.unreachable("connection refused"))
    await #expect(throws: CosmonautServiceError.self) { try await client.sync() }
    let waiting = try await client.pendingSync()
    #expect(waiting.pending.first?.lastReason?.code == "unreachable")
    #expect(waiting.lastError == "server unreachable: connection refused")
    #expect(waiting.lastErrorText?.resolved(in: .russian) == "сервер недоступен: connection refused")
  }

  @Test(arguments: [400, 409 + 13, 413, 400 + 10])
  func aPermanentRefusalIsSetAsideAndTheRestDelivered(status: Int) async throws {
    let (harness, client, queued, report) = try await refusedSecond(status)
    #expect(report.delivered.map(\.id) == [queued[0].id, queued[2].id])
    #expect(report.pending.isEmpty)
    #expect(report.setAside.map(\.id) == [queued[1].id])
    #expect(report.setAside.first?.lastError?.contains("HTTP \(status)") == true)
    #expect(report.setAside.first?.lastError?.contains("storage capacity") == true)
    #expect(report.failure == nil)
    #expect(await harness.houston.appliedKeys == [queued[0].id, queued[2].id])
    let listed = try await client.setAsideReports()
    #expect(listed.map(\.id) == [queued[1].id])
    #expect(try await client.pendingSync().setAside.map(\.id) == [queued[1].id])
    #expect(try await client.syncStatus() == SyncStatus(pending: 0, setAside: 1, isConfigured: true))
  }

  @Test func aSetAsideReportCanBeRetriedByItsKeyPrefixAndIsThenDelivered() async throws {
    let (harness, client, queued, _) = try await refusedSecond(422)
    _ = try await client.consume("water", quantity: 1)
    let retried = try await client.retrySetAside(String(queued[1].id.prefix(8)))
    #expect(retried.id == queued[1].id)
    #expect(retried.lastError == nil)
    let pending = try await client.pendingSync().pending
    #expect(pending.first?.id == queued[1].id, "back at its original place, before newer reports")
    #expect(try await client.setAsideReports().isEmpty)
    let report = try await client.sync()
    #expect(report.delivered.first?.id == queued[1].id)
    #expect(await harness.houston.appliedKeys.contains(queued[1].id))
  }

  @Test func aSetAsideReportCanBeDiscarded() async throws {
    let (harness, client, queued, _) = try await refusedSecond(422)
    let discarded = try await client.discardSetAside(queued[1].id.uppercased())
    #expect(discarded.id == queued[1].id)
    #expect(try await client.setAsideReports().isEmpty)
    #expect(try await client.sync().delivered.isEmpty)
    #expect(await !harness.houston.appliedKeys.contains(queued[1].id))
  }

  @Test func anUnknownOrAmbiguousKeyIsBadUsage() async throws {
    // The harness is kept to the end: dropping it deletes the store's files under the client.
    let (harness, client, _, _) = try await refusedSecond(422)
    let unknown = await #expect(throws: CosmonautServiceError.self) { try await client.retrySetAside("nope") }
    #expect(unknown?.kind == .usage)
    #expect(unknown?.userMessage.contains("\"nope\"") == true)
    await #expect(throws: CosmonautServiceError.self) { try await client.discardSetAside("") }
    withExtendedLifetime(harness) {}
  }

  @Test(arguments: [401, 403, 404, 405, 408, 409, 429])
  func refusalsOfTheConnectionOrTheMomentStayPending(status: Int) async throws {
    let (_, client, queued, report) = try await refusedSecond(status)
    #expect(report.setAside.isEmpty)
    #expect(report.delivered.map(\.id) == [queued[0].id])
    #expect(report.pending.map(\.id) == [queued[1].id, queued[2].id])
    #expect(report.failure != nil)
    #expect(try await client.setAsideReports().isEmpty)
  }

  @Test func aFourHundredThatIsNotHoustonsJSONIsNotAPermanentRefusal() async throws {
    let harness = try Harness()
    let client = try harness.makeClient(retry: .none)
    _ = try await client.consume("water", quantity: 1)
    await harness.houston.setAlwaysStatus(400, body: "<html><h1>400 Bad Request</h1>nginx</html>")
    let error = await #expect(throws: CosmonautServiceError.self) { try await client.sync() }
    #expect(error?.userMessage.hasPrefix("Houston answered 400") == true)
    #expect(try await client.setAsideReports().isEmpty)
    #expect(try await client.pendingSync().pending.count == 2)
  }
}
