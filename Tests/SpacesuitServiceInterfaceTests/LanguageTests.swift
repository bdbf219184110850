import Foundation
import Localization
import Testing

@testable import SpacesuitServiceInterface

/// What the suit's interface says to a person, in Russian; the English lines stay as they were.
@Suite("The suit's words in Russian")
struct SpacesuitInterfaceLanguageTests {
  /// The Russian line of the `SpacesuitError` that `body` throws.
  private func russian(_ body: () throws -> SuitCommand) -> String? {
    do {
      _ = try body()
      return nil
    } catch {
      return (error as? SpacesuitError)?.translatedMessage.resolved(in: .russian)
    }
  }

  @Test func commandErrorsShowRussianWordsAndNumbers() {
    #expect(
      russian { try SuitCommand.parse(setting: "temperature", value: "99") }
        == "неверная команда скафандру: температура 99,0 °C вне допустимого диапазона; используйте 16,0–30,0 °C")
    #expect(
      russian { try SuitCommand.parse(setting: "oxygen-flow", value: "0.499") }
        == "неверная команда скафандру: подача кислорода 0,499 л/мин вне допустимого диапазона; используйте 0,5–8,0 л/мин"
    )
    #expect(
      russian { try SuitCommand.parse(setting: "temperature", value: "warm") }
        == "неверная команда скафандру: температура: нужно число в диапазоне 16,0–30,0 °C, а не «warm»")
    #expect(
      russian { try SuitCommand.parse(setting: "lights", value: "dim") }
        == "неверная команда скафандру: свет шлема: укажите on или off, а не «dim»")
    #expect(
      russian { try SuitCommand.parse(setting: "gravity", value: "1") }
        == "неверная команда скафандру: неизвестная настройка «gravity»; используйте одну из: temperature, "
        + "oxygen-flow, lights")
  }

  @Test func linkNewsTimeoutsAndViolationsReadInRussian() {
    #expect(
      SuitLinkEvent.reconnecting(attempt: 2, maximumAttempts: 10).text.resolved(in: .russian)
        == "связь со скафандром потеряна; переподключение (попытка 2 из 10)…")
    #expect(
      SuitLinkEvent.reconnecting(attempt: 2, maximumAttempts: 10).message
        == "suit link lost; reconnecting (attempt 2 of 10)…")
    #expect(SuitLinkEvent.reconnected.text.resolved(in: .russian) == "связь со скафандром восстановлена")
    #expect(
      SpacesuitError.timeout.translatedMessage.resolved(in: .russian)
        == "скафандр не ответил вовремя; проверьте радиоканал и повторите")
    #expect(
      SpacesuitError.invalidConnection(Strings.connectionPathEmpty).translatedMessage.resolved(in: .russian)
        == "путь к сокету скафандра пуст; используйте unix:PATH")
  }
}
