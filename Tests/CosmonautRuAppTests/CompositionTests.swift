import CommandLineKit
import Foundation
import Scaffold
import Testing
import UIComponents
import UIComponentsTestSupport

@testable import CosmonautRuApp

/// The composition root of the Roscosmos flavour: the same domains as `cosmonaut`, TsUP instead of Houston.
@MainActor @Suite struct CompositionTests {
  /// Runs the app in English unless `environment` names a language (its default is Russian).
  private func run(_ arguments: [String], environment: [String: String] = [:]) async -> (Int32, String, String) {
    let output = CapturedOutput()
    let errors = CapturedOutput()
    let code = await CosmonautRuApp.launcher.run(
      arguments: arguments, environment: ["ISS_LANGUAGE": "en"].merging(environment) { $1 },
      streams: LaunchStreams(input: ScriptedInput(lines: []), output: output, errors: errors))
    return (code, output.text, errors.text)
  }

  @Test func helpOffersTsUPAndNotHouston() async {
    let (code, help, _) = await run(["--help"])
    #expect(code == 0)
    #expect(help.hasPrefix("OVERVIEW: The cosmonaut's app aboard the ISS, Roscosmos flavour"))
    for command in ["dashboard", "profile set", "supplies consume", "sync status", "health", "suit watch", "open"] {
      #expect(help.contains("\n  \(command) "), "main help lists \(command)")
    }
    #expect(help.contains("--tsup <url>") && help.contains("ISS_TSUP_TOKEN"))
    #expect(!help.contains("--houston") && !help.contains("ISS_HOUSTON"))
    let (_, version, _) = await run(["--version"])
    #expect(version.hasPrefix("cosmonaut-ru "))
  }

  @Test func itSpeaksRussianUnlessAskedOtherwise() async {
    let (_, russian, _) = await run(["--help"], environment: ["ISS_LANGUAGE": ""])
    #expect(russian.hasPrefix("ОБЗОР:"), "\(russian.prefix(80))")
    let (_, english, _) = await run(["--help"], environment: ["ISS_LANGUAGE": "", "LANG": "en_US.UTF-8"])
    #expect(english.hasPrefix("OVERVIEW:"))
  }

  @Test func aBlankTsUPTokenIsBadUsageBeforeTheDatabaseIsOpened() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cosmo-ru-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let (code, _, errors) = await run(
      ["--data-dir", directory.path, "--tsup", "http://127.0.0.1:9", "sync"], environment: ["ISS_TSUP_TOKEN": " "])
    #expect(code == 64)
    #expect(
      errors == "error: ISS_TSUP_TOKEN is empty; set it to TsUP's token, or unset it for the token built into the app\n"
    )
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("cosmonaut-ru.sqlite").path))
  }

  @Test func offlineSyncSaysTsUPIsNotConfiguredInItsOwnStore() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cosmo-ru-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let (code, output, errors) = await run(["--data-dir", directory.path, "sync"])
    #expect(code == 69)
    #expect(output.contains("Offline: no TsUP configured (--tsup URL or ISS_TSUP_URL)."))
    #expect(errors.hasPrefix("error: TsUP is not configured"))
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("cosmonaut-ru.sqlite").path))
  }
}
