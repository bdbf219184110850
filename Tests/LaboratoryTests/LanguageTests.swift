import CosmonautServiceFakes
import CosmonautServiceInterface
import Foundation
import LaboratoryServiceFakes
import LaboratoryServiceInterface
import Localization
import Testing
import UIComponents

@testable import Laboratory

/// The laboratory's screens, prompts, refusals and route sentences in Russian: Russian words and
/// numbers (`−79,8 °C`), the same JSON as in English.
@MainActor
@Suite("Laboratory in Russian")
struct LaboratoryLanguageTests {
  let russian = Translator(language: .russian)

  private func containsCyrillic(_ text: String) -> Bool {
    text.range(of: #"\p{Cyrillic}"#, options: .regularExpression) != nil
  }

  @Test func theStowageAndLabsScreensAreRussianWithRussianNumbers() async throws {
    let harness = LaboratoryHarness(.once(json: false), translator: russian)
    _ = try await harness.lab.logIn(SampleLogIn(label: "leaf-1", freezer: "merlin"), crew: nil)
    try await harness.open("stowage")
    try await harness.open("labs")
    let text = harness.output.text
    for part in [
      "Холодильное хранение", "Морозильник", "Модуль", "Ячейки", "Статус", "норма", "Образец", "Метка",
      "Лаборатории", "(время оборудования ", "Стойка", "Мощность", "работает", " Вт",
    ] {
      #expect(text.contains(part), "\(part) in \(text)")
    }
    #expect(text.range(of: #"\d,\d °C"#, options: .regularExpression) != nil, "decimal commas: \(text)")
    for english in ["Cold stowage", "Freezer", "Labs", "operating", "No samples"] {
      #expect(!text.contains(english), "\(english) in \(text)")
    }
  }

  @Test func anExcursionAlertIsRussianAndTheEnglishLineIsTheStoredMessage() async throws {
    let lab = FakeLaboratoryClient(
      labs: FakeLabs(
        start: Date(timeIntervalSince1970: 1_800_000_000), coolerFailure: .init(id: "melfi-1", afterSeconds: 60)))
    let harness = LaboratoryHarness(.once(json: false), lab: lab, translator: russian)
    try await harness.open("stowage", "log-in", "melfi-1", "serum")
    await lab.advance(by: 1_200)
    try await harness.open("stowage")
    let text = harness.output.text
    for part in [
      "ТРЕВОГА: в melfi-1 ", " °C, вне пределов для образцов на −80 °C", "образцов под угрозой: 1", "ПОД УГРОЗОЙ (",
    ] {
      #expect(text.contains(part), "\(part) in \(text)")
    }
    #expect(text.range(of: #"ТРЕВОГА: в melfi-1 -?\d+,\d °C"#, options: .regularExpression) != nil, "\(text)")
    let english = LaboratoryHarness(.once(json: false), lab: lab)
    try await english.open("stowage")
    let stored = try #require(try await lab.stowage().alerts.first).message
    #expect(english.output.text.contains("ALERT: \(stored)\n") || english.output.text.hasSuffix("ALERT: \(stored)\n"))
  }

  @Test func theProcedureViewerSpeaksRussian() async throws {
    let harness = LaboratoryHarness(
      .interactive, input: ["d", "s", "", "s", "no camera", "l"], translator: russian)
    try await harness.open("run", "start", "plant-habitat")
    let run = try await harness.onlyRun()
    #expect(run.steps.map(\.status) == [.done, .skipped, .pending, .pending])
    let text = harness.output.text
    for part in [
      "Шаг 3 из 4: Photograph the plants", "Методика", "Выполнено", "Пропустить (указать причину)", "Пауза",
      "выполнено 1 · пропущено 1 · осталось 2", "Почему пропустить шаг 2? (Enter — назад):", "готово", "пропущен",
      "сейчас ▸", "Образцы: leaf-1 (−80 °C), leaf-2 (−80 °C)",
      "Сеанс \(run.id) приостановлен на шаге 3; продолжить: 'run resume \(run.id)'.",
    ] {
      #expect(text.contains(part), "\(part) in \(text)")
    }
    #expect(!text.contains("Step 3 of 4") && !text.contains("Paused run"), "\(text)")
    #expect(harness.events.events.allSatisfy { !containsCyrillic("\($0.name) \($0.properties)") }, "analytics English")
  }

  @Test func refusalsAreRussianLinesAndTheirLogsStayEnglish() async throws {
    let harness = LaboratoryHarness(.interactive, translator: russian)
    try await harness.open("run", "start", "nope")
    #expect(
      harness.errorOutput.text.contains(
        "в каталоге нет эксперимента «nope»; выберите один из: plant-habitat, capillary-flow"),
      "\(harness.errorOutput.text)")
    let missing = await #expect(throws: LaboratoryError.self) { try await harness.open("run", "show", "zz") }
    #expect(missing?.translatedMessage.resolved(in: .russian) == "нет сеанса «zz»; см. 'run list'")
    #expect(missing?.userMessage == "no run \"zz\"; see 'run list'", "logs and analytics stay English")
    let short = LaboratoryFlowError.shortOfSupply(item: "medical", needed: 1, available: 0, unit: "kits", step: 2)
    #expect(
      short.translatedMessage.resolved(in: .russian)
        == "шагу 2 нужно medical: 1 kits, а в запасах только 0 kits; пополните ('supplies restock medical N'); "
        + "ничего не изменено")
    #expect(
      LaboratoryFlowError.noCrewMember.translatedMessage.resolved(in: .russian).hasPrefix("в профиле нет имени"))
  }

  @Test func routeSentencesAndMenusAreRussian() {
    #expect(
      LaboratoryRoute.done(run: "ab", step: 2, freezer: nil).change?.resolved(in: .russian)
        == "отметить шаг 2 сеанса ab выполненным.")
    #expect(
      LaboratoryRoute.rack("msg", .standby).change?.resolved(in: .russian) == "переключить msg: ожидание.")
    #expect(LaboratoryRoute.rack("msg", .standby).change?.description == "switch msg to standby.")
    #expect(
      LaboratoryRoute.mainMenu.map { $0.title.resolved(in: .russian) } == [
        "Лаборатории", "Холодильное хранение", "Эксперименты", "Сеансы", "Результаты",
      ])
  }

  @Test func resultsAndRunsAreRussian() async throws {
    let harness = LaboratoryHarness(.once(json: false), translator: russian)
    try await harness.open("run", "start", "plant-habitat")
    try await harness.open("run", "list")
    try await harness.open("results")
    let text = harness.output.text
    for part in ["Сеансы", "идёт", "выполнено 0, пропущено 0", "Результаты для Земли", "Ждут отправки: 1"] {
      #expect(text.contains(part), "\(part) in \(text)")
    }
  }

  @Test func jsonIsTheSameInRussianAndInEnglish() async throws {
    var documents: [String] = []
    for translator in [Translator.english, russian] {
      let harness = LaboratoryHarness(.once(json: true), translator: translator)
      try await harness.open("stowage")
      try await harness.open("labs")
      try await harness.open("results")
      documents.append(harness.output.text)
    }
    #expect(documents[0] == documents[1])
    #expect(!documents[0].isEmpty && !containsCyrillic(documents[1]))
  }
}
