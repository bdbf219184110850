import Localization
import Testing
import UIComponentsTestSupport

@testable import UIComponents

/// What the components themselves say (prompts, refusals, "Cancelled.") follows the terminal's
/// language, and numbers are written as the language writes them.
@MainActor @Suite struct TranslationTests {
  private let russian = Translator(language: .russian)

  @Test func aMenuAsksAndRefusesInTheTerminalsLanguage() {
    let output = CapturedOutput()
    let errors = CapturedOutput()
    let terminal = Terminal(
      input: ScriptedInput(lines: ["7", "2"]), output: output, errors: errors, theme: .plain, translator: russian)
    let menu = Menu("Скафандр", items: [.init("Телеметрия", key: "t", choice: 1), .init("Назад", key: "b", choice: 2)])
    #expect(menu.choose(on: terminal) == 2)
    #expect(output.text.contains("Выберите 1–2 или клавишу: "))
    #expect(errors.text == "«7» — нет такого пункта. Введите число от 1 до 2 или клавишу (t, b).\n")
  }

  @Test func promptsValidateInTheTerminalsLanguage() {
    let output = CapturedOutput()
    let errors = CapturedOutput()
    let terminal = Terminal(
      input: ScriptedInput(lines: ["99", "3", "может", "да"]), output: output, errors: errors, theme: .plain,
      translator: russian)
    #expect(Prompt<Int>.integer("Количество:", in: 1...5).ask(on: terminal) == 3)
    #expect(Prompt<Bool>.yesOrNo("Продолжить?").ask(on: terminal) == true)
    #expect(
      errors.lines == ["«99» — не целое число от 1 до 5.", "ответьте y (да) или n (нет)"], "\(errors.text)")
    #expect(Prompt<Bool>.yesOrNo("?").validate("нет") == .success(false))
    #expect(Prompt<Bool>.yesOrNo("?").validate("Yes") == .success(true))
  }

  @Test func everyPromptSaysHowToGoBackInTheTerminalsLanguage() {
    let output = CapturedOutput()
    let terminal = Terminal(
      input: ScriptedInput(lines: ["", ""]), output: output, errors: CapturedOutput(), theme: .plain,
      translator: russian)
    #expect(Prompt<String>.nonEmpty("Метка").ask(on: terminal) == nil)
    #expect(
      Prompt<String>(question: { .verbatim("Ключ (a1; ") + $0 + .verbatim("): ") }) { .success($0) }.ask(on: terminal)
        == nil)
    #expect(output.text == "Метка (Enter — назад): Ключ (a1; Enter — назад): ")
  }

  @Test func validationErrorsCompareByWhatTheySay() {
    #expect(ValidationError(Strings.promptAnswerYesOrNo) == ValidationError("answer y or n"))
    #expect(ValidationError(Strings.promptAnswerYesOrNo).translatedMessage.resolved(in: .russian) != "answer y or n")
  }

  @Test func gaugesWriteNumbersAsTheLanguageDoes() {
    let gauge = Gauge(label: "O2", value: 30.25, range: 0...100, unit: "kPa", width: 4)
    #expect(gauge.render(.plain).hasSuffix("30.25 kPa"))
    #expect(gauge.render(.plain, translator: russian).hasSuffix("30,25 kPa"))
    #expect(
      Gauge(label: "O2", value: 30.5, range: 0...100, unit: "", width: 4).render(.plain, translator: russian)
        .hasSuffix("30,5"))
  }

  @Test(arguments: ["1 000,5", "1\u{00A0}000", "-3,25 кПа", "1,000.5", "72 %", "+4"])
  func numbersOfEitherLanguageAlignRight(_ cell: String) {
    #expect(Table.looksNumeric(cell))
  }

  @Test(arguments: ["Вода", "-", "—", ",5", "n/a", ""])
  func wordsDoNotLookNumeric(_ cell: String) {
    #expect(!Table.looksNumeric(cell))
  }

  @Test func theTerminalPrintsTextInItsLanguage() {
    let output = CapturedOutput()
    let errors = CapturedOutput()
    let terminal = Terminal(
      input: ScriptedInput(lines: []), output: output, errors: errors, theme: .plain, translator: russian)
    terminal.print(Strings.flowCancelled)
    terminal.printError(Strings.errorLine(message: "диск заполнен"))
    #expect(output.text == "Отменено.\n")
    #expect(errors.text == "ошибка: диск заполнен\n")
    #expect(terminal.text(Strings.flowCancelled) == "Отменено.")
  }
}
