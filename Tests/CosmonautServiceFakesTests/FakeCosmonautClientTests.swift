import CosmonautServiceFakes
import CosmonautServiceInterface
import Foundation
import Localization
import MissionControlInterface
import Testing

@Suite struct FakeCosmonautClientTests {
  @Test func startsWithSampleDataAndAppliesTheSameRules() async throws {
    let fake = FakeCosmonautClient()
    #expect(try await fake.profile() == .sample)
    #expect(try await fake.supplies() == SupplyItem.defaultInventory)
    #expect(try await fake.consume("WATER", quantity: 10).quantity == 390)
    #expect(try await fake.restock("food", quantity: 1).quantity == 181)
    await #expect(
      throws: CosmonautServiceError.insufficientStock(item: "oxygen", requested: 25, available: 24, unit: "canisters")
    ) {
      try await fake.consume("oxygen", quantity: 25)
    }
    await #expect(throws: CosmonautServiceError.invalidQuantity(0)) { try await fake.consume("oxygen", quantity: 0) }
    await #expect(throws: CosmonautServiceError.unknownItem("gold")) { try await fake.restock("gold", quantity: 1) }
    await #expect(throws: CosmonautServiceError.self) { try await fake.updateProfile(ProfileUpdate(name: " ")) }
    #expect(try await fake.updateProfile(ProfileUpdate(role: " Commander ")).role == "Commander")
    #expect(await fake.outbox.map(\.kind) == ["supplies.changed", "supplies.changed", "profile.updated"])
  }

  @Test func idsAndDatesAreDeterministic() async throws {
    let fake = FakeCosmonautClient()
    _ = try await fake.consume("water", quantity: 1)
    _ = try await fake.consume("water", quantity: 1)
    let outbox = await fake.outbox
    #expect(outbox.map(\.id) == ["00000000-0000-0000-0000-000000000001", "00000000-0000-0000-0000-000000000002"])
    #expect(outbox.allSatisfy { $0.createdAt == StationPosition.sample.timestamp })
  }

  @Test func syncDeliversEverythingOrThrowsLikeTheLiveClient() async throws {
    let fake = FakeCosmonautClient(houstonReachable: false)
    _ = try await fake.consume("water", quantity: 1)
    await #expect(
      throws: CosmonautServiceError.unreachable(fake.controlCenter, reason: .verbatim("fake Houston is unreachable"))
    ) {
      try await fake.sync()
    }
    let waiting = try await fake.pendingSync()
    #expect(waiting.pending.map(\.kind) == ["supplies.changed", "status.report"])
    #expect(waiting.pending.first?.attempts == 1)

    await fake.setHoustonReachable(true)
    let report = try await fake.sync()
    #expect(report.delivered.map(\.kind) == ["supplies.changed", "status.report"])
    #expect(report.delivered.first?.attempts == 2)
    #expect(report.pending.isEmpty)
    #expect(await fake.deliveredHistory.count == 2)
    #expect(try await fake.sync().delivered.isEmpty)

    await fake.setHoustonConfigured(false)
    await #expect(throws: CosmonautServiceError.notConfigured(fake.controlCenter)) { try await fake.sync() }
    #expect(try await fake.pendingSync().isConfigured == false)
  }

  @Test func positionIsLiveOnlyWhileHoustonIsReachable() async throws {
    let fake = FakeCosmonautClient()
    #expect(try await fake.stationPosition() == PositionReading(position: .sample, isLive: true))
    await fake.setHoustonReachable(false)
    #expect(try await fake.stationPosition().isLive == false)
    await fake.setPosition(nil)
    await #expect(throws: CosmonautServiceError.noPositionYet(fake.controlCenter)) { try await fake.stationPosition() }
    let empty = FakeCosmonautClient(position: nil)
    await #expect(throws: CosmonautServiceError.noPositionYet(empty.controlCenter)) {
      try await empty.stationPosition()
    }
  }

  @Test func usableThroughTheProtocol() async throws {
    let client: any CosmonautClient = FakeCosmonautClient(profile: .empty, supplies: [])
    #expect(try await client.profile() == .empty)
    #expect(try await client.supplies().isEmpty)
    await #expect(throws: CosmonautServiceError.unknownItem("water")) { try await client.consume("water", quantity: 1) }
  }

  @Test func runsABackgroundSync() async throws {
    let fake = FakeCosmonautClient()
    _ = try await fake.consume("water", quantity: 1)
    let (statuses, continuation) = AsyncStream.makeStream(of: SyncStatus.self)
    let sync = fake.startBackgroundSync(every: .seconds(3600)) { continuation.yield($0) }
    var rounds = statuses.makeAsyncIterator()
    #expect(await rounds.next()?.pending == 0, "the first round runs at once and delivers everything")
    await sync.stop()
    #expect(await fake.outbox.isEmpty)
  }

  @Test func setsAsideWhatItRefuses() async throws {
    let fake = FakeCosmonautClient()
    await fake.refuse(kind: QueuedReport.suppliesChangedKind, reason: "no")
    _ = try await fake.consume("water", quantity: 1)
    let report = try await fake.sync()
    #expect(report.setAside.map(\.kind) == ["supplies.changed"])
    #expect(report.delivered.map(\.kind) == ["status.report"])
    await fake.refuse(kind: QueuedReport.suppliesChangedKind, reason: nil)
    let key = try #require(report.setAside.first?.id)
    _ = try await fake.retrySetAside(key)
    #expect(try await fake.sync().delivered.map(\.id) == [key])
  }
}
