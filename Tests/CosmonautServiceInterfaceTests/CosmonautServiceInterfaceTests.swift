import Foundation
import Localization
import MissionControlInterface
import Secrets
import Testing

@testable import CosmonautServiceInterface

/// The rules every implementation applies, so a profile or a stock count means the same whichever
/// mission control the app reports to.
@Suite struct ModelRuleTests {
  @Test func aProfileUpdateIsTrimmedAndValidated() throws {
    let profile = try CosmonautProfile.empty.applying(ProfileUpdate(name: "  Yuri ", mission: "Vostok 1"))
    #expect(profile == CosmonautProfile(name: "Yuri", mission: "Vostok 1"))
    #expect(ProfileUpdate(name: "a", role: "b").fieldNames == ["name", "role"])
    for bad in [
      ProfileUpdate(), ProfileUpdate(name: " "), ProfileUpdate(agency: String(repeating: "x", count: 81)),
      ProfileUpdate(role: "line\nbreak"),
    ] {
      #expect(throws: CosmonautServiceError.self) { try CosmonautProfile.sample.applying(bad) }
    }
  }

  @Test func stockNeverGoesBelowZeroNorOverflowsAndARefusalChangesNothing() throws {
    var items = SupplyItem.defaultInventory
    let (item, change) = try SupplyItem.apply(.consume, " Water ", quantity: 400, to: &items)
    #expect(
      item.quantity == 0
        && change == SupplyChange(itemID: "water", action: .consume, quantity: 400, quantityAfter: 0, unit: "L"))
    let before = items
    #expect(throws: CosmonautServiceError.insufficientStock(item: "water", requested: 1, available: 0, unit: "L")) {
      try SupplyItem.apply(.consume, "water", quantity: 1, to: &items)
    }
    #expect(throws: CosmonautServiceError.stockOverflow(item: "food")) {
      try SupplyItem.apply(.restock, "food", quantity: Int.max, to: &items)
    }
    #expect(throws: CosmonautServiceError.invalidQuantity(-1)) {
      try SupplyItem.apply(.restock, "food", quantity: -1, to: &items)
    }
    #expect(items == before)
  }

  @Test func theStatusReportIsDueAfterItsIntervalOrWhenTheClockWentBack() {
    let start = Date(timeIntervalSince1970: 1000)
    #expect(StatusReportSchedule.isDue(lastQueuedAt: nil, now: start, interval: .seconds(900)))
    #expect(!StatusReportSchedule.isDue(lastQueuedAt: start, now: start + 899, interval: .seconds(900)))
    #expect(StatusReportSchedule.isDue(lastQueuedAt: start, now: start + 900, interval: .seconds(900)))
    #expect(StatusReportSchedule.isDue(lastQueuedAt: start, now: start - 1, interval: .seconds(900)))
  }

  @Test func personalDataIsRedactedInAnyCase() {
    let personal = PersonalData(CosmonautProfile(name: "Yuri Gagarin", agency: "Roscosmos"))
    #expect(personal.redact("refused YURI gagarin of roscosmos") == "refused [personal data] of [personal data]")
    #expect(PersonalData.none.redact("Yuri") == "Yuri")
  }
}

/// Messages that name the centre they concern, and the JSON forms scripts read.
@Suite struct MessageTests {
  /// A centre as a flavour declares it (the tests declare their own).
  static func center(_ id: String, _ name: String, clock: DisplayClock = .utc) -> ControlCenter {
    ControlCenter(
      id: id, name: name, localizedName: .verbatim(name), clock: clock,
      secrets: Secrets(entries: [:], isDevelopment: true, centres: [id]))
  }

  static let houston = center("houston", "Houston")
  static let tsup = center("tsup", "TsUP", clock: .moscow)

