import CommandLineKit
import DockingPortServiceInterface
import Foundation
import HeatRadiatorServiceInterface
import Localization
import SolarArrayServiceInterface
import Testing
import UIComponents

@testable import Peripheries

/// Every screen, line and refusal of the domain in Russian: Russian words, Russian numbers
/// (`15,0°`, `0,77 кг/с`), Russian dates; what logs, analytics and JSON record stays English.
@MainActor
@Suite("Peripheries in Russian")
struct PeripheriesLanguageTests {
  let russian = Translator(language: .russian)

  private func russianHarness(
    _ presentation: Presentation = .once(json: false), input: [String] = [], power: PowerScenario = .nominal,
    thermal: ThermalScenario = .nominal
  ) -> PeripheriesHarness {
    PeripheriesHarness(presentation, input: input, power: power, thermal: thermal, translator: russian)
  }

  @Test func theOverviewIsRussianAndItsAlertIsRecordedInEnglish() async throws {
    let harness = russianHarness(thermal: ThermalScenario(failedPump: .b))
    try await harness.open("status")
    let text = harness.output.text
    for part in [
      "МКС — 15.01.2027 08:00 UTC", "Положение:", " км", "Системы", "Электропитание:", "Аккумуляторы:",
      "Терморегуляция:", "об/мин", "Стыковка:", "Crew Dragon у порта harmony-zenith (люк открыт)",
      "Прогресс МС у порта zvezda-aft", "АВАРИЯ: насос контура B: 0 об/мин (норма 8700)",
    ] {
      #expect(text.contains(part), "\(part) in \(text)")
    }
    #expect(text.range(of: #"\d+,\d кВт"#, options: .regularExpression) != nil, "decimal commas: \(text)")
    for english in ["Position", "Systems", " kW", "CRITICAL", "loop B"] {
      #expect(!text.contains(english), "\(english)")
    }
    #expect(harness.events(named: "station.alert").map { $0.properties["subject"] } == ["loop B pump"])
    #expect(harness.log.messages.contains { $0.hasPrefix("loop B pump at 0 rpm") }, "the log stays English")
  }

  @Test func thePowerScreenIsRussianWithItsStuckGimbalAlert() async throws {
    let stuck = PowerScenario(stuckGimbal: .init(channel: .c2A, angle: 40))
    let harness = russianHarness(power: stuck)
    try await harness.open("power")
    let text = harness.output.text
    for part in [
      "Электропитание — 15.01.2027 08:00 UTC", "Выработка:", "кВт возможных", "Альфа-шарниры:", "левый SARJ: слежение",
      "Крыло", "Ферма", "Режим", "слежение", "15,0°", "40,0°", "+", "Аккумуляторы  [",
      "АВАРИЯ: бета-шарнир 2A не движется: 25° от заданного угла",
    ] {
      #expect(text.contains(part), "\(part) in \(text)")
    }
    #expect(text.range(of: #"\d+,\d кВт"#, options: .regularExpression) != nil, "decimal commas: \(text)")
  }

  @Test func theThermalScreenIsRussian() async throws {
    let harness = russianHarness(thermal: ThermalScenario(retracted: [.port]))
    try await harness.open("thermal")
    let text = harness.output.text
    for part in [
      "Терморегуляция — 15.01.2027 08:00 UTC", "Контур", "Насос", "Расход", "8700 об/мин", "0,77 кг/с", "2,8 °C",
      "Радиатор", "раскрыт", "сложен", "слежение", "35,0 кВт",
    ] {
      #expect(text.contains(part), "\(part) in \(text)")
    }
  }

  @Test func theDockingScreenAndTheKeptScheduleAreRussian() async throws {
    let harness = russianHarness()
    await harness.schedule.setReading(
      ScheduleReading(schedule: .sample, receivedAt: VehicleSchedule.sample.generatedAt, isLive: false))
    try await harness.open("docking")
    let text = harness.output.text
    for part in [
      "Стыковка — 15.01.2027 08:00 UTC", "Порт", "Механизм", "ССВП", "люк открыт", "свободен", "Союз МС",
      "Транспортные корабли", "сохранённая копия от 15.01.2027 08:00 UTC; Хьюстон недоступен", "прибытие",
      "отбытие", "16.01.2027 08:00 UTC", "Progress MS-33",
    ] {
      #expect(text.contains(part), "\(part) in \(text)")
    }
  }

  @Test func aWatchedLineInAPipeIsRussian() async throws {
    let harness = russianHarness(thermal: ThermalScenario(failedPump: .a))
    try await harness.open("status --watch --count 2 --interval-ms 100")
    #expect(harness.output.lines.count == 2)
    for line in harness.output.lines {
      #expect(line.contains("выраб. ") && line.contains(" кВт") && line.contains("ТРЕВОГИ: насос контура A"), "\(line)")
      #expect(line.range(of: #"\d,\d кВт"#, options: .regularExpression) != nil, "\(line)")
    }
  }

