import EndToEndSupport
import Foundation
import TestHarness
import Testing

/// A device that is not there, or a suit command out of range, as a person with a Russian locale
/// meets them in the three apps: one Russian line on stderr naming the device in Russian, the path
/// and the system's reason verbatim, and the same exit code as in English.
@Suite("Devices in Russian")
struct DeviceLanguageTests {
  /// Runs `executable` in `sandbox` with `LANG` set to `locale` (and nothing else naming a language).
  private func run(
    _ executable: URL, _ sandbox: Sandbox, _ arguments: [String], locale: String
  ) async throws -> ProcessResult {
    var environment = sandbox.environment
    for key in ["LC_ALL", "LC_MESSAGES", "ISS_LANGUAGE"] { environment[key] = nil }
    environment["LANG"] = locale
    return try await sandbox.run(
      executable, ["--data-dir", sandbox.dataDirectory] + arguments, environment: environment)
  }

  private func containsLatinWords(_ text: String) -> Bool {
    text.range(of: #"\b(cannot|reach|check|the|invalid|suit|range|use)\b"#, options: .regularExpression) != nil
  }

  @Test("iss-overview power with nothing at the station socket: a Russian line, exit 69 in both languages")
  func absentStationInRussian() async throws {
    let sandbox = try Sandbox()
    let endpoint = "unix:\(sandbox.stationSocketPath)"
    let russian = try await run(
      Executables.issOverview, sandbox, ["--station", endpoint, "power"], locale: "ru_RU.UTF-8")
    let english = try await run(
      Executables.issOverview, sandbox, ["--station", endpoint, "power"], locale: "en_US.UTF-8")
    #expect(russian.status == 69 && english.status == 69, "\(russian.stderr) \(english.stderr)")
    #expect(
      russian.stderr
        == "ошибка: система электропитания не отвечает по адресу \(endpoint) (ошибка connect: нет такого файла или "
        + "каталога); проверьте, что станция (или station-sim) слушает этот адрес\n")
    #expect(
      english.stderr
        == "error: cannot reach the power system at \(endpoint) (connect failed: No such file or directory); check "
        + "that the station (or station-sim) is listening there\n")
  }

  @Test("laboratory with nothing at the lab socket: the labs named in Russian, exit 69 in both languages")
  func absentLabsInRussian() async throws {
    let sandbox = try Sandbox()
    let endpoint = "unix:\(sandbox.directory.appendingPathComponent("labs.sock").path)"
    let russian = try await run(Executables.laboratory, sandbox, ["--lab", endpoint, "stowage"], locale: "ru_RU.UTF-8")
    let english = try await run(Executables.laboratory, sandbox, ["--lab", endpoint, "stowage"], locale: "en_US.UTF-8")
    #expect(russian.status == 69 && english.status == 69, "\(russian.stderr) \(english.stderr)")
    #expect(
      russian.stderr.hasPrefix("ошибка: оборудование лабораторий не отвечает по адресу \(endpoint) ("),
      "\(russian.stderr)")
    #expect(russian.stderr.hasSuffix("; проверьте, что лаборатории (или lab-sim) слушают этот адрес\n"))
    #expect(english.stderr.hasPrefix("error: cannot reach the labs at \(endpoint) ("), "\(english.stderr)")
  }

  @Test("cosmonaut suit set temperature 99: Russian words and a decimal comma, exit 64 in both languages")
  func suitCommandOutOfRangeInRussian() async throws {
    let sandbox = try Sandbox()
    let command = ["suit", "set", "temperature", "99"]
    let russian = try await run(Executables.cosmonaut, sandbox, command, locale: "ru_RU.UTF-8")
    let english = try await run(Executables.cosmonaut, sandbox, command, locale: "en_US.UTF-8")
    #expect(russian.status == 64 && english.status == 64, "\(russian.stderr) \(english.stderr)")
    #expect(
      russian.stderr
        == "ошибка: неверная команда скафандру: температура 99,0 °C вне допустимого диапазона; используйте "
        + "16,0–30,0 °C\n")
    #expect(!containsLatinWords(russian.stderr), "\(russian.stderr)")
    #expect(
      english.stderr == "error: invalid suit command: temperature 99.0 °C is out of range; use 16.0–30.0 °C\n")
  }

  @Test("cosmonaut with no suit at the socket: the path verbatim in a Russian line, exit 69 in both languages")
  func absentSuitInRussian() async throws {
    let sandbox = try Sandbox()
    let path = sandbox.socketPath
    let russian = try await run(
      Executables.cosmonaut, sandbox, ["--suit", "unix:\(path)", "suit", "status"], locale: "ru_RU.UTF-8")
    let english = try await run(
      Executables.cosmonaut, sandbox, ["--suit", "unix:\(path)", "suit", "status"], locale: "en_US.UTF-8")
    #expect(russian.status == 69 && english.status == 69, "\(russian.stderr) \(english.stderr)")
    #expect(
      russian.stderr
        == "ошибка: нет скафандра по адресу \(path): connect: нет такого файла или каталога. Запустите его: "
        + "spacesuit-sim --socket \(path)\n")
    #expect(english.stderr.hasPrefix("error: no suit at \(path): connect: No such file or directory. Start one"))
  }
}
