import CosmonautServiceInterface
import Foundation
import MissionControlInterface
import Testing
import TsUPMissionControl

/// TsUP's dialect on the wire: its paths, payload shapes, SI units and Moscow time.
@Suite struct WireTests {
  @Test func reportsAreTelemetryMessagesFiledByTypeInMoscowTime() async throws {
    let harness = try Harness()
    let client = try harness.makeClient()
    _ = try await client.sync()  // the first status summary goes out on its own
    _ = try await client.updateProfile(ProfileUpdate(name: "Yuri Gagarin", role: "Commander"))
    _ = try await client.consume("water", quantity: 3)
    _ = try await client.restock("food", quantity: 5)
    let report = try await client.sync()
    #expect(report.delivered.map(\.kind) == ["profile.updated", "supplies.changed", "supplies.changed"])

    let messages = await harness.tsup.telemetry
    #expect(messages.count == 4)
    for message in messages {
      let header = try #require(message.json?["header"] as? [String: Any])
      #expect(header["key"] as? String == message.header("Idempotency-Key"))
      #expect(header["composed"] as? String == "2026-11-22T08:00:00+03:00", "Moscow time, not UTC")
      #expect(message.header("Authorization") == "Bearer tsup-token")
    }
    let types = messages.map { ($0.json?["header"] as? [String: Any])?["type"] as? String }
    #expect(types == ["status.summary", "crew.record", "consumables.movement", "consumables.movement"])

    let summary = try #require(messages[0].json?["body"] as? [String: Any])
    #expect((summary["consumables"] as? [Any])?.count == SupplyItem.defaultInventory.count)
    let crew = try #require((messages[1].json?["body"] as? [String: Any])?["crew_member"] as? [String: Any])
    #expect(crew["full_name"] as? String == "Yuri Gagarin")
    #expect(crew["position"] as? String == "Commander")
    let taken = try #require((messages[2].json?["body"] as? [String: Any])?["movement"] as? [String: Any])
    #expect(taken["operation"] as? String == "expenditure")
    #expect(taken["amount"] as? Int == 3)
    #expect(taken["remaining"] as? Int == 397)
    #expect(taken["unit"] as? String == "L")
    let added = try #require((messages[3].json?["body"] as? [String: Any])?["movement"] as? [String: Any])
    #expect(added["operation"] as? String == "replenishment")
    #expect(await harness.tsup.requests.allSatisfy { $0.path.hasPrefix("/api/v2/") }, "never Houston's paths")
  }

  @Test func theOrbitInMetresAndMoscowTimeBecomesThePositionInKilometresAndUTC() async throws {
    let harness = try Harness()
    let client = try harness.makeClient()
    let reading = try await client.stationPosition()
    #expect(reading.isLive)
    #expect(reading.position.altitudeKm == 420.1)
    #expect(reading.position.speedKmPerSecond == 7.66)
    #expect(reading.position.latitude == 51.6 && reading.position.longitude == -12.3)
    #expect(reading.position.timestamp == testNow, "08:00 in Moscow is 05:00 UTC")
    #expect(try await client.lastKnownPosition() == PositionReading(position: reading.position, isLive: false))
  }

  @Test(arguments: [
    #"{"orbit":{"latitude_deg":95,"longitude_deg":0,"altitude_m":420000,"velocity_m_s":7660},"epoch":"2026-11-22T08:00:00+03:00"}"#,
    #"{"orbit":{"latitude_deg":51,"longitude_deg":0,"altitude_m":420000,"velocity_m_s":7660},"epoch":"yesterday"}"#,
    #"{"latitude":51.6,"longitude":-12.3,"altitudeKm":420.1,"speedKmPerSecond":7.66,"timestamp":"2026-11-22T05:00:00Z"}"#,
  ])
  func anOrbitThatIsNotTsUPsFallsBackToTheOneKept(_ body: String) async throws {
    let harness = try Harness()
    let client = try harness.makeClient(retry: .none)
    let kept = try await client.stationPosition()
    await harness.tsup.setOrbitBody(body)
    let reading = try await client.stationPosition()
    #expect(!reading.isLive)
    #expect(reading.position == kept.position)
    #expect(
      reading.offlineReason?.description.contains("is not TsUP") == true, "\(reading.offlineReason?.description ?? "")")
    #expect(harness.recordedErrors.count == 1)
  }

  @Test func withoutAnOrbitEverReceivedThereIsNoPosition() async throws {
    let harness = try Harness(tsup: FakeTsUP(orbitBody: nil))
    let client = try harness.makeClient(retry: .none)
    await #expect(throws: CosmonautServiceError.noPositionYet(.tsup)) { try await client.stationPosition() }
    let offline = try harness.makeClient(configured: false)
    await #expect(throws: CosmonautServiceError.noPositionYet(.tsup)) { try await offline.stationPosition() }
  }
}
