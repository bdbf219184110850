import CosmonautServiceInterface
import Foundation
import MissionControlInterface
import Network
import Testing

@testable import CosmonautService

@Suite struct PositionTests {
  @Test func positionIsLiveThenCachedWhenHoustonGoesAway() async throws {
    let harness = try Harness(houston: FakeHouston(positionBody: positionJSON))
    let client = try harness.makeClient(retry: .none)
    let live = try await client.stationPosition()
    #expect(live == PositionReading(position: .sample, isLive: true))
    let request = try #require(await harness.houston.requests.last)
    #expect(request.method == "GET")
    #expect(request.path == "/v1/station/position")
    #expect(request.header("Authorization") == "Bearer secret-token")

    await harness.houston.setAlwaysFail(.unreachable("connection refused"))
    let cached = try await client.stationPosition()
    #expect(cached.position == .sample)
    #expect(!cached.isLive)
    #expect(
      cached.offlineReason?.description.contains("cannot reach Houston (server unreachable: connection refused)")
        == true)
    #expect(harness.recordedErrors.contains { $0.properties["operation"] == "stationPosition" })

    let offline = try harness.makeClient(configured: false)
    #expect(try await offline.stationPosition() == PositionReading(position: .sample, isLive: false))
  }

  @Test func noPositionYetWhenNothingWasEverReceived() async throws {
    let harness = try Harness()
    let offline = try harness.makeClient(configured: false)
    let error = await #expect(throws: CosmonautServiceError.noPositionYet(.houston)) {
      try await offline.stationPosition()
    }
    #expect(error?.kind == .unavailable)
    await harness.houston.setAlwaysFail(.timeout)
    await #expect(throws: CosmonautServiceError.noPositionYet(.houston)) {
      try await harness.makeClient(retry: .none).stationPosition()
    }
    #expect(harness.recordedErrors.last?.properties["kind"] == "unavailable")
  }

  @Test func anUnreadablePositionFallsBackLikeAnOfflineHoustonAndNamesTheKeyPath() async throws {
    let body =
      #"{"latitude":"north","longitude":-12.3,"altitudeKm":420.1,"speedKmPerSecond":7.66,"timestamp":"2026-11-22T05:00:00Z"}"#
    let harness = try Harness(houston: FakeHouston(positionBody: positionJSON))
    let client = try harness.makeClient()
    #expect(try await client.stationPosition().isLive)

    await harness.houston.setPositionBody(body)
    let reading = try await client.stationPosition()
    #expect(reading.position == .sample)
    #expect(!reading.isLive)
    #expect(reading.offlineReason?.description.contains("latitude") == true)
    #expect(harness.recordedErrors.last?.properties["message"]?.contains("latitude") == true)
    #expect(harness.recordedErrors.last?.properties["kind"] == "unavailable")

    // Nothing cached yet: the same unavailable error as an offline Houston, not an internal one.
    let fresh = try Harness(houston: FakeHouston(positionBody: body))
    let error = await #expect(throws: CosmonautServiceError.self) { try await fresh.makeClient().stationPosition() }
    #expect(error == .noPositionYet(.houston))
    #expect(error?.kind == .unavailable)
  }

  @Test func aFiveHundredIsHoustonAnsweringNotHoustonUnreachable() async throws {
    let harness = try Harness(houston: FakeHouston(positionBody: positionJSON))
    let client = try harness.makeClient(retry: .none)
    _ = try await client.stationPosition()
    await harness.houston.setScript([.status(500, body: #"{"error":"orbit model crashed"}"#)])
    let reading = try await client.stationPosition()
    #expect(!reading.isLive)
    let reason = try #require(reading.offlineReason?.description)
    #expect(reason.hasPrefix("Houston answered 500"), "\(reason)")
    #expect(!reason.contains("cannot reach"))
  }

  // Houston answers after an hour: only the budget can end the call within the test's time limit, so
  // there is no wall-clock bound for a loaded machine to miss.
  @Test(.timeLimit(.minutes(1)))
  func aSlowHoustonIsGivenUpAfterTheBudgetAndTheLastPositionShownAtOnce() async throws {
    let harness = try Harness(houston: FakeHouston(positionBody: positionJSON))
    #expect(try await harness.makeClient().stationPosition().isLive)
    let client = try harness.makeClient(budget: .init(position: .milliseconds(300), report: .seconds(1)))
    await harness.houston.setDelay(.seconds(3600))
    let events = EventRecorder<MissionControlProgress>()
    let reading = try await client.stationPosition(progress: events.record)
    #expect(!reading.isLive)
    #expect(reading.offlineReason?.description.contains("no answer in time") == true)
    #expect(events.values.first == .contactingStationPosition)
    #expect(events.values.contains { if case .fellBack = $0 { true } else { false } })
  }
}
