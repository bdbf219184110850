import CosmonautServiceInterface
import Foundation
import MissionControlInterface
import Network
import Testing
import TsUPMissionControl

/// Delivery to TsUP: exactly once through faults, refusals set aside, errors that name TsUP.
@Suite struct DeliveryTests {
  @Test func aLostAnswerIsRetriedAndTheMessageAppliedExactlyOnce() async throws {
    let harness = try Harness()
    let client = try harness.makeClient()
    _ = try await client.consume("water", quantity: 1)
    await harness.tsup.setScript([.status(503), .applyThenStatus(503), .normal, .applyThenStatus(502)])
    let report = try await client.sync()
    #expect(report.delivered.map(\.kind) == ["supplies.changed", "status.report"])
    #expect(report.pending.isEmpty)
    let applied = await harness.tsup.appliedKeys
    #expect(applied == report.delivered.map(\.id), "each applied once, in order")
    #expect(await harness.tsup.telemetry.count == 5)
    #expect(try await client.sync().delivered.isEmpty)
  }

  @Test func aRefusedMessageIsSetAsideAndTheRestGoOn() async throws {
    let harness = try Harness()
    let client = try harness.makeClient()
    await harness.tsup.refuse(type: "consumables.movement")
    _ = try await client.consume("water", quantity: 1)
    _ = try await client.updateProfile(ProfileUpdate(name: "Yuri"))
    let report = try await client.sync()
    #expect(report.delivered.map(\.kind) == ["profile.updated", "status.report"])
    #expect(report.setAside.map(\.kind) == ["supplies.changed"])
    let reason = try #require(report.setAside.first?.lastError)
    #expect(reason.contains("TsUP refused it (HTTP 422)"), "\(reason)")
    #expect(try await client.syncStatus() == SyncStatus(pending: 0, setAside: 1, isConfigured: true))

    let key = try #require(report.setAside.first?.id)
    #expect(try await client.retrySetAside(String(key.prefix(8))).id == key)
    #expect(try await client.setAsideReports().isEmpty)
    _ = try await client.sync()
    #expect(try await client.setAsideReports().map(\.id) == [key], "refused again")
    #expect(try await client.discardSetAside(key).id == key)
    #expect(try await client.syncStatus() == SyncStatus(pending: 0, setAside: 0, isConfigured: true))
    await #expect(throws: CosmonautServiceError.self) { try await client.discardSetAside(key) }
  }

  @Test func aRefusedTokenNamesTsUPAndKeepsEverything() async throws {
    let harness = try Harness()
    let client = try harness.makeClient()
    _ = try await client.consume("water", quantity: 1)
    await harness.tsup.setAlwaysStatus(401)
    await #expect(throws: CosmonautServiceError.refusedToken(.tsup, status: 401)) { try await client.sync() }
    #expect(try await client.pendingSync().pending.count == 2)
    #expect(CosmonautServiceError.refusedToken(.tsup, status: 401).userMessage.hasPrefix("TsUP refused the token"))
  }

  @Test func offlineTheChangesWaitAndSyncSaysTsUPIsNotConfigured() async throws {
    let harness = try Harness()
    let client = try harness.makeClient(configured: false)
    _ = try await client.consume("water", quantity: 1)
    let error = await #expect(throws: CosmonautServiceError.notConfigured(.tsup)) { try await client.sync() }
    #expect(error?.kind == .unavailable)
    #expect(error?.userMessage.hasPrefix("TsUP is not configured") == true)
    #expect(try await client.pendingSync().pending.map(\.kind) == ["supplies.changed", "status.report"])
  }

  @Test func aServerThatIsNotTsUPEmptiesNothing() async throws {
    let harness = try Harness()
    let client = try harness.makeClient(retry: .none)
    _ = try await client.consume("water", quantity: 1)
    await harness.tsup.setEcho(true)
    let error = await #expect(throws: CosmonautServiceError.self) { try await client.sync() }
    guard case .invalidResponse(let center, _) = error else {
      Issue.record("expected invalidResponse, got \(String(describing: error))")
      return
    }
    #expect(center == .tsup)
    #expect(try await client.pendingSync().pending.count == 2)
  }

