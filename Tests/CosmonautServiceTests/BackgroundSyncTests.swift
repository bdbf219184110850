import CosmonautServiceInterface
import Foundation
import MissionControlInterface
import Network
import Persistence
import Synchronization
import Testing

@testable import CosmonautService

/// Waits until `condition` holds, for at most a minute of the wall clock: a bound a loaded machine
/// does not reach (the wait ends as soon as the condition holds).
func eventually(_ condition: @Sendable () async throws -> Bool) async rethrows -> Bool {
  let deadline = ContinuousClock.now + .seconds(60)
  while ContinuousClock.now < deadline {
    if try await condition() { return true }
    try? await Task.sleep(for: .milliseconds(25))
  }
  return try await condition()
}

@Suite struct BackgroundSyncTests {
  @Test func theBackgroundSyncDeliversAtOnceAndSoonAfterEachChange() async throws {
    let harness = try Harness()
    let client = try harness.makeClient()
    _ = try await client.consume("water", quantity: 1)
    let statuses = EventRecorder<SyncStatus>()
    let sync = client.startBackgroundSync(every: .seconds(3600), onStatus: statuses.record)
    #expect(await eventually { await harness.houston.appliedKeys.count == 2 }, "status report and the change")
    #expect(await eventually { statuses.values.last?.pending == 0 })

    _ = try await client.restock("food", quantity: 3)
    #expect(await eventually { await harness.houston.appliedKeys.count == 3 }, "delivered without an explicit sync")
    #expect(statuses.values.allSatisfy { $0.isConfigured && $0.lastError == nil })
    await sync.stop()
    #expect(try await client.pendingSync().pending.isEmpty)
  }

  @Test func whileHoustonIsAwayTheStatusCountsWhatWaitsAndSaysWhy() async throws {
    let harness = try Harness()
    let client = try harness.makeClient(retry: .none)
    await harness.houston.setAlwaysFail(.unreachable("connection refused"))
    let statuses = EventRecorder<SyncStatus>()
    let sync = client.startBackgroundSync(every: .seconds(3600), onStatus: statuses.record)
    _ = try await client.consume("water", quantity: 1)
    #expect(await eventually { statuses.values.last?.pending == 2 })
    #expect(statuses.values.last?.lastError?.contains("connection refused") == true)
    await harness.houston.setAlwaysFail(nil)
    sync.nudge()
    #expect(await eventually { statuses.values.last?.pending == 0 && statuses.values.last?.lastError == nil })
    await sync.stop()
  }

  @Test func withoutHoustonTheBackgroundRoundQueuesTheStatusReportAndCounts() async throws {
    let harness = try Harness()
    let client = try harness.makeClient(configured: false)
    let statuses = EventRecorder<SyncStatus>()
    let sync = client.startBackgroundSync(every: .seconds(3600), onStatus: statuses.record)
    #expect(await eventually { statuses.values.last == SyncStatus(pending: 1, setAside: 0, isConfigured: false) })
    await sync.stop()
    #expect(try await client.pendingSync().pending.map(\.kind) == ["status.report"])
  }
}

@Suite struct StoreErrorMappingTests {
  @Test func aFullDiskIsAnIOErrorAndABusyStoreIsUnavailable() {
    let full = CosmonautServiceError(storing: .diskFull(path: "/d/cosmonaut.sqlite"))
    #expect(full.kind == .io)
    #expect(full.userMessage.contains("full"))
    #expect(!full.userMessage.contains("move"))
    let busy = CosmonautServiceError(storing: .busy(path: "/d/cosmonaut.sqlite"))
    #expect(busy.kind == .unavailable)
    #expect(busy.userMessage.contains("try again"))
    let damaged = CosmonautServiceError(storing: .damaged(path: "/d/x", reason: "r"))
    #expect(damaged.kind == .internal)
    #expect(!damaged.userMessage.contains("move"))
  }
}
