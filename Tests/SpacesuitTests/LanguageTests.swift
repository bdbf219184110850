import CommandLineKit
import Localization
import SpacesuitServiceFakes
import SpacesuitServiceInterface
import Testing
import UIComponents

@testable import Spacesuit

/// The suit and Health screens in Russian: Russian words and decimal commas, the same JSON as in English.
@MainActor
@Suite("Spacesuit in Russian")
struct SpacesuitLanguageTests {
  let russian = Translator(language: .russian)

  @Test func theSuitStatusScreenIsRussianWithDecimalCommas() async throws {
    let harness = SpacesuitHarness(
      .once(json: false), client: FakeSpacesuitClient(telemetry: .troubled), translator: russian)

    try await harness.open("suit status")

    let text = harness.output.text
    for part in [
      "Скафандр — 22.11.2026 05:00 UTC", "Давление в скафандре", "29,6 кПа", "Показание", "Норма", "норма",
      "Заданная температура", "Фонари шлема", "выкл.", "КРИТИЧНО: CO2 8,1 мм рт. ст. — КРИТИЧНО",
      "ВНИМАНИЕ: Батарея 30,0 % — ВНИМАНИЕ (норма 40,0–100,0 %, допуск 15,0–100,0)",
    ] {
      #expect(text.contains(part), "\(part) in \(text)")
    }
    for english in ["Spacesuit", "Suit pressure", "optimal", "Settings", "CRITICAL", "29.6"] {
      #expect(!text.contains(english), "\(english) in \(text)")
    }
  }

  @Test func theHealthScreenIsRussianWithDecimalCommas() async throws {
    let harness = SpacesuitHarness(.once(json: false), translator: russian)

    try await harness.open("health")

    let text = harness.output.text
    #expect(harness.output.lines.first == "Проверка здоровья — 22.11.2026 05:00 UTC")
    for part in ["Пульс", "72 уд/мин", "36,8 °C", "Температура тела", "Тревог нет: все показания в норме."] {
      #expect(text.contains(part), "\(part) in \(text)")
    }
    #expect(!text.contains("Heart rate"))
  }

  @Test func theWatchAndAcknowledgementAreRussian() async throws {
    let harness = SpacesuitHarness(.once(json: false), translator: russian)

    try await harness.open("suit watch --count 1 --interval-ms 1")
    try await harness.open("suit set temperature 22.5")

    let text = harness.output.text
    #expect(text.contains("давление"), "\(text)")
    #expect(text.contains("29,6 кПа") && text.contains("87,0 %"), "\(text)")
    #expect(text.contains("Скафандр подтвердил: заданная температура — 22,5 °C"), "\(text)")
    #expect(SpacesuitRoute.set(.setLights(on: true)).change.map(russian.callAsFunction) == "включить фонари шлема.")
  }

  @Test func theJSONIsTheSameInBothLanguages() async throws {
    for command in ["suit status", "health", "suit watch --count 2 --interval-ms 1"] {
      let english = SpacesuitHarness(.once(json: true), client: FakeSpacesuitClient(telemetry: .troubled))
      let russian = SpacesuitHarness(
        .once(json: true), client: FakeSpacesuitClient(telemetry: .troubled), translator: russian)
      try await english.open(command)
      try await russian.open(command)
      #expect(english.output.text == russian.output.text, "\(command)")
      #expect(!english.output.text.isEmpty)
    }
  }

  @Test func theJSONWatchRefusalIsRussian() {
    #expect(russian(SpacesuitFlowError.jsonNeedsCount.translatedMessage).contains("нужен --count N"))
    #expect(SpacesuitFlowError.jsonNeedsCount.userMessage.hasPrefix("'suit watch --json' needs --count N"))
  }
}

/// Decimals as the reader's language writes them: `2,5` where the screens show `0,5–8,0`.
@Suite("Spacesuit numbers in the reader's language")
struct SpacesuitDecimalMarkTests {
  @Test func aRussianCommandLineTakesTheCommaItsScreensShow() throws {
    #expect(
      try SpacesuitRoute(words: ["suit", "set", "oxygen-flow", "2,5"], language: .russian)
        == .set(.setOxygenFlow(litersPerMinute: 2.5)))
    #expect(
      try SpacesuitRoute(words: ["suit", "set", "temperature", "21,5"], language: .russian)
        == .set(.setTemperature(celsius: 21.5)))
    #expect(
      try SpacesuitRoute(words: ["suit", "set", "oxygen-flow", "2.5"], language: .russian)
        == .set(.setOxygenFlow(litersPerMinute: 2.5)))
  }

  @Test func inEnglishACommaIsAUsageErrorShowingTheExpectedForm() {
    let error = #expect(throws: UsageError.self) {
      try SpacesuitRoute(words: ["suit", "set", "oxygen-flow", "2,5"], language: .english)
    }
    #expect(
      error?.message.description == #"invalid suit command: oxygen-flow needs a number in 0.5–8.0 L/min, not "2,5""#,
      "\(error?.message.description ?? "")")
  }
}

@MainActor
@Suite("Spacesuit prompts in Russian")
struct SpacesuitPromptLanguageTests {
  @Test func anEnglishPromptRefusesACommaAndTakesThePoint() async throws {
    let harness = SpacesuitHarness(.interactive, input: ["o", "2,5", "2.5", "b"])
    await harness.coordinator.start()
    #expect(await harness.sentCommands() == [.setOxygenFlow(litersPerMinute: 2.5)])
    #expect(harness.errorOutput.lines.count == 1, "\(harness.errorOutput.lines)")
    #expect(harness.errorOutput.text.contains(#""2,5""#) && harness.errorOutput.text.contains("0.5–8.0"))
  }

  @Test func anOutOfRangeAnswerIsRefusedInRussianAndACommaDecimalIsAccepted() async throws {
    let harness = SpacesuitHarness(
      .interactive, input: ["t", "45", "21,5", "b"], translator: Translator(language: .russian))

    await harness.coordinator.start()

    #expect(await harness.sentCommands() == [.setTemperature(celsius: 21.5)])
    #expect(
      harness.errorOutput.lines == [
        "неверная команда скафандру: temperature 45,0 °C вне пределов; допустимо 16,0–30,0 °C"
      ])
  }
}