  @Test func anglesAreTypedWithTheCommaTheScreensShow() async throws {
    #expect(
      try PeripheriesRoute(words: ["thermal", "rotate", "port", "-30,5"], language: .russian)
        == .radiator(.rotate(.port, .angle(-30.5))))
    #expect(
      try PeripheriesRoute(words: ["power", "wing", "1A", "-35,5"], language: .russian)
        == .wing(.c1A, .angle(-35.5)))
    #expect(
      try PeripheriesRoute(words: ["power", "sarj", "port", "12,25"], language: .russian)
        == .joint(.port, .angle(12.25)))
    #expect(throws: UsageError.self) { try PeripheriesRoute(words: ["power", "wing", "1A", "-35,5"]) }
    // At the prompt too: the angle a Russian reader types, with a comma.
    let harness = PeripheriesHarness(
      .interactive, input: ["t", "o", "port", "-30,5", "b", "b"], translator: Translator(language: .russian))
    await harness.coordinator.start()
    #expect(harness.errorOutput.text.isEmpty, "\(harness.errorOutput.text)")
    #expect(harness.events.events.contains { $0.name == "station.command" }, "the rotation was sent")
  }

  @Test func whatACommandDidIsSaidInRussian() async throws {
    let harness = russianHarness()
    try await harness.open("power wing 1A feather")
    try await harness.open("thermal rotate port -30.5")
    for wing in ["2A", "3A", "4A"] { try await harness.open("power wing \(wing) feather") }
    await harness.advance(by: 300)
    try await harness.open("docking approach harmony-forward starliner")
    let lines = harness.output.lines
    #expect(lines.contains("Выполнено: бета-шарнир 1A уходит во флюгер (90°)"), "\(lines)")
    #expect(lines.contains("Выполнено: повернуть левый радиатор (-30,5): выполняется"), "\(lines)")
    #expect(lines.contains("Выполнено: Гармония, передний (IDA-2): Starliner, сближение"), "\(lines)")
  }

  @Test func theJSONOfACommandIsTheSameInEveryLanguage() async throws {
    var documents: [String] = []
    for translator in [Translator.english, russian] {
      let harness = PeripheriesHarness(.once(json: true), translator: translator)
      try await harness.open("power wing 1A feather")
      try await harness.open("thermal retract port")
      documents.append(harness.output.text)
    }
    #expect(documents[0] == documents[1])
    #expect(documents[0].contains("beta gimbal 1A feathers (90°)"), "\(documents[0])")
  }

  @Test func refusalsReadInRussianAndStayEnglishForTheRecord() async throws {
    let harness = russianHarness()
    do {
      try await harness.open("docking approach harmony-forward starliner")
      Issue.record("the wings near harmony-forward are not feathered")
    } catch let error as PeripheriesError {
      #expect(
        error.translatedMessage.resolved(in: .russian)
          == "отказ: крылья батарей у порта harmony-forward не во флюгере (1A, 2A, 3A, 4A); "
          + "переведите их во флюгер ('power wing 1A feather') и дождитесь этого; ничего не изменилось")
      #expect(error.userMessage.hasPrefix("refused: the solar array wings near harmony-forward are not feathered"))
    }
    for wing in ["2A", "4A"] { try await harness.open("power wing \(wing) feather") }
    await harness.advance(by: 300)
    try await harness.open("docking approach prichal-nadir progress-ms")
    do {
      try await harness.open("power wing 4A track")
      Issue.record("4A stays feathered")
    } catch let error as PeripheriesError {
      #expect(
        error.translatedMessage.resolved(in: .russian).hasPrefix(
          "отказ: крыло 4A остаётся во флюгере, пока Прогресс МС у порта prichal-nadir (сближение)"))
    }
    #expect(
      PeripheriesError.jsonNeedsCount.translatedMessage.resolved(in: .russian)
        == "для 'status --watch --json' нужен --count N, чтобы вывод был одним документом JSON")
  }

  @Test func theInteractiveScreensAskAndRefuseInRussian() async throws {
    let harness = russianHarness(.interactive, input: ["p", "w", "5Z"])
    await harness.coordinator.start()
    let text = harness.output.text
    for part in [
      "Обзор", "Обновить", "Следить: 5 замеров", "Назад", "Повернуть крыло", "Крыло (1A…4B) (Enter — назад): ",
    ] {
      #expect(text.contains(part), "\(part) in \(text)")
    }
    #expect(harness.errorOutput.text.contains("«5Z» не подходит: нужно одно из 1A, 1B"), "\(harness.errorOutput.text)")
  }

  @Test func routesHelpAndChangesReadInRussian() {
    #expect(
      PeripheriesRoute.mainMenu.map { $0.title.resolved(in: .russian) } == [
        "Обзор", "Электропитание", "Терморегуляция", "Стыковка",
      ])
    #expect(
      PeripheriesRoute.wing(.c1A, .angle(-35.5)).change?.resolved(in: .russian)
        == "повернуть бета-шарнир крыла 1A: -35,5.")
    #expect(
      PeripheriesRoute.dock(.approach(.harmonyForward, .starliner)).change?.resolved(in: .russian)
        == "начать сближение: Starliner к порту harmony-forward.")
    #expect(
      PeripheriesRoute.radiator(.deploy(.starboard)).change?.resolved(in: .russian) == "раскрыть правый радиатор.")
    for command in PeripheriesRoute.commands {
      let abstract = command.abstract.resolved(in: .russian)
      #expect(abstract != command.abstract.description, "\(command.path) has a Russian abstract")
      #expect(abstract.range(of: #"\p{Cyrillic}"#, options: .regularExpression) != nil, "\(abstract)")
    }
  }
}
