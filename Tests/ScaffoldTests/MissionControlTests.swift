import CommandLineKit
import Foundation
import Localization
import MissionControlInterface
import Secrets
import Testing
import UIComponents
import UIComponentsTestSupport

@testable import Scaffold

/// Centres as the modules that speak their dialects declare them (Scaffold links none of those):
/// Houston and TsUP with a token per stage, in a build whose schema knows both.
enum TestCentres {
  static func center(_ id: String, _ name: String, isDevelopment: Bool = true) -> ControlCenter {
    let tokens = Secrets.Stage.allCases.map { stage in
      (Secrets.tokenKey(for: id, stage: stage), masked("\(id)-\(stage.rawValue)-secret"))
    }
    return ControlCenter(
      id: id, name: name, localizedName: .verbatim(name), clock: .utc,
      secrets: Secrets(
        entries: Dictionary(uniqueKeysWithValues: tokens), isDevelopment: isDevelopment, centres: ["houston", "tsup"]))
  }

  static func masked(_ value: String) -> MaskedSecret {
    let plain = Array(value.utf8)
    let mask = plain.map { _ in UInt8.random(in: 1...255) }
    return MaskedSecret(masked: zip(plain, mask).map { $0 ^ $1 }, mask: mask)
  }

  static let houston = center("houston", "Houston")
  static let tsup = center("tsup", "TsUP")
}

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
      defaultPartner: "nasa", partners: .shipped)
    return (launch, option)
  }

  var log: String { (try? String(contentsOf: directory.appendingPathComponent("iss/t.log"), encoding: .utf8)) ?? "" }

  @Test func eachCentreHasItsOwnOptionAndVariablesAndSuggestsTheOthers() {
    let tsup = MissionControl(TestCentres.tsup)
    #expect(tsup.center == TestCentres.tsup)
    #expect(tsup.urlVariable(for: .staging) == "ISS_TSUP_URL_STAGING")
    let option = tsup.option(purpose: "")
    #expect(option.name == "tsup")
    #expect(option.specification.alsoKnownAs == ["houston"])
    #expect(MissionControl(TestCentres.houston).option(purpose: "").specification.alsoKnownAs == ["tsup"])
    let help = option.specification.help.description
    #expect(help.contains("ISS_TSUP_URL") && help.contains("ISS_TSUP_TOKEN"), "\(help)")
    for stage in Secrets.Stage.allCases { #expect(!help.contains(TestCentres.tsup.builtInToken(for: stage))) }
  }

  @Test func withoutAURLTheAppIsOfflineAndSaysNothingAboutTokens() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let houston = MissionControl(TestCentres.houston)
    let (launch, option) = try launch(houston, [])
    #expect(try houston.address(launch, option: option) == nil)
    #expect(!log.contains("token"))
  }

  @Test func aStagesVariableWinsOverTheOneForEveryStage() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let houston = MissionControl(TestCentres.houston)
    let (staged, option) = try launch(
      houston, [],
      environment: ["ISS_HOUSTON_URL": "http://every.test", "ISS_HOUSTON_URL_DEVELOPMENT": "http://dev.test"])
    #expect(try houston.address(staged, option: option)?.url == URL(string: "http://dev.test"))
    let (bad, _) = try launch(houston, [], environment: ["ISS_HOUSTON_URL": "ftp://x"])
    #expect(throws: UsageError.self) { try houston.address(bad, option: option) }
  }

  @Test(arguments: [true, false])
  func theBuiltInTokenIsUsedWhenNoneIsGivenAndADevelopmentOneIsSaidOnce(isDevelopment: Bool) throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let tsup = MissionControl(TestCentres.center("tsup", "TsUP", isDevelopment: isDevelopment))
    let (launch, option) = try launch(tsup, ["--tsup", "http://127.0.0.1:9"])
    let address = try #require(try tsup.address(launch, option: option))
    #expect(address.url == URL(string: "http://127.0.0.1:9"))
    #expect(address.token == tsup.center.builtInToken(for: launch.stage))
    let notices = log.components(separatedBy: "TsUP: using the development token").count - 1
    #expect(notices == (isDevelopment ? 1 : 0), "\(log)")
  }

  @Test func aGivenTokenReplacesTheBuiltInOneAndABlankOneIsBadUsage() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let houston = MissionControl(TestCentres.houston)
    let (given, option) = try launch(
      houston, ["--houston", "http://127.0.0.1:9"], environment: ["ISS_HOUSTON_TOKEN": "t"])
    #expect(try houston.address(given, option: option)?.token == "t")
    #expect(!log.contains("development token"))
    let (blank, _) = try launch(houston, ["--houston", "http://127.0.0.1:9"], environment: ["ISS_HOUSTON_TOKEN": " "])
    #expect(
      throws: UsageError(
        "ISS_HOUSTON_TOKEN is empty; set it to Houston's token, or unset it for the token built into the app")
    ) {
      try houston.address(blank, option: option)
    }
  }

  @Test func aTokenWithALineBreakIsBadUsageAndNeverSent() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let houston = MissionControl(TestCentres.houston)
    let (launch, option) = try launch(
      houston, ["--houston", "http://127.0.0.1:9"], environment: ["ISS_HOUSTON_TOKEN": "abc\r\nX-Evil: 1"])
    let error = #expect(throws: UsageError.self) { try houston.address(launch, option: option) }
    #expect(error?.message.description.hasPrefix("ISS_HOUSTON_TOKEN holds a control character") == true)
    #expect(MissionControlAddress(url: URL(string: "http://h")!, token: " trimmed \n") != nil)
  }

  @Test func aURLWithAQueryOrAFragmentIsBadUsage() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let houston = MissionControl(TestCentres.houston)
    for url in ["http://127.0.0.1:9/v?x=1", "http://127.0.0.1:9/#f", "http://127.0.0.1:9?"] {
      #expect(throws: UsageError.self) { _ = try launch(houston, ["--houston", url]) }
      let (fromVariable, option) = try launch(houston, [], environment: ["ISS_HOUSTON_URL": url])
      #expect(throws: UsageError.self) { try houston.address(fromVariable, option: option) }
    }
  }
}
