import Foundation
import Localization
import Secrets
import Testing

@testable import MissionControlInterface

/// A centre declared once by its id: everything a person types or sets for it follows from the id.
@Suite struct ControlCenterTests {
  static let moment = Date(timeIntervalSince1970: 1_795_323_600)  // 2026-11-22T05:00:00Z

  /// A centre with the tokens `tokens` (key to value), in a build whose schema knows `centres`.
  static func center(
    id: String = "ground", name: String = "Ground", clock: DisplayClock = .utc, tokens: [String: String] = [:],
    centres: [String] = ["ground", "relay"], isDevelopment: Bool = true
  ) -> ControlCenter {
    let entries = tokens.mapValues { value -> MaskedSecret in
      let plain = Array(value.utf8)
      let mask = plain.map { _ in UInt8.random(in: 1...255) }
      return MaskedSecret(masked: zip(plain, mask).map { $0 ^ $1 }, mask: mask)
    }
    let names = StringTable(module: "Tests", texts: [.english: ["name": name], .russian: ["name": "Земля"]])
    return ControlCenter(
      id: id, name: name, localizedName: LocalizedText("name", in: names), clock: clock,
      secrets: Secrets(entries: entries, isDevelopment: isDevelopment, centres: centres))
  }

  @Test func theOptionTheVariablesAndTheSettingFollowFromTheId() {
    let ground = Self.center()
    #expect(ground.option == "ground")
    #expect(ground.environmentPrefix == "ISS_GROUND")
    #expect(ground.urlVariable == "ISS_GROUND_URL")
    #expect(ground.tokenVariable == "ISS_GROUND_TOKEN")
    #expect(ground.setting.description == "--ground URL or ISS_GROUND_URL")
    #expect(ground.setting.resolved(in: .russian) == "--ground URL или ISS_GROUND_URL")
  }

  @Test func theOtherCentresOfTheSchemaAreSuggestedAndNotThisOne() {
    #expect(Self.center(centres: ["ground", "relay", "tracking"]).othersOptions == ["relay", "tracking"])
    #expect(Self.center(centres: ["ground"]).othersOptions.isEmpty)
  }

  @Test func theBuiltInTokenIsTheOneOfTheStageUnderTheCentresKey() {
    let ground = Self.center(tokens: [
      "ground.development.token": "dev", "ground.staging.token": "stage", "ground.production.token": "prod",
    ])
    #expect(ground.builtInToken(for: .development) == "dev")
    #expect(ground.builtInToken(for: .staging) == "stage")
    #expect(ground.builtInToken(for: .production) == "prod")
  }

  @Test func aCentreIsItsIdAndAKeptNameIsShownInTheReadersLanguageOnlyWhenItIsThisCentres() {
    let ground = Self.center()
    #expect(ground == Self.center(name: "Other words", clock: .moscow))
    #expect(ground != Self.center(id: "relay"))
    #expect(Set([ground, Self.center(clock: .moscow)]).count == 1)
    #expect(ground.localizedName(of: "Ground").resolved(in: .russian) == "Земля")
    #expect(ground.localizedName(of: "Relay").resolved(in: .russian) == "Relay", "another centre's, as kept")
  }

  @Test func eachCentreShowsTimesOnItsOwnClock() {
    #expect(DisplayClock.utc.format(Self.moment) == "2026-11-22T05:00:00Z")
    #expect(DisplayClock.moscow.format(Self.moment) == "2026-11-22 08:00:00 MSK")
    let late = Self.moment + 19 * 3600  // 00:00 the next day in UTC, 03:00 in Moscow
    #expect(DisplayClock.moscow.format(late) == "2026-11-23 03:00:00 MSK")
    let west = DisplayClock.fixedOffset(label: "W", secondsFromGMT: -5 * 3600 - 1800)
    #expect(west.format(Self.moment) == "2026-11-21 23:30:00 W")
    #expect(Self.center(clock: .moscow).time(Self.moment) == "2026-11-22 08:00:00 MSK")
  }
}
