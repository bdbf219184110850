import CosmonautServiceInterface
import Foundation
import MissionControlInterface
import Testing

@testable import TsUPMissionControl

/// 2026-11-22T05:00:00Z (08:00 in Moscow).
private let moment = Date(timeIntervalSince1970: 1_795_323_600)

/// TsUP's dialect on the wire: its paths, payload shapes, SI units and Moscow time.
@Suite struct WireTests {
  static func json(_ value: some Encodable) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any]
    return try #require(object)
  }

  /// The message TsUP gets for `report` queued as `kind` with key `k-1` at `moment`.
  static func message(_ report: CosmonautReport) throws -> [String: Any] {
    let dialect = CosmonautDialect.tsup
    let queued = QueuedReport(id: "k-1", kind: report.kind, createdAt: moment)
    return try json(dialect.body(queued, dialect.payload(report)))
  }

  @Test func reportsAreTelemetryMessagesFiledByTypeInMoscowTime() throws {
    let change = SupplyChange(itemID: "water", action: .consume, quantity: 3, quantityAfter: 397, unit: "L")
    let taken = try Self.message(.suppliesChanged(change))
    let header = try #require(taken["header"] as? [String: Any])
    #expect(header["key"] as? String == "k-1")
    #expect(header["type"] as? String == "consumables.movement")
    #expect(header["composed"] as? String == "2026-11-22T08:00:00+03:00", "Moscow time, not UTC")
    let movement = try #require((taken["body"] as? [String: Any])?["movement"] as? [String: Any])
    #expect(movement["item"] as? String == "water" && movement["operation"] as? String == "expenditure")
    #expect(
      movement["amount"] as? Int == 3 && movement["remaining"] as? Int == 397 && movement["unit"] as? String == "L")
    let restock = SupplyChange(itemID: "food", action: .restock, quantity: 5, quantityAfter: 185, unit: "meals")
    let added = try Self.message(.suppliesChanged(restock))
    #expect(
      ((added["body"] as? [String: Any])?["movement"] as? [String: Any])?["operation"] as? String == "replenishment")

    let profile = CosmonautProfile(name: "Yuri Gagarin", agency: "Roscosmos", role: "Commander", mission: "Vostok 1")
    let crew = try Self.message(.profileUpdated(profile))
    #expect((crew["header"] as? [String: Any])?["type"] as? String == "crew.record")
    let member = try #require((crew["body"] as? [String: Any])?["crew_member"] as? [String: Any])
    #expect(member["full_name"] as? String == "Yuri Gagarin" && member["position"] as? String == "Commander")
    #expect(member["agency"] as? String == "Roscosmos" && member["expedition"] as? String == "Vostok 1")

    var supplies = SupplyItem.defaultInventory
    supplies[0].quantity = 0
    let summary = try Self.message(.statusReport(profile: profile, supplies: supplies))
    #expect((summary["header"] as? [String: Any])?["type"] as? String == "status.summary")
    let body = try #require(summary["body"] as? [String: Any])
    let consumables = try #require(body["consumables"] as? [[String: Any]])
    #expect(consumables.count == SupplyItem.defaultInventory.count)
    #expect(consumables.first?["low"] as? Bool == true && consumables.first?["item"] as? String == supplies[0].id)
    #expect(body["crew_member"] != nil && body["movement"] == nil)
  }

  @Test func anUnknownKindIsFiledUnderItsOwnName() {
    #expect(TsUPWire.type(of: "lab.result") == "lab.result")
  }

  @Test func reportsGoToTsUPsPathsInBatchesOfMessages() {
    let dialect = CosmonautDialect.tsup
    #expect(dialect.center == .tsup && dialect.storeNamespace == "tsup")
    #expect(dialect.reports.path == "/api/v2/telemetry" && dialect.reports.batchPath == "/api/v2/telemetry/batch")
    #expect(dialect.reports.batchSize == 64 && dialect.reports.batchLayout == .bare(list: "messages"))
    #expect(dialect.positionPath == "/api/v2/orbit")
    #expect(dialect.askingForPosition == .contactingOrbit)
    guard case .contacting(let what) = dialect.askingForPosition else {
      Issue.record("contacting")
      return
    }
    #expect(what.description == "the station's orbit")
  }

  @Test func theOrbitInMetresAndMoscowTimeBecomesThePositionInKilometresAndUTC() throws {
    let body = #"""
      {"orbit":{"latitude_deg":51.6,"longitude_deg":-12.3,"altitude_m":420100,"velocity_m_s":7660},
       "epoch":"2026-11-22T08:00:00+03:00"}
      """#
    let orbit = try JSONDecoder().decode(TsUPWire.Orbit.self, from: Data(body.utf8))
    let position = try CosmonautDialect.tsup.position(orbit)
    #expect(position.altitudeKm == 420.1 && position.speedKmPerSecond == 7.66)
    #expect(position.latitude == 51.6 && position.longitude == -12.3)
    #expect(position.timestamp == moment, "08:00 in Moscow is 05:00 UTC")
  }

  @Test(arguments: [
    #"{"orbit":{"latitude_deg":95,"longitude_deg":0,"altitude_m":420000,"velocity_m_s":7660},"epoch":"2026-11-22T08:00:00+03:00"}"#,
    #"{"orbit":{"latitude_deg":51,"longitude_deg":0,"altitude_m":420000,"velocity_m_s":7660},"epoch":"yesterday"}"#,
    #"{"orbit":{"latitude_deg":51,"longitude_deg":0,"altitude_m":420000,"velocity_m_s":7660},"epoch":"2026-11-22T08:00:00.5+03:00"}"#,
    #"{"orbit":{"latitude_deg":51,"longitude_deg":0,"altitude_m":-1,"velocity_m_s":7660},"epoch":"2026-11-22T08:00:00+03:00"}"#,
  ])
  func anOrbitOutOfRangeIsAnInvalidAnswerFromTsUP(_ body: String) throws {
    let orbit = try JSONDecoder().decode(TsUPWire.Orbit.self, from: Data(body.utf8))
    let error = #expect(throws: CosmonautServiceError.self) { try CosmonautDialect.tsup.position(orbit) }
    guard case .invalidResponse(let center, _) = error else {
      Issue.record("expected invalidResponse, got \(String(describing: error))")
      return
    }
    #expect(center == .tsup)
    #expect(error?.userMessage.contains("is not TsUP") == true, "\(error?.userMessage ?? "")")
  }
}
