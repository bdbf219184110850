import AppAnalytics
import Foundation
import Localization
import Logging
import Radio
import SpacesuitServiceInterface
import Testing

@testable import SpacesuitService

/// What the suit service says to a person, in Russian; the wire and the English lines stay as they were.
@Suite("The suit service in Russian")
struct SpacesuitLanguageTests {

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
        == "нет скафандра по адресу \(path): connect: нет такого файла или каталога. Запустите его: spacesuit-sim "
        + "--socket \(path)")
    #expect(
      error.userMessage
        == "no suit at \(path): connect: No such file or directory. Start one with: spacesuit-sim --socket \(path)")
  }

  @Test func aSuitOfAnotherProtocolVersionReadsInRussian() {
    let violation = SpacesuitError.protocolViolation(SuitProtocol.DecodingFailure.unsupportedVersion(2).text)
    #expect(
      violation.translatedMessage.resolved(in: .russian)
        == "скафандр прислал ответ, который программа не понимает (скафандр работает по протоколу версии 2, "
        + "программа — по версии 1); обновите программу или прошивку скафандра")
  }

  @Test func commandsRoundTripThroughTheWireFormat() throws {
    for command in [
      SuitCommand.setTemperature(celsius: 21.5), .setOxygenFlow(litersPerMinute: 3), .setLights(on: true),
    ] {
      let payload = try SuitProtocol.encode(command)
      #expect(try SuitProtocol.decode(SuitCommand.self, from: payload) == command)
    }
    let otherVersion = Array(#"{"v":2,"body":{}}"#.utf8)
    #expect(throws: SuitProtocol.DecodingFailure.unsupportedVersion(2)) {
      try SuitProtocol.decode(SuitProtocol.Empty.self, from: otherVersion)
    }
  }
}
