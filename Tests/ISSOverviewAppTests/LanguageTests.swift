import Foundation
import Testing

@testable import ISSOverviewApp

/// `iss-overview` in Russian: its help, its screens and its error lines, with the same exit codes.
extension CompositionTests {
  private var russian: [String: String] { ["LANG": "ru_RU.UTF-8"] }

  @Test func theHelpIsRussian() async {
    let (code, help, _) = await run(["--help"], environment: russian)
    #expect(code == 0)
    for part in [
      "Станция с одного взгляда: электропитание, терморегуляция, стыковка, тревоги и положение станции.",
      "Восемь крыльев солнечных батарей", "Начать заключительное сближение корабля",
    ] {
      #expect(help.contains(part), "\(part) in \(help)")
    }
    let (_, wing, _) = await run(["help", "power", "wing"], environment: russian)
    #expect(wing.contains("Повернуть бета-шарнир крыла") && wing.contains("(track, feather или угол от"), "\(wing)")
  }

  @Test func aScreenAndARefusalAreRussianWithTheSameExitCodes() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("overview-ru-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let (code, output, _) = await run(["--data-dir", directory.path, "thermal"], environment: russian)
    #expect(code == 0 && output.contains("Терморегуляция — ") && output.contains("0,77 кг/с"), "\(output)")
    let (refused, _, errors) = await run(
      ["--data-dir", directory.path, "docking", "undock", "zvezda-aft"], environment: russian)
    #expect(refused == 65)
    #expect(
      errors.hasPrefix("ошибка: стыковочная система отказала: Прогресс МС у порта zvezda-aft (люк открыт)"), "\(errors)"
    )
  }
}
