import AppAnalytics
import Foundation
import Localization
import Logging
import Radio
import SolarArrayServiceInterface
import Testing

@testable import SolarArrayService

/// What the power system says to a person, in Russian; its wire text and English lines stay as they were.
@Suite("The power system in Russian")
struct PowerLanguageTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)
  let logger = Logger(module: "PowerLanguageTests", level: .error, sinks: [])

  @Test func aRefusalCrossesTheLinkAndReadsInRussian() async throws {
    let simulation = SolarArraySimulation(
      simulator: SolarArraySimulator(start: start), clock: { [start] in start }, logger: logger)
    let client = LiveSolarArrayClient(
      connector: simulation.connector, logger: logger, analytics: Analytics(providers: []))
    do {
      _ = try await client.send(.joint(.port, .feather))
      Issue.record("an alpha joint does not feather")
    } catch let error as SolarArrayError {
      #expect(
        error.translatedMessage.resolved(in: .russian)
          == "система электропитания отказала: альфа-шарнир не переводится во флюгер; укажите track или угол от "
          + "-180 до 180; ничего не изменилось")
      #expect(
        error.userMessage
          == "the power system refused: an alpha joint does not feather; give track or an angle from -180 to 180; "
          + "nothing changed")
    }
  }

  @Test func anUnreachablePowerSystemIsNamedInRussianAndItsPathStaysVerbatim() async throws {
    let path = "/tmp/no-station-\(UUID().uuidString.prefix(8)).sock"
    let client = LiveSolarArrayClient(
      connector: .unixSocket(path: path),
      configuration: RadioLinkConfiguration(requestTimeout: .seconds(1), reconnect: .never), logger: logger,
      analytics: Analytics(providers: []))
    let error = try #require(await #expect(throws: SolarArrayError.self) { try await client.status() })
    #expect(
      error.translatedMessage.resolved(in: .russian)
        == "система электропитания не отвечает по адресу unix:\(path) (ошибка connect: нет такого файла или каталога); "
        + "проверьте, что станция (или station-sim) слушает этот адрес")
    #expect(
      error.userMessage
        == "cannot reach the power system at unix:\(path) (connect failed: No such file or directory); "
        + "check that the station (or station-sim) is listening there")
  }

  @Test func whatACommandDoesIsTheDevicesEnglishAndReadsInRussian() {
    var model = SolarArraySimulator(start: start)
    for (command, russian) in [
      (PowerCommand.wing(.c1A, .angle(-35.5)), "бета-шарнир 1A поворачивается на -35,5° (отрицательная сторона)"),
      (.wing(.c2B, .feather), "бета-шарнир 2B уходит во флюгер (90°)"),
      (.joint(.starboard, .track), "правый SARJ следит за Солнцем"),
    ] {
      let answer = model.apply(command)
      #expect(answer.accepted && answer.message == command.outcome.description)
      #expect(command.outcome.resolved(in: .russian) == russian)
    }
    #expect(model.apply(.wing(.c1A, .angle(-35.5))).message == "beta gimbal 1A turns to -35.5° (negative side)")
  }

  @Test func alertsReadInRussianAndAreNamedInEnglish() {
    let scenario = PowerScenario(stuckGimbal: .init(channel: .c2A, angle: 40), batteryCharge: [.c3B: 35])
    let alerts = PowerLimits.alerts(for: SolarArraySimulator(start: start, scenario: scenario).status)
    #expect(alerts.map(\.subject) == ["beta gimbal 2A", "battery 3B"])
    #expect(alerts.map { $0.label.resolved(in: .russian) } == ["бета-шарнир 2A", "АКБ 3B"])
    #expect(alerts[1].message == "channel 3B batteries at 35 % (below 40 %); shed load on the channel")
    #expect(
      alerts[1].text.resolved(in: .russian) == "аккумуляторы канала 3B: 35 % (ниже 40 %); снизьте нагрузку на канал")
    #expect(alerts[0].text.resolved(in: .russian).contains(" из 25,0 кВт"), "\(alerts[0].text.resolved(in: .russian))")
  }
}
