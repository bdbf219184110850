import EndToEndSupport
import Foundation
import TestHarness
import Testing

/// `iss-overview` as a person with a Russian locale runs it: Russian screens and error lines with
/// unchanged exit codes, and `--json` byte for byte the same as in English.
@Suite("iss-overview in Russian")
struct OverviewLanguageTests {
  /// Runs `iss-overview` in `sandbox` with `LANG` set to `locale` (and nothing else naming a language).
  private func overview(_ sandbox: Sandbox, _ arguments: [String], locale: String) async throws -> ProcessResult {
    var environment = sandbox.environment
    for key in ["LC_ALL", "LC_MESSAGES", "ISS_LANGUAGE"] { environment[key] = nil }
    environment["LANG"] = locale
    return try await sandbox.run(
      Executables.issOverview, ["--data-dir", sandbox.dataDirectory] + arguments, environment: environment)
  }

  private func containsCyrillic(_ text: String) -> Bool {
    text.range(of: #"\p{Cyrillic}"#, options: .regularExpression) != nil
  }

  @Test("power with LANG=ru_RU.UTF-8: a Russian screen with decimal commas")
  func powerInRussian() async throws {
    let sandbox = try Sandbox()
    let result = try await overview(sandbox, ["power"], locale: "ru_RU.UTF-8")
    #expect(result.status == 0, "\(result.stderr)")
    for part in ["Электропитание — ", "Выработка:", "Альфа-шарниры:", "Крыло", "Режим", "слежение", "Аккумуляторы"] {
      #expect(result.stdout.contains(part), "\(part) in \(result.stdout)")
    }
    #expect(result.stdout.range(of: #"\d+,\d кВт"#, options: .regularExpression) != nil, "\(result.stdout)")
    #expect(!result.stdout.contains("Generated") && !result.stdout.contains(" kW"), "\(result.stdout)")
    let english = try await overview(sandbox, ["power"], locale: "en_US.UTF-8")
    #expect(english.status == 0 && english.stdout.contains("Generated:") && !containsCyrillic(english.stdout))
  }

  @Test("a refusal is one Russian line with the same exit code as in English")
  func refusalInRussian() async throws {
    let sandbox = try Sandbox()
    let russian = try await overview(sandbox, ["thermal", "deploy", "starboard"], locale: "ru_RU.UTF-8")
    #expect(russian.status == 65)
    #expect(
      russian.stderr
        == "ошибка: система терморегулирования отказала: правый радиатор уже раскрыт; ничего не изменилось\n")
    let english = try await overview(sandbox, ["thermal", "deploy", "starboard"], locale: "en_US.UTF-8")
    #expect(english.status == 65)
    #expect(
      english.stderr == "error: the thermal control system refused: the starboard radiator is already deployed; "
        + "nothing changed\n")
    let absent = try await overview(
      sandbox, ["--station", "unix:\(sandbox.stationSocketPath)", "power"], locale: "ru_RU.UTF-8")
    #expect(absent.status == 69)
    #expect(
      absent.stderr.hasPrefix(
        "ошибка: система электропитания не отвечает по адресу unix:\(sandbox.stationSocketPath) "),
      "\(absent.stderr)")
  }

  @Test("--json is byte for byte the same in Russian and in English", .needsPython3)
  func jsonIsTheSameInEveryLanguage() async throws {
    let sandbox = try Sandbox()
    for command in [["power", "wing", "1A", "feather"], ["thermal", "rotate", "port", "-30.5"]] {
      let english = try await overview(sandbox, command + ["--json"], locale: "en_US.UTF-8")
      let russian = try await overview(sandbox, command + ["--json"], locale: "ru_RU.UTF-8")
      #expect(english.status == 0 && russian.status == 0, "\(command): \(english.stderr) \(russian.stderr)")
      #expect(russian.stdout == english.stdout, "\(command)")
      #expect(!english.stdout.isEmpty && !containsCyrillic(russian.stdout), "\(russian.stdout)")
    }
    let status = try await overview(sandbox, ["status", "--json"], locale: "ru_RU.UTF-8")
    #expect(status.status == 0 && status.stdout.contains("\"position\"") && !containsCyrillic(status.stdout))

    let (houston, url) = try await sandbox.houston()
    let live = try await overview(sandbox, ["--houston", url, "docking", "schedule", "--json"], locale: "en_US.UTF-8")
    #expect(live.status == 0, "\(live.stderr)")
    await houston.stop()
    let keptEnglish = try await overview(sandbox, ["docking", "schedule", "--json"], locale: "en_US.UTF-8")
    let keptRussian = try await overview(sandbox, ["docking", "schedule", "--json"], locale: "ru_RU.UTF-8")
    #expect(keptEnglish.status == 0 && keptRussian.status == 0)
    #expect(keptRussian.stdout == keptEnglish.stdout && keptEnglish.stdout.contains("\"isLive\""))
    let text = try await overview(sandbox, ["docking", "schedule"], locale: "ru_RU.UTF-8")
    #expect(text.status == 0 && text.stdout.contains("сохранённая копия от "), "\(text.stdout)")
  }
}
