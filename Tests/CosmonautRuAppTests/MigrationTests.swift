import CosmonautServiceInterface
import Foundation
import MissionControlInterface
import Persistence
import Synchronization
import Testing
import TsUPMissionControl

/// The one document the TsUP client of earlier versions kept (`tsup.crew`, key `record`) and
/// rewrote with each change, as it wrote it.
struct CrewRecord: Codable, Equatable {
  var profile: CosmonautProfile
  var inventory: [SupplyItem]
  var lastOrbit: StationPosition?
  var lastStatusSummary: Date?
}

/// A clock the test moves by hand.
private final class Clock: Sendable {
  private let current = Mutex(testNow)
  var now: Date { current.withLock { $0 } }
  func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

/// A store written by an earlier `cosmonaut-ru` is read as it was, moved to the client's layout on
/// the first change, and what it had queued is still delivered.
@Suite struct MigrationTests {
  static let profile = CosmonautProfile(name: "Yuri Gagarin", agency: "Roscosmos", role: "Pilot", mission: "Vostok 1")
  static let orbit = StationPosition(
    latitude: 51.6, longitude: -12.3, altitudeKm: 420.1, speedKmPerSecond: 7.66, timestamp: testNow - 600)

  /// The record and two reports the earlier client had queued (a movement, a crew record), the
  /// last status summary 100 s before the tests' clock.
  static func writeEarlierVersion(to store: EntityStore) throws -> CrewRecord {
    let inventory = SupplyItem.defaultInventory.map { item in
      var item = item
      if item.id == "water" { item.quantity = 350 }
      return item
    }
    let record = CrewRecord(
      profile: profile, inventory: inventory, lastOrbit: orbit, lastStatusSummary: testNow - 100)
    let dialect = CosmonautDialect.tsup
    let change = SupplyChange(itemID: "water", action: .consume, quantity: 50, quantityAfter: 350, unit: "L")
    let outbox = Outbox<TsUPWire.Body>(store: store, name: "tsup")
    try store.transaction { transaction in
      try transaction.put(record, key: "record", in: "tsup.crew")
      try outbox.enqueue(
        QueuedReport.suppliesChangedKind, dialect.payload(.suppliesChanged(change)), createdAt: testNow - 300,
        in: transaction)
      try outbox.enqueue(
        QueuedReport.profileUpdatedKind, dialect.payload(.profileUpdated(profile)), createdAt: testNow - 200,
        in: transaction)
    }
    return record
  }

  @Test func anEarlierRecordReadsTheSameAndMovesOnTheFirstChange() async throws {
    let harness = try Harness()
    let store = try harness.makeStore()
    let record = try Self.writeEarlierVersion(to: store)
    let clock = Clock()
    let client = try harness.makeClient(store: store, configured: false, now: { clock.now })

    #expect(try await client.profile() == Self.profile)
    #expect(try await client.supplies() == record.inventory)
    #expect(try await client.lastKnownPosition() == PositionReading(position: Self.orbit, isLive: false))
    #expect(try await client.syncStatus() == SyncStatus(pending: 2, setAside: 0, isConfigured: false))
    #expect(try store.get(CrewRecord.self, key: "record", in: "tsup.crew") == record, "reading moves nothing")

    #expect(try await client.consume("water", quantity: 1).quantity == 349)
    #expect(try store.get(CrewRecord.self, key: "record", in: "tsup.crew") == nil, "moved by the first change")
    #expect(try store.get(CosmonautProfile.self, key: "current", in: "tsup.profile") == Self.profile)
    #expect(
      try store.get([SupplyItem].self, key: "inventory", in: "tsup.supplies")?.first { $0.id == "water" }?.quantity
        == 349)
    #expect(try store.get(StationPosition.self, key: "station.position", in: "tsup.meta") == Self.orbit)

    let reopened = try harness.makeClient(configured: false, now: { clock.now })
    #expect(try await reopened.profile() == Self.profile)
    #expect(try await reopened.lastKnownPosition()?.position == Self.orbit)
    #expect(try await reopened.supplies().first { $0.id == "water" }?.quantity == 349)
    // The last status summary moved too: the next is due 900 s after it, not at once.
    #expect(try await reopened.enqueueStatusReportIfDue() == nil)
    clock.advance(by: 800)
    #expect(try await reopened.enqueueStatusReportIfDue()?.kind == QueuedReport.statusReportKind)
  }

  @Test func whatTheEarlierVersionQueuedIsDeliveredFirstInTsUPsWords() async throws {
    let harness = try Harness()
    let store = try harness.makeStore()
    _ = try Self.writeEarlierVersion(to: store)
    let client = try harness.makeClient(store: store, retry: .none)
    let queued = try await client.pendingSync().pending
    #expect(queued.map(\.kind) == [QueuedReport.suppliesChangedKind, QueuedReport.profileUpdatedKind])
    _ = try await client.restock("food", quantity: 1)

    let report = try await client.sync()
    #expect(report.delivered.map(\.kind) == ["supplies.changed", "profile.updated", "supplies.changed"])
    #expect(Array(report.delivered.prefix(2)).map(\.id) == queued.map(\.id))
    #expect(report.pending.isEmpty && report.setAside.isEmpty)
    #expect(await harness.tsup.appliedKeys == report.delivered.map(\.id))
    let types = await harness.tsup.telemetry.map { ($0.json?["header"] as? [String: Any])?["type"] as? String }
    #expect(types == ["consumables.movement", "crew.record", "consumables.movement"])
    let movement = try #require(
      (await harness.tsup.telemetry.first?.json?["body"] as? [String: Any])?["movement"] as? [String: Any])
    #expect(movement["remaining"] as? Int == 350 && movement["amount"] as? Int == 50)
    #expect(try await client.supplies().first { $0.id == "food" }?.quantity == 181)
  }
}
