import EndToEndSupport
import Foundation
import TestHarness
import Testing

/// `laboratory` as a person with a Russian locale runs it (the labs simulated in the process, on a
/// temporary data directory): Russian screens and error lines with unchanged exit codes, and
/// `--json` byte for byte the same as in English.
@Suite("laboratory in Russian")
struct LaboratoryLanguageTests {
  /// Runs `laboratory` in `sandbox` with `LANG` set to `locale` (and nothing else naming a language).
  private func laboratory(
    _ sandbox: Sandbox, _ arguments: [String], locale: String, houston: String? = nil
  ) async throws -> ProcessResult {
    var environment = sandbox.environment
    for key in ["LC_ALL", "LC_MESSAGES", "ISS_LANGUAGE"] { environment[key] = nil }
    environment["LANG"] = locale
    let connection = ["--data-dir", sandbox.dataDirectory] + (houston.map { ["--houston", $0] } ?? [])
    return try await sandbox.run(Executables.laboratory, connection + arguments, environment: environment)
  }

  private func containsCyrillic(_ text: String) -> Bool {
    text.range(of: #"\p{Cyrillic}"#, options: .regularExpression) != nil
  }

  @Test("stowage with LANG=ru_RU.UTF-8: a Russian screen with decimal commas")
  func stowageInRussian() async throws {
    let sandbox = try Sandbox()
    let result = try await laboratory(sandbox, ["stowage"], locale: "ru_RU.UTF-8")
    #expect(result.status == 0, "\(result.stderr)")
    for part in ["Холодильное хранение", "Морозильник", "Модуль", "Ячейки", "Образцов на хранении нет."] {
      #expect(result.stdout.contains(part), "\(part) in \(result.stdout)")
    }
    #expect(result.stdout.range(of: #"\d,\d °C"#, options: .regularExpression) != nil, "\(result.stdout)")
    #expect(!result.stdout.contains("Cold stowage"), "\(result.stdout)")
    let english = try await laboratory(sandbox, ["stowage"], locale: "en_US.UTF-8")
    #expect(english.status == 0 && english.stdout.contains("Cold stowage") && !containsCyrillic(english.stdout))
  }

  @Test("an unknown run is one Russian line with the same exit code as in English")
  func refusalInRussian() async throws {
    let sandbox = try Sandbox()
    let russian = try await laboratory(sandbox, ["run", "show", "zz"], locale: "ru_RU.UTF-8")
    #expect(russian.status == 64)
    #expect(russian.stderr == "ошибка: нет сеанса «zz»; см. 'run list'\n", "\(russian.stderr)")
    let english = try await laboratory(sandbox, ["run", "show", "zz"], locale: "en_US.UTF-8")
    #expect(english.status == 64)
    #expect(english.stderr == "error: no run \"zz\"; see 'run list'\n", "\(english.stderr)")
  }

  @Test("a result Houston refuses reads in Russian under LANG=ru_RU.UTF-8; its JSON stays English", .needsPython3)
  func refusedResultInRussian() async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.cosmonaut(["profile", "set", "--name", "Valentina Orlova"]).status == 0)
    let (houston, url) = try await sandbox.houston(["--refuse-kind", "run.started"])
    defer { houston.terminate() }
    let started = try await laboratory(sandbox, ["run", "start", "plant-habitat"], locale: "en_US.UTF-8", houston: url)
    #expect(started.status == 0, "\(started.stderr)")
    let sent = try await laboratory(sandbox, ["results", "send"], locale: "ru_RU.UTF-8", houston: url)
    #expect(sent.status == 0, "\(sent.stderr)")
    let refusal = "Хьюстон отказал в приёме (HTTP 422): results of kind run.started are refused (--refuse-kind)"
    let russian = try await laboratory(sandbox, ["results"], locale: "ru_RU.UTF-8")
    #expect(russian.status == 0 && russian.stdout.contains(refusal), "\(russian.stdout)")
    #expect(!russian.stdout.contains("refused it"), "\(russian.stdout)")
    let english = try await laboratory(sandbox, ["results"], locale: "en_US.UTF-8")
    #expect(english.stdout.contains("Houston refused it (HTTP 422): results of kind run.started"), "\(english.stdout)")
    let englishJSON = try await laboratory(sandbox, ["results", "--json"], locale: "en_US.UTF-8")
    let russianJSON = try await laboratory(sandbox, ["results", "--json"], locale: "ru_RU.UTF-8")
    #expect(russianJSON.stdout == englishJSON.stdout && !containsCyrillic(russianJSON.stdout))
    #expect(englishJSON.stdout.contains("Houston refused it (HTTP 422)"), "\(englishJSON.stdout)")
  }

  @Test("--json is byte for byte the same in Russian and in English", .needsPython3)
  func jsonIsTheSameInEveryLanguage() async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.cosmonaut(["profile", "set", "--name", "Valentina Orlova"]).status == 0)
    let (houston, url) = try await sandbox.houston()
    let started = try await laboratory(
      sandbox, ["run", "start", "plant-habitat", "--json"], locale: "en_US.UTF-8", houston: url)
    await houston.stop()
    #expect(started.status == 0, "\(started.stderr)")
    let run = try #require(try started.stdout.json() as? [String: Any])
    let id = try #require(run["id"] as? String)
    for command in [["run", "show", id], ["run", "list"], ["experiments"], ["results"]] {
      let english = try await laboratory(sandbox, command + ["--json"], locale: "en_US.UTF-8")
      let russian = try await laboratory(sandbox, command + ["--json"], locale: "ru_RU.UTF-8")
      #expect(english.status == 0 && russian.status == 0, "\(command): \(english.stderr) \(russian.stderr)")
      #expect(russian.stdout == english.stdout, "\(command)")
      #expect(!english.stdout.isEmpty && !containsCyrillic(russian.stdout), "\(russian.stdout)")
    }
    let text = try await laboratory(sandbox, ["run", "show", id], locale: "ru_RU.UTF-8")
    #expect(text.status == 0, "\(text.stderr)")
    for part in ["сеанс \(id), Valentina Orlova, идёт", "Шаг 1 из 4: Prepare the glovebox", "Расходует:"] {
      #expect(text.stdout.contains(part), "\(part) in \(text.stdout)")
    }
  }
}
