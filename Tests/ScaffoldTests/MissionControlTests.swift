import CommandLineKit
import Foundation
import Secrets
import Testing
import UIComponents
import UIComponentsTestSupport

@testable import Scaffold

/// A mission control's option, its token and the one log line a development token gets.
@MainActor @Suite struct MissionControlTests {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mission-\(UUID().uuidString)")

  /// A launch with `arguments` read against `control`'s option, and the option.
  func launch(
    _ control: MissionControl, _ arguments: [String], environment: [String: String] = [:]
  ) throws
    -> (Launch, Option<URL>)
  {
    let option = control.option(purpose: "")
    let program = Program<Int>(
      name: "t", version: "1", abstract: "t", options: [option], commands: [], withoutCommand: "runs")
    guard case .run(_, _, let values) = try program.parse(arguments) else { throw UsageError("no run") }
    let launch = try Launch(
      appName: "t", options: values, environment: environment.merging(["XDG_DATA_HOME": directory.path]) { $1 },
      translator: .english,
      streams: LaunchStreams(input: ScriptedInput(lines: []), output: CapturedOutput(), errors: CapturedOutput()),
      defaultPartner: "nasa")
    return (launch, option)
  }

  var log: String { (try? String(contentsOf: directory.appendingPathComponent("iss/t.log"), encoding: .utf8)) ?? "" }

  @Test func eachCentreHasItsOwnOptionAndVariables() {
    #expect(MissionControl.houston.optionName == "houston")
    #expect(MissionControl.houston.tokenVariable == "ISS_HOUSTON_TOKEN")
    #expect(MissionControl.tsup.optionName == "tsup")
    #expect(MissionControl.tsup.urlVariable == "ISS_TSUP_URL")
    #expect(MissionControl.tsup.center == .tsup)
    #expect(
      !MissionControl.tsup.option(purpose: "").specification.help.description.contains(
        Secrets.builtIn.token(for: .tsup, stage: .development)))
  }

  @Test func withoutAURLTheAppIsOfflineAndSaysNothingAboutTokens() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let (launch, option) = try launch(.houston, [])
    #expect(try MissionControl.houston.client(launch, option: option) == nil)
    #expect(!log.contains("token"))
  }

  @Test func theBuiltInTokenIsUsedWhenNoneIsGivenAndADevelopmentOneIsSaidOnce() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let (launch, option) = try launch(.tsup, ["--tsup", "http://127.0.0.1:9"])
    #expect(try MissionControl.tsup.client(launch, option: option) != nil)
    let notices = log.components(separatedBy: "TsUP: using the development token").count - 1
    #expect(notices == (Secrets.builtIn.isDevelopment ? 1 : 0), "\(log)")
  }

  @Test func aGivenTokenReplacesTheBuiltInOneAndABlankOneIsBadUsage() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let (given, option) = try launch(
      .houston, ["--houston", "http://127.0.0.1:9"], environment: ["ISS_HOUSTON_TOKEN": "t"])
    #expect(try MissionControl.houston.client(given, option: option) != nil)
    #expect(!log.contains("development token"))
    let (blank, _) = try launch(.houston, ["--houston", "http://127.0.0.1:9"], environment: ["ISS_HOUSTON_TOKEN": ""])
    #expect(
      throws: UsageError(
        "ISS_HOUSTON_TOKEN is empty; set it to Houston's token, or unset it for the token built into the app")
    ) {
      try MissionControl.houston.client(blank, option: option)
    }
  }
}
