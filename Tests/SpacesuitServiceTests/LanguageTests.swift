import AppAnalytics
import Foundation
import Localization
import Logging
import Radio
import Testing

@testable import SpacesuitService

/// What the suit service says to a person, in Russian; the wire and the English lines stay as they were.
@Suite("The suit service in Russian")
struct SpacesuitLanguageTests {
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

  @Test func theSuitsRefusalCrossesTheWireLanguageNeutralAndReadsInRussian() async throws {
    let client = try await SpacesuitClients.live(
      .simulated(seed: 3), logger: .disabled(module: "SpacesuitLanguageTests"), analytics: .disabled)
    let error = try #require(
      await #expect(throws: SpacesuitError.self) { try await client.send(.setTemperature(celsius: 45)) })
    #expect(
      error.translatedMessage.resolved(in: .russian)
        == "скафандр отклонил команду: температура должна быть в пределах 16,0–30,0 °C")
    #expect(error.userMessage == "the suit refused the command: temperature must be within 16.0–30.0 °C")
    let accepted = try await client.send(.setOxygenFlow(litersPerMinute: 2.5))
    #expect(accepted.message == "oxygen flow set to 2.5 L/min")
    #expect(
      SuitCommand.setOxygenFlow(litersPerMinute: 2.5).outcome.resolved(in: .russian) == "подача кислорода — 2,5 л/мин")
  }

  @Test func theWireFormatStaysCompatibleBothWays() throws {
    let refusal = SuitCommandRules.refuse(
      .setTemperature(celsius: 45), .temperatureOutOfRange(minimum: 16, maximum: 30))
    let decoded = try SuitProtocol.decode(CommandAcknowledgement.self, from: SuitProtocol.encode(refusal))
    #expect(decoded == refusal && decoded.reason == refusal.refusal?.text)
    // An older suit sends no `refusal`: its English words are shown as they are.
    let older = Array(
      #"{"v":1,"body":{"command":"lights on","accepted":false,"message":"bulb broken"}}"#.utf8)
    let old = try SuitProtocol.decode(CommandAcknowledgement.self, from: older)
    #expect(old.refusal == nil && old.reason.resolved(in: .russian) == "bulb broken")
    // An accepted acknowledgement carries no new key.
    let accepted = String(
      decoding: try JSONEncoder().encode(
        CommandAcknowledgement(command: "lights on", accepted: true, message: "helmet lights on")), as: UTF8.self)
    #expect(!accepted.contains("refusal"))
  }

  @Test func anAbsentSuitIsNamedInRussianWithThePathVerbatim() async throws {
    let path = "/tmp/no-suit-\(UUID().uuidString.prefix(8)).sock"
    let error = try #require(
      await #expect(throws: SpacesuitError.self) {
        try await SpacesuitClients.live(
          .unixSocket(path: path), logger: .disabled(module: "SpacesuitLanguageTests"), analytics: .disabled,
          configuration: RadioLinkConfiguration(requestTimeout: .seconds(1), reconnect: .never))
      })
    #expect(
      error.translatedMessage.resolved(in: .russian)
        == "нет скафандра по адресу \(path): connect: No such file or directory. Запустите его: spacesuit-sim "
        + "--socket \(path)")
    #expect(
      error.userMessage
        == "no suit at \(path): connect: No such file or directory. Start one with: spacesuit-sim --socket \(path)")
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
    let violation = SpacesuitError.protocolViolation(SuitProtocol.DecodingFailure.unsupportedVersion(2).text)
    #expect(
      violation.translatedMessage.resolved(in: .russian)
        == "скафандр прислал ответ, который программа не понимает (скафандр работает по протоколу версии 2, "
        + "программа — по версии 1); обновите программу или прошивку скафандра")
    #expect(
      SpacesuitError.invalidConnection(Strings.connectionPathEmpty).translatedMessage.resolved(in: .russian)
        == "путь к сокету скафандра пуст; используйте unix:PATH")
  }
}
