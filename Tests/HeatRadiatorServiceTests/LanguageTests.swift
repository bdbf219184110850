import AppAnalytics
import Foundation
import HeatRadiatorServiceInterface
import Localization
import Logging
import Radio
import Testing

@testable import HeatRadiatorService

/// What the thermal control system says to a person, in Russian; its wire text stays English.
@Suite("The thermal control system in Russian")
struct ThermalLanguageTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func everyRefusalReadsInRussianAndTheDeviceStillSaysItInEnglish() {
    var model = HeatRadiatorSimulator(start: start)
    let deployed = model.apply(.deploy(.starboard))
    #expect(!deployed.accepted && deployed.message == "the starboard radiator is already deployed")
    #expect(deployed.reason.resolved(in: .russian) == "правый радиатор уже раскрыт")
    #expect(model.apply(.retract(.port)).accepted)
    #expect(
      model.apply(.deploy(.port)).reason.resolved(in: .russian)
        == "левый радиатор складывается; раскройте его, когда он сложится")
    #expect(
      model.apply(.rotate(.port, .track)).reason.resolved(in: .russian)
        == "левый радиатор складывается; поверните его, когда это закончится")
    let beyond = model.apply(.rotate(.starboard, .angle(120.5)))
    #expect(beyond.message == "the radiator rotary joint turns from -105° to 105°, not to 120.5°")
    #expect(
      beyond.reason.resolved(in: .russian)
        == "поворотный шарнир радиатора поворачивается от -105° до 105°, а не на 120,5°")
  }

  @Test func theErrorLineOfARefusalOverTheLinkIsRussian() async throws {
    let logger = Logger(module: "ThermalLanguageTests", level: .error, sinks: [])
    let simulation = HeatRadiatorSimulation(
      simulator: HeatRadiatorSimulator(start: start), clock: { [start] in start }, logger: logger)
    let client = LiveHeatRadiatorClient(
      connector: simulation.connector, logger: logger, analytics: Analytics(providers: []))
    do {
      _ = try await client.send(.deploy(.port))
      Issue.record("the port radiator is deployed")
    } catch let error as HeatRadiatorError {
      #expect(
        error.translatedMessage.resolved(in: .russian)
          == "система терморегулирования отказала: левый радиатор уже раскрыт; ничего не изменилось")
      #expect(
        error.userMessage
          == "the thermal control system refused: the port radiator is already deployed; nothing changed")
    }
    let answer = try await client.send(.rotate(.port, .angle(-30)))
    #expect(answer.message == "rotate the port radiator to -30: under way")
    #expect(
      ThermalCommand.rotate(.port, .angle(-30)).outcome.resolved(in: .russian)
        == "повернуть левый радиатор (-30): выполняется")
  }

  @Test func alertsReadInRussianAndAreNamedInEnglish() {
    var model = HeatRadiatorSimulator(start: start, scenario: ThermalScenario(failedPump: .a))
    model.advance(by: 600)
    let alerts = ThermalLimits.alerts(for: model.status)
    #expect(alerts.map(\.subject).contains("loop A return"))
    let russian = alerts.map { $0.text.resolved(in: .russian) }
    #expect(russian.contains("насос контура A: 0 об/мин (норма 8700); переведите тепловую нагрузку на другой контур"))
    #expect(
      russian.contains {
        $0.hasPrefix("возврат контура A: ") && $0.contains(",") && $0.hasSuffix("тепло станции не отводится")
      })
    #expect(alerts.map { $0.label.resolved(in: .russian) }.contains("насос контура A"))
  }

  @Test func anUnreachableDeviceIsNamedInRussianAndItsPathStaysVerbatim() async throws {
    let path = "/tmp/no-station-\(UUID().uuidString.prefix(8)).sock"
    let client = LiveHeatRadiatorClient(
      connector: .unixSocket(path: path), configuration: RadioLinkConfiguration(reconnect: .never),
      logger: .disabled(module: "LanguageTests"), analytics: Analytics(providers: []))
    let error = try #require(await #expect(throws: HeatRadiatorError.self) { try await client.status() })
    #expect(error.kind == .unavailable)
    #expect(
      error.translatedMessage.resolved(in: .russian)
        == "система терморегулирования не отвечает по адресу unix:\(path) (ошибка connect: нет такого файла или каталога); "
        + "проверьте, что станция (или station-sim) слушает этот адрес")
  }
}
