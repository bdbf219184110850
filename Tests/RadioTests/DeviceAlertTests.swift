import Localization
import Testing

@testable import Radio

@Suite struct DeviceAlertTests {
  @Test func anAlertIsNamedAndLoggedInEnglishAndReadInTheReadersLanguage() {
    let alert = DeviceAlert(severity: .critical, label: .verbatim("battery 2B"), text: Strings.violationNoReason)
    #expect(alert.subject == "battery 2B")
    #expect(alert.message == Strings.violationNoReason.description)
    #expect(alert.text.resolved(in: .russian) != alert.message, "the line reads in Russian")
    #expect(alert.severity.rawValue == "critical" && DeviceAlert.Severity(rawValue: "warning") == .warning)
  }
}