  @Test func tsupsWordsNeverCarryTheProfileIntoLogsOrAnalytics() async throws {
    let harness = try Harness()
    let client = try harness.makeClient(retry: .none)
    _ = try await client.updateProfile(ProfileUpdate(name: "Yuri Gagarin", mission: "Vostok 1"))
    await harness.tsup.setAlwaysStatus(500, body: #"{"error":"cannot file Yuri Gagarin of Vostok 1"}"#)
    await #expect(throws: CosmonautServiceError.self) { try await client.sync() }
    let written = harness.logs.messages.joined(separator: "\n") + "\(harness.analytics.events)"
    #expect(!written.contains("Gagarin") && !written.contains("Vostok"), "\(written)")
    #expect(written.contains("[personal data]"))
  }

  @Test func backgroundSyncDeliversAndReportsTheCounts() async throws {
    let harness = try Harness()
    let client = try harness.makeClient()
    _ = try await client.consume("water", quantity: 1)
    let (statuses, continuation) = AsyncStream.makeStream(of: SyncStatus.self)
    let sync = client.startBackgroundSync(every: .seconds(3600)) { continuation.yield($0) }
    var rounds = statuses.makeAsyncIterator()
    let first = await rounds.next()
    await sync.stop()
    #expect(first == SyncStatus(pending: 0, setAside: 0, isConfigured: true, lastDelivered: 2))
    #expect(await harness.tsup.appliedKeys.count == 2)
  }

  @Test func withABatchEndpointMessagesGoOutSixtyFourPerRequestFiledByType() async throws {
    let harness = try Harness()
    await harness.tsup.setBatches(true)
    let client = try harness.makeClient(retry: .none)
    for _ in 0..<70 { _ = try await client.restock("water", quantity: 1) }
    let pending = try await client.pendingSync().pending
    let report = try await client.sync()
    #expect(report.delivered.dropLast().map(\.id) == pending.map(\.id))
    #expect(report.delivered.last?.kind == "status.report", "queued by the sync, after the others")
    #expect(await harness.tsup.appliedKeys == report.delivered.map(\.id), "each applied once, in order")
    let batches = await harness.tsup.batchRequests
    #expect(batches.count == 2)
    #expect(await harness.tsup.telemetry.isEmpty)
    let first = try #require(batches.first?.json?["messages"] as? [[String: Any]])
    #expect(first.count == 64)
    let header = try #require(first.first?["header"] as? [String: Any])
    #expect(header["key"] as? String == pending.first?.id)
    #expect(header["type"] as? String == "consumables.movement")
    #expect((header["composed"] as? String)?.hasSuffix("+03:00") == true)
  }

  @Test func aRefusalInABatchIsSetAsideAndALostAnswerAppliesNothingTwice() async throws {
    let harness = try Harness()
    await harness.tsup.setBatches(true)
    await harness.tsup.refuse(type: "crew.record")
    let client = try harness.makeClient(retry: .none)
    _ = try await client.consume("water", quantity: 1)
    _ = try await client.updateProfile(ProfileUpdate(name: "Yuri"))
    await harness.tsup.setScript([.applyThenStatus(503)])
    await #expect(throws: CosmonautServiceError.self) { try await client.sync() }
    let report = try await client.sync()
    #expect(report.delivered.map(\.kind) == ["supplies.changed", "status.report"])
    #expect(report.setAside.map(\.kind) == ["profile.updated"])
    #expect(report.setAside.first?.lastError?.contains("TsUP refused it (HTTP 422)") == true)
    #expect(await harness.tsup.appliedKeys == report.delivered.map(\.id))
  }

  @Test func aTsUPWithoutBatchesIsAskedOnceThenGetsOneMessagePerRequest() async throws {
    let harness = try Harness()
    let client = try harness.makeClient(retry: .none)
    _ = try await client.consume("water", quantity: 1)
    _ = try await client.consume("food", quantity: 1)
    #expect(try await client.sync().delivered.count == 3)
    _ = try await client.consume("water", quantity: 1)
    #expect(try await client.sync().delivered.count == 1)
    #expect(await harness.tsup.batchRequests.count == 1)
    #expect(await harness.tsup.telemetry.count == 4)
  }
}
