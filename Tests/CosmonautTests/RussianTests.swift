import CosmonautServiceFakes
import CosmonautServiceInterface
import Foundation
import Localization
import MissionControlInterface
import Testing
import UIComponents

@testable import Cosmonaut

/// The Cosmonaut screens as a Russian-speaking cosmonaut reads them: Russian words, Russian
/// numbers and units; `--json` and the service's identifiers unchanged.
@MainActor
@Suite("Cosmonaut in Russian")
struct RussianTests {
  private let russian = Translator(language: .russian)

  @Test func suppliesListIsRussian() async throws {
    let harness = CosmonautHarness(
      .once(json: false), client: FakeCosmonautClient(supplies: inventoryWithLowWater), translator: russian)

    try await harness.open("supplies/list")

    let lines = harness.output.lines
    #expect(lines.first == "Запасы")
    #expect(lines.contains { $0.contains("Предмет") && $0.contains("Количество") && $0.contains("Состояние") })
    let water = try #require(lines.first { $0.hasPrefix("water ") })
    for part in ["Питьевая вода", "вода", "80", " л ", "МАЛО (≤ 80)"] {
      #expect(water.contains(part), "\(part) in \(water)")
    }
    let food = try #require(lines.first { $0.hasPrefix("food ") })
    #expect(food.contains("Пайки") && food.hasSuffix("норма"), "\(food)")
    #expect(lines.last == "На исходе: Питьевая вода")
    #expect(!harness.output.text.contains("Drinking water") && !harness.output.text.contains("Low stock"))
  }

  @Test func consumeSummaryAndRefusalAreRussian() async throws {
    let harness = CosmonautHarness(
      .once(json: false), client: FakeCosmonautClient(supplies: inventoryWithLowWater), translator: russian)

    try await harness.open("supplies/consume", ["item": "food", "quantity": "2"])
    #expect(
      harness.output.text.contains("Израсходовано «Пайки»: 2 пайк.; осталось 178 пайк.\n"), "\(harness.output.text)")

    let error = CosmonautServiceError.insufficientStock(item: "water", requested: 100, available: 80, unit: "L")
    #expect(
      error.translatedMessage.resolved(in: .russian).hasPrefix("нельзя взять 100 L (water): в наличии только 80 L"))
    #expect(error.userMessage.hasPrefix("cannot consume 100 L of water: only 80 L in stock"))
  }

  @Test func aRefusalReasonIsRussianOnTheSyncScreenAndAnOfflineReasonOnTheDashboard() async throws {
    let client = FakeCosmonautClient()
    await client.refuse(kind: QueuedReport.suppliesChangedKind, reason: "quantity too large")
    _ = try await client.consume("water", quantity: 1)
    _ = try await client.sync()
    let harness = CosmonautHarness(.once(json: false), client: client, translator: russian)

    try await harness.open("sync/status")

    let text = harness.output.text
    #expect(text.contains("Хьюстон отказал в приёме (HTTP 422): quantity too large"), "\(text)")
    #expect(!text.contains("refused it"), "\(text)")
    let json = CosmonautHarness(.once(json: true), client: client, translator: russian)
    try await json.open("sync/status")
    #expect(json.output.text.contains("Houston refused it (HTTP 422): quantity too large"), "\(json.output.text)")

    let offline = CosmonautHarness(
      .once(json: false), client: FakeCosmonautClient(houstonReachable: false), translator: russian)
    try await offline.open("dashboard")
    #expect(offline.output.text.contains("(нет связи: Хьюстон (fake Houston is unreachable)"), "\(offline.output.text)")
  }

  @Test func dashboardIsRussianWithDecimalCommas() async throws {
    let harness = CosmonautHarness(.once(json: false), translator: russian)

    try await harness.open("dashboard")

    let text = harness.output.text
    for part in [
      "Положение МКС", "Широта:", "Высота:", " км", "км/с", "На борту", "Космонавт:", "На исходе:",
      "Очередь в Хьюстон:", "отчётов: 0",
    ] {
      #expect(text.contains(part), "\(part) in \(text)")
    }
    #expect(text.range(of: #"\d+,\d км"#, options: .regularExpression) != nil, "\(text)")
    #expect(!text.contains("Latitude") && !text.contains("Aboard"))
  }

  @Test func syncScreenAndStatusLineAreRussian() async throws {
    let client = FakeCosmonautClient()
    try await CosmonautHarness(.once(json: false), client: client).open(
      "supplies/consume", ["item": "water", "quantity": "1"])
    let harness = CosmonautHarness(.once(json: false), client: client, translator: russian)

    try await harness.open("sync/status")

    let text = harness.output.text
    #expect(text.hasPrefix("Синхронизация (Хьюстон)"), "\(text)")
    #expect(text.contains("Передано: ничего за этот запуск."), "\(text)")
    #expect(text.contains("Ждут отправки — 1:"), "\(text)")
    #expect(text.contains("Вид") && text.contains("Попытки") && text.contains("Ключ"), "\(text)")

    let status = SyncStatus(pending: 2, setAside: 1, isConfigured: true, lastError: nil)
    let line = SyncStatusLine.text(status, center: client.controlCenter)
    #expect(line.resolved(in: .russian) == "Хьюстон: ждут отправки: 2, отложено: 1 (см. «Синхронизация»).")
    #expect(line.description == "Houston: 2 report(s) waiting, 1 set aside (see Sync).")
  }

  @Test func changeSentencesAndHelpAreRussian() {
    let consume = CosmonautRoute.consume(item: "water", quantity: 2).change
    #expect(consume?.resolved(in: .russian) == "взять 2 (water) из запасов.")
    let update = CosmonautRoute.updateProfile(ProfileUpdate(name: "Valentina", role: "Flight engineer")).change
    #expect(
      update?.resolved(in: .russian)
        == "изменить в профиле: имя, должность — и поставить изменение в очередь для Земли.")
    #expect(update?.description == "change the profile's name, role and queue the change for mission control.")
  }
}
