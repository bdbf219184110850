import Foundation
import Testing

@testable import CommandLineKit

/// The environment is held to the arguments' rules: a variable the apps read must be UTF-8 text.
@Suite struct ProcessEnvironmentTests {
  private func entry(_ text: String, _ tail: [UInt8] = []) -> [UInt8] { Array(text.utf8) + tail }

  @Test func aVariableTheAppsReadThatIsNotUTF8IsBadUsageNamingItAndItsBytes() {
    let error = #expect(throws: UsageError.self) {
      try ProcessEnvironment.decode([self.entry("HOME=/root"), self.entry("ISS_DATA_DIR=/tmp/x", [0xFF, 0x41])])
    }
    #expect(error?.message.description == "$ISS_DATA_DIR is not UTF-8 text: /tmp/x\\xFFA; set it in UTF-8, or unset it")
  }

  @Test func anotherVariableThatIsNotUTF8IsLeftOutAndTheRestRead() throws {
    let environment = try ProcessEnvironment.decode([
      entry("LS_COLORS=", [0xC3]), entry("ISS_PARTNER=esa"), entry("ISS_PARTNER=nasa"), entry("EMPTY="),
      entry("=nameless"), entry("NOEQUALS"),
    ])
    #expect(environment == ["ISS_PARTNER": "esa", "EMPTY": ""])
  }

  @Test func theProcessEnvironmentReadsAsFoundationReadsItsTextVariables() throws {
    // This test's process is started with UTF-8 variables only: each one is read, first of a name winning.
    #expect(try ProcessEnvironment.read() == ProcessInfo.processInfo.environment)
  }

  @Test(arguments: ["ISS_HOUSTON_TOKEN", "XDG_DATA_HOME", "HOME", "LANG", "LC_ALL", "NO_COLOR", "TERM"])
  func theAppsReadTheirOwnTheDataAndTheLanguageVariables(name: String) {
    #expect(ProcessEnvironment.isRead(name))
  }
}
