import Foundation
import Localization
import Testing
import UIComponents

@testable import Scaffold

/// The language an app speaks: `--language`, else `$ISS_LANGUAGE`, else the POSIX locale variables,
/// else the app's default; every line the launcher and the host print follows it.
@MainActor @Suite struct LanguageTests {
  @Test(
    arguments: [
      ([], [:], Language.english, Language.english),
      ([], [:], .russian, .russian),
      ([], ["LANG": "ru_RU.UTF-8"], .english, .russian),
      ([], ["LANG": "C.UTF-8"], .russian, .russian),
      ([], ["LC_ALL": "en_US.UTF-8", "LANG": "ru_RU.UTF-8"], .russian, .english),
      ([], ["ISS_LANGUAGE": "ru", "LC_ALL": "en_US.UTF-8"], .english, .russian),
      (["--language", "en"], ["ISS_LANGUAGE": "ru"], .russian, .english),
      (["supplies", "--language=RU"], [:], .english, .russian),
      (["--language", "xx"], ["LANG": "ru_RU.UTF-8"], .english, .russian),
      (["--", "--language", "ru"], [:], .english, .english),
    ] as [([String], [String: String], Language, Language)])
  func theLanguageFollowsItsPrecedence(
    arguments: [String], environment: [String: String], fallback: Language, expected: Language
  ) {
    #expect(LanguageChoice.language(arguments: arguments, environment: environment, fallback: fallback) == expected)
  }

  @Test func helpAndUsageErrorsAreInTheChosenLanguage() async {
    let harness = LaunchHarness()
    #expect(await harness.run(["--language", "ru", "--help"]) == 0)
    #expect(harness.output.text.contains("ИСПОЛЬЗОВАНИЕ:") || harness.output.text.contains("КОДЫ ВЫХОДА:"))
    #expect(harness.output.text.contains("--language <language>"))
    let russian = LaunchHarness()
    #expect(await russian.run(["gallery"], environment: ["LANG": "ru_RU.UTF-8"]) == 64)
    #expect(russian.errors.text.hasPrefix("ошибка: "), "\(russian.errors.text)")
    let english = LaunchHarness()
    #expect(await english.run(["gallery"], environment: ["LANG": "ru_RU.UTF-8", "ISS_LANGUAGE": "en"]) == 64)
    #expect(english.errors.text.hasPrefix("error: "), "\(english.errors.text)")
  }

  @Test func aLanguageThatIsNotSpokenIsAUsageError() async {
    let harness = LaunchHarness()
    #expect(await harness.run(["--language", "fr", "workout"]) == 64)
    #expect(harness.errors.lines.count == 1)
    #expect(harness.errors.text.contains("en (English) or ru (Russian)"), "\(harness.errors.text)")
    #expect(harness.journal.entries.isEmpty)
  }

  @Test func theInteractiveHostSpeaksTheLanguage() async {
    let harness = LaunchHarness()
    #expect(
      await harness.run(
        ["open", "galley/serve?meal=soup&portions=3"], input: ["н", "q"], environment: ["ISS_LANGUAGE": "ru"])
        == 0)
    let output = harness.output.text
    #expect(output.contains("Продолжить? [y/N]"), "\(output)")
    #expect(output.contains("Ничего не изменено."))
    #expect(output.contains("Выход"), "the main menu's Quit entry is translated")
    #expect(output.contains("Выберите 1"), "the menu's prompt is translated")
  }

  @Test func errorsShowTheirTranslatedMessage() {
    let error = NavigationError.notInThisApp(.health, appName: "laboratory")
    #expect(ErrorLine.text(for: error) == "error: laboratory has no health screen; open it in the app that has one")
    #expect(
      ErrorLine.text(for: error, translator: Translator(language: .russian))
        == "ошибка: в laboratory нет экрана health; откройте его в приложении, где он есть")
    #expect(error.userMessage == "laboratory has no health screen; open it in the app that has one")
  }
}