  @Test func errorsNameTheCentreTheyConcern() {
    #expect(
      CosmonautServiceError.unreachable(Self.tsup, reason: .verbatim("refused")).userMessage.hasPrefix(
        "cannot reach TsUP (refused)"))
    #expect(CosmonautServiceError.notConfigured(Self.houston).userMessage.hasPrefix("Houston is not configured"))
    #expect(
      CosmonautServiceError.answeredError(Self.tsup, status: 404, reason: "").userMessage.contains(
        "TsUP URL points to TsUP"))
    #expect(
      CosmonautServiceError.unreachable(Self.tsup, reason: .verbatim("x"))
        != .unreachable(Self.houston, reason: .verbatim("x")))
    #expect(CosmonautServiceError.diskFull(.verbatim("disk full")).kind == .io)
  }

  /// What a centre did, as the service says it in the centre's name.
  @Test func aMissionControlFailureBecomesTheServicesErrorInTheCentresName() {
    let reason = LocalizedText.verbatim("connection refused")
    #expect(CosmonautServiceError(.notConfigured, center: Self.tsup) == .notConfigured(Self.tsup))
    #expect(
      CosmonautServiceError(.unreachable(reason: reason), center: Self.tsup) == .unreachable(Self.tsup, reason: reason))
    #expect(CosmonautServiceError(.noAnswer(reason: reason), center: Self.tsup) == .noAnswer(from: Self.tsup))
    #expect(
      CosmonautServiceError(.refusedToken(status: 403, reason: reason), center: Self.tsup)
        == .refusedToken(Self.tsup, status: 403))
    #expect(
      CosmonautServiceError(.answered(status: 500, body: "boom", reason: reason), center: Self.tsup)
        == .answeredError(Self.tsup, status: 500, reason: "boom"))
    #expect(
      CosmonautServiceError(.invalidAnswer(reason: reason), center: Self.tsup)
        == .invalidResponse(Self.tsup, reason: reason))
    #expect(CosmonautServiceError(.failed(reason: reason), center: Self.tsup) == .storage(reason))
    let lookup = CosmonautServiceError(ReportLookupError(reason: .verbatim("no report has the key \"x\"")))
    #expect(lookup == .noSuchSetAsideReport(.verbatim("no report has the key \"x\"")) && lookup.kind == .usage)
  }

  @Test func aReportIsQueuedUnderItsKind() {
    #expect(CosmonautReport.profileUpdated(.sample).kind == QueuedReport.profileUpdatedKind)
    let change = SupplyChange(itemID: "water", action: .consume, quantity: 1, quantityAfter: 399, unit: "L")
    #expect(CosmonautReport.suppliesChanged(change).kind == "supplies.changed")
    #expect(CosmonautReport.statusReport(profile: .sample, supplies: []).kind == "status.report")
  }

  @Test func aSyncReportKeepsItsJSONKeysAndLeavesTheErrorOut() throws {
    let report = SyncReport(
      delivered: [], pending: [], isConfigured: true, lastError: .verbatim("x"),
      failure: .unreachable(Self.tsup, reason: .verbatim("x")))
    let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any]
    #expect(Set(object?.keys ?? [:].keys) == ["delivered", "pending", "setAside", "houstonConfigured", "lastError"])
  }

  @Test func aStatusAndAReportWriteTheirReasonInEnglishInEveryLanguage() throws {
    let table = StringTable(
      module: "Tests",
      texts: [.english: ["timeout": "request timed out"], .russian: ["timeout": "время ожидания истекло"]])
    let reason = LocalizedText("timeout", in: table)
    let status = SyncStatus(pending: 1, setAside: 0, isConfigured: true, lastError: reason)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(status), as: UTF8.self)
        == #"{"houstonConfigured":true,"lastDelivered":0,"lastError":"request timed out","pending":1,"setAside":0}"#)
    let back = try JSONDecoder().decode(SyncStatus.self, from: try encoder.encode(status))
    #expect(back.lastError == "request timed out" && back.isConfigured)
    let report = SyncReport(delivered: [], pending: [], isConfigured: false, lastError: reason)
    let json = String(decoding: try encoder.encode(report), as: UTF8.self)
    #expect(json.contains(#""lastError":"request timed out""#) && json.contains(#""houstonConfigured":false"#))
    #expect(try JSONDecoder().decode(SyncReport.self, from: Data(json.utf8)).isConfigured == false)
  }
}
