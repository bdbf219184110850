import EndToEndSupport
import Foundation
import TestHarness
import Testing

/// `cosmonaut` and `cosmonaut-ru` as a person with a Russian locale runs them: Russian screens and
/// error lines with unchanged exit codes, and `--json` byte for byte the same as in English.
@Suite("cosmonaut in Russian")
struct CosmonautLanguageTests {
  /// Runs `executable` in `sandbox` with `LANG` set to `locale` (nil: unset) and nothing else naming a language.
  private func run(
    _ executable: URL, _ sandbox: Sandbox, _ arguments: [String], locale: String?
  ) async throws -> ProcessResult {
    var environment = sandbox.environment
    for key in ["LC_ALL", "LC_MESSAGES", "ISS_LANGUAGE", "LANG"] { environment[key] = nil }
    environment["LANG"] = locale
    return try await sandbox.run(
      executable, ["--data-dir", sandbox.dataDirectory] + arguments, environment: environment)
  }

  private func containsCyrillic(_ text: String) -> Bool {
    text.range(of: #"\p{Cyrillic}"#, options: .regularExpression) != nil
  }

  @Test("supplies list with LANG=ru_RU.UTF-8 is Russian; with en_US it is English")
  func suppliesListInRussian() async throws {
    let sandbox = try Sandbox()
    let russian = try await run(Executables.cosmonaut, sandbox, ["supplies", "list"], locale: "ru_RU.UTF-8")
    #expect(russian.status == 0, "\(russian.stderr)")
    for part in ["Запасы\n", "Предмет", "Количество", "Питьевая вода", " л ", "норма"] {
      #expect(russian.stdout.contains(part), "\(part) in \(russian.stdout)")
    }
    #expect(!russian.stdout.contains("Drinking water") && !russian.stdout.contains("Quantity"))
    let english = try await run(Executables.cosmonaut, sandbox, ["supplies", "list"], locale: "en_US.UTF-8")
    #expect(english.status == 0 && english.stdout.contains("Drinking water") && !containsCyrillic(english.stdout))
  }

  @Test("a refusal is one Russian line with the same exit code as in English")
  func refusalInRussian() async throws {
    let sandbox = try Sandbox()
    let command = ["supplies", "consume", "water", "100000"]
    let russian = try await run(Executables.cosmonaut, sandbox, command, locale: "ru_RU.UTF-8")
    let english = try await run(Executables.cosmonaut, sandbox, command, locale: "en_US.UTF-8")
    #expect(russian.status == 65 && english.status == 65)
    #expect(
      russian.stderr.hasPrefix("ошибка: нельзя взять 100000 L (water): в наличии только 400 L"), "\(russian.stderr)")
    #expect(
      english.stderr.hasPrefix("error: cannot consume 100000 L of water: only 400 L in stock"), "\(english.stderr)")
    #expect(russian.stderr.split(separator: "\n").count == 1)
  }

  @Test("--json is byte for byte the same in Russian and in English")
  func jsonIsTheSameInEveryLanguage() async throws {
    let sandbox = try Sandbox()
    for command in [["supplies", "list"], ["supplies", "consume", "water", "2"], ["dashboard"], ["sync", "status"]] {
      let english = try await run(Executables.cosmonaut, sandbox, command + ["--json"], locale: "en_US.UTF-8")
      let russian = try await run(Executables.cosmonaut, sandbox, command + ["--json"], locale: "ru_RU.UTF-8")
      #expect(english.status == 0 && russian.status == 0, "\(command): \(english.stderr) \(russian.stderr)")
      if command.contains("consume") {
        #expect(!containsCyrillic(russian.stdout) && russian.stdout.contains("\"quantity\""), "\(russian.stdout)")
      } else {
        #expect(russian.stdout == english.stdout, "\(command)")
        #expect(!english.stdout.isEmpty && !containsCyrillic(russian.stdout), "\(russian.stdout)")
      }
    }
  }

  @Test(
    "a reason Houston gave for a refusal is shown in Russian by sync status and set-aside; --json is the same",
    .needsPython3)
  func refusalReasonInRussian() async throws {
    let sandbox = try Sandbox()
    #expect(
      try await run(Executables.cosmonaut, sandbox, ["supplies", "consume", "water", "1"], locale: nil).status == 0)
    let server = try await BackgroundServer.launch(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", Executables.houston.path, "--port", "0", "--refuse-kind", "supplies.changed"],
      marker: "listening", environment: sandbox.environment)
    let url = server.readyLine.split(separator: " ").last.map(String.init) ?? ""
    let sync = try await run(Executables.cosmonaut, sandbox, ["--houston", url, "sync"], locale: "ru_RU.UTF-8")
    await server.stop()
    #expect(sync.status == 0, "\(sync.stderr)")
    for command in [["sync", "status"], ["sync", "set-aside"]] {
      let russian = try await run(Executables.cosmonaut, sandbox, command, locale: "ru_RU.UTF-8")
      #expect(russian.status == 0, "\(russian.stderr)")
      #expect(russian.stdout.contains("Хьюстон отказал в приёме (HTTP 422): "), "\(command): \(russian.stdout)")
      #expect(!russian.stdout.contains("refused it"), "\(russian.stdout)")
      let english = try await run(Executables.cosmonaut, sandbox, command, locale: "en_US.UTF-8")
      #expect(english.stdout.contains("Houston refused it (HTTP 422): "), "\(command): \(english.stdout)")
      let russianJSON = try await run(Executables.cosmonaut, sandbox, command + ["--json"], locale: "ru_RU.UTF-8")
      let englishJSON = try await run(Executables.cosmonaut, sandbox, command + ["--json"], locale: "en_US.UTF-8")
      #expect(russianJSON.status == 0 && russianJSON.stdout == englishJSON.stdout, "\(command)")
      #expect(englishJSON.stdout.contains("Houston refused it (HTTP 422)") && !containsCyrillic(russianJSON.stdout))
    }
  }

  @Test("cosmonaut-ru speaks Russian without LANG; ISS_LANGUAGE=en switches it to English")
  func roscosmosFlavourDefaultsToRussian() async throws {
    let sandbox = try Sandbox()
    let russian = try await run(Executables.cosmonautRu, sandbox, ["supplies", "list"], locale: nil)
    #expect(russian.status == 0, "\(russian.stderr)")
    #expect(russian.stdout.hasPrefix("Запасы\n") && russian.stdout.contains("Питьевая вода"), "\(russian.stdout)")
    var environment = sandbox.environment
    environment["ISS_LANGUAGE"] = "en"
    let english = try await sandbox.run(
      Executables.cosmonautRu, ["--data-dir", sandbox.dataDirectory, "supplies", "list"], environment: environment)
    #expect(english.status == 0 && english.stdout.hasPrefix("Supplies\n") && !containsCyrillic(english.stdout))
    let sync = try await run(Executables.cosmonautRu, sandbox, ["sync", "status"], locale: nil)
    #expect(sync.status == 0 && sync.stdout.hasPrefix("Синхронизация (ЦУП)"), "\(sync.stdout)")
  }
}
