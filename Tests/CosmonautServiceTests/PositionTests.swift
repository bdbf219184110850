import Foundation
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
    #expect(try await client.stationPosition() == PositionReading(position: .sample, isLive: false))
    #expect(harness.recordedErrors.contains { $0.properties["operation"] == "stationPosition" })

    let offline = try harness.makeClient(houstonConfigured: false)
    #expect(try await offline.stationPosition() == PositionReading(position: .sample, isLive: false))
  }

  @Test func noPositionYetWhenNothingWasEverReceived() async throws {
    let harness = try Harness()
    let offline = try harness.makeClient(houstonConfigured: false)
    let error = await #expect(throws: CosmonautServiceError.noPositionYet) { try await offline.stationPosition() }
    #expect(error?.kind == .unavailable)
    await harness.houston.setAlwaysFail(.timeout)
    await #expect(throws: CosmonautServiceError.noPositionYet) {
      try await harness.makeClient(retry: .none).stationPosition()
    }
    #expect(harness.recordedErrors.last?.properties["kind"] == "unavailable")
  }

  @Test func undecodablePositionIsSurfacedWithItsKeyPath() async throws {
    let body =
      #"{"latitude":"north","longitude":-12.3,"altitudeKm":420.1,"speedKmPerSecond":7.66,"timestamp":"2026-11-22T05:00:00Z"}"#
    let harness = try Harness(houston: FakeHouston(positionBody: body))
    let client = try harness.makeClient()
    let error = await #expect(throws: CosmonautServiceError.self) { try await client.stationPosition() }
    guard case .invalidResponse(let reason) = error else {
      Issue.record("expected invalidResponse, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("latitude"))
    #expect(error?.kind == .internal)
    #expect(harness.recordedErrors.last?.properties["message"]?.contains("latitude") == true)
  }
}
