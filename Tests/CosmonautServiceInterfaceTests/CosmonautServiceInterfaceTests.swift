import Foundation
import Testing

@testable import CosmonautServiceInterface

/// The rules every implementation applies, so a profile or a stock count means the same whichever
/// mission control the app reports to, and the clocks and messages that name the centre.
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

@Suite struct ControlCenterTests {
  static let moment = Date(timeIntervalSince1970: 1_795_323_600)  // 2026-11-22T05:00:00Z

  @Test func eachCentreShowsTimesOnItsOwnClock() {
    #expect(DisplayClock.utc.format(Self.moment) == "2026-11-22T05:00:00Z")
    #expect(DisplayClock.moscow.format(Self.moment) == "2026-11-22 08:00:00 MSK")
    let late = Self.moment + 19 * 3600  // 00:00 the next day in UTC, 03:00 in Moscow
    #expect(DisplayClock.moscow.format(late) == "2026-11-23 03:00:00 MSK")
  }

  @Test func errorsNameTheCentreTheyConcern() {
    let tsup = ControlCenter(name: "TsUP", setting: "--tsup URL", clock: .moscow)
    let houston = ControlCenter(name: "Houston", setting: "--houston URL", clock: .utc)
    #expect(
      CosmonautServiceError.unreachable(tsup, reason: .verbatim("refused")).userMessage.hasPrefix(
        "cannot reach TsUP (refused)"))
    #expect(CosmonautServiceError.notConfigured(houston).userMessage.hasPrefix("Houston is not configured"))
    #expect(
      CosmonautServiceError.answeredError(tsup, status: 404, reason: "").userMessage.contains("TsUP URL points to TsUP")
    )
    #expect(
      CosmonautServiceError.unreachable(tsup, reason: .verbatim("x")) != .unreachable(houston, reason: .verbatim("x")))
    #expect(CosmonautServiceError.diskFull(.verbatim("disk full")).kind == .io)
  }

  @Test func aSyncReportKeepsItsJSONKeysAndLeavesTheErrorOut() throws {
    let report = SyncReport(
      delivered: [], pending: [], houstonConfigured: true, lastError: .verbatim("x"),
      failure: .unreachable(ControlCenter(name: "TsUP", setting: "", clock: .moscow), reason: .verbatim("x")))
    let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any]
    #expect(Set(object?.keys ?? [:].keys) == ["delivered", "pending", "setAside", "houstonConfigured", "lastError"])
  }
}
