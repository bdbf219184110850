import CosmonautServiceInterface
import Foundation
import Localization
import MissionControlInterface
import Secrets
import Testing

@testable import HoustonMissionControl

/// Houston as declared once: its id and what follows from it, its tokens, and its dialect's wire.
@Suite struct HoustonMissionControlTests {
  @Test func theCentreIsDeclaredByItsIdAndCarriesItsTokensOnly() {
    let houston = ControlCenter.houston
    #expect(houston.option == "houston")
    #expect(houston.urlVariable == "ISS_HOUSTON_URL")
    #expect(houston.tokenVariable == "ISS_HOUSTON_TOKEN")
    #expect(houston.localizedName.resolved(in: .russian) == "Хьюстон")
    #expect(houston.othersOptions == ["tsup"])
    for stage in Secrets.Stage.allCases { #expect(!houston.builtInToken(for: stage).isEmpty) }
    #expect(houston.secrets.keys.allSatisfy { $0.hasPrefix("houston.") }, "\(houston.secrets.keys)")
    #expect(houston.secrets.keys.count == Secrets.Stage.allCases.count)
  }

  @Test func withoutAnExportTheBuildCarriesTheDevelopmentValues() throws {
    try #require(ControlCenter.houston.secrets.isDevelopment, "this build carries exported secrets")
    #expect(ControlCenter.houston.builtInToken(for: .development) == "iss-dev")
  }

  @Test func aReportGoesToHoustonAsAnEnvelopeWithItsPayload() throws {
    let dialect = CosmonautDialect.houston
    let change = SupplyChange(itemID: "water", action: .consume, quantity: 2, quantityAfter: 398, unit: "L")
    let report = QueuedReport(
      id: "k-1", kind: QueuedReport.suppliesChangedKind, createdAt: Date(timeIntervalSince1970: 1_795_323_600))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    let body = String(decoding: try encoder.encode(dialect.body(report, dialect.payload(.suppliesChanged(change)))), as: UTF8.self)
    #expect(
      body
        == #"{"createdAt":"2026-11-22T05:00:00Z","id":"k-1","kind":"supplies.changed","payload":{"change":{"action":"consume","itemID":"water","quantity":2,"quantityAfter":398,"unit":"L"}}}"#
    )
    #expect(dialect.reports.path == "/v1/reports" && dialect.reports.batchPath == "/v1/reports/batch")
    #expect(dialect.reports.batchLayout == .keyed(list: "reports", key: "key", body: "report"))
  }

  @Test func aStatusReportNamesTheItemsThatRunLow() throws {
    var supplies = SupplyItem.defaultInventory
    supplies[0].quantity = 0
    let payload = CosmonautDialect.houston.payload(.statusReport(profile: .sample, supplies: supplies))
    #expect(payload.lowStock == [supplies[0].id])
    #expect(payload.supplies == supplies && payload.profile == .sample && payload.change == nil)
  }
}
