import Foundation
import MissionControlInterface
import Secrets
import Testing

@testable import TsUPMissionControl

/// 2026-11-22T05:00:00Z (08:00 in Moscow).
private let moment = Date(timeIntervalSince1970: 1_795_323_600)

/// TsUP as declared once: its id and what follows from it, its tokens, and its clock.
@Suite struct CentreTests {
  @Test func theCentreIsDeclaredByItsIdAndCarriesItsTokensOnly() {
    let tsup = ControlCenter.tsup
    #expect(tsup.name == "TsUP" && tsup.option == "tsup")
    #expect(tsup.urlVariable == "ISS_TSUP_URL" && tsup.tokenVariable == "ISS_TSUP_TOKEN")
    #expect(tsup.setting.description == "--tsup URL or ISS_TSUP_URL")
    #expect(tsup.othersOptions == ["houston"])
    for stage in Secrets.Stage.allCases { #expect(!tsup.builtInToken(for: stage).isEmpty) }
    #expect(tsup.secrets.keys.allSatisfy { $0.hasPrefix("tsup.") }, "\(tsup.secrets.keys)")
    #expect(tsup.secrets.keys.count == Secrets.Stage.allCases.count)
  }

  @Test func tsupIsShownInMoscowTime() {
    #expect(ControlCenter.tsup.time(moment) == "2026-11-22 08:00:00 MSK")
    #expect(TsUPWire.moscowTime(moment) == "2026-11-22T08:00:00+03:00")
  }
}
