import AppAnalytics
import DockingPortServiceInterface
import Foundation
import Localization
import Logging
import Persistence
import Radio
import Testing

@testable import DockingPortService

/// What the docking system says to a person, in Russian; its wire text and JSON stay English.
@Suite("The docking system in Russian")
struct DockingLanguageTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func everyRefusalOfTheProcedureReadsInRussian() {
    var model = DockingSimulator(start: start)
    let refused: [(DockingCommand, String)] = [
      (
        .approach(.harmonyZenith, .starliner),
        "Crew Dragon у порта harmony-zenith (люк открыт); порт занят, выберите свободный"
      ),
      (
        .approach(.prichalNadir, .crewDragon),
        "Crew Dragon стыкуется через IDSS, у порта prichal-nadir — ССВП; используйте harmony-forward, harmony-zenith"
      ),
      (.undock(.harmonyZenith), "Crew Dragon у порта harmony-zenith (люк открыт); перед расстыковкой закройте люк"),
      (.capture(.prichalNadir), "порт prichal-nadir свободен; для захвата нужен корабль в контакте"),
      (
        .hardDock(.zvezdaAft),
        "Прогресс МС у порта zvezda-aft (люк открыт); жёсткая стыковка — только после мягкого захвата"
      ),
      (.openHatch(.prichalNadir), "порт prichal-nadir свободен; люк открывается только после жёсткой стыковки"),
      (.closeHatch(.harmonyForward), "порт harmony-forward свободен; открытого люка нет"),
      (.abort(.rassvetNadir), "Союз МС у порта rassvet-nadir (люк открыт); прервать можно только сближение"),
    ]
    for (step, russian) in refused {
      let answer = model.apply(step)
      #expect(!answer.accepted && answer.reason.resolved(in: .russian) == russian, "\(step)")
      #expect(answer.message == answer.reason.description, "the device says it in English: \(answer.message)")
    }
    #expect(model.apply(.approach(.prichalNadir, .progressMS)).accepted)
    #expect(
      model.apply(.approach(.harmonyForward, .starliner)).reason.resolved(in: .russian)
        == "Прогресс МС сближается с портом prichal-nadir; у станции движется только один корабль за раз")
    #expect(
      model.apply(.capture(.prichalNadir)).reason.resolved(in: .russian)
        == "Прогресс МС ещё в 200,0 м от порта prichal-nadir; захват — только при контакте")
  }

  @Test func whatAStepDidReadsInRussianAndItsJSONCarriesThePort() throws {
    var model = DockingSimulator(start: start)
    let answer = model.apply(.approach(.harmonyForward, .starliner))
    #expect(answer.message == "Harmony forward (IDA-2): Starliner, approach")
    #expect(answer.outcome.resolved(in: .russian) == "Гармония, передний (IDA-2): Starliner, сближение")
    #expect(answer.result?.phase == .approach && answer.result?.vehicle == .starliner)
    #expect(answer.command == "approach harmony-forward with Starliner")
    #expect(
      DockingCommand.approach(.harmonyForward, .starliner).localizedDescription.resolved(in: .russian)
        == "начать сближение: Starliner к порту harmony-forward")
    let json = String(decoding: try JSONEncoder().encode(answer), as: UTF8.self)
    #expect(json.range(of: #"\p{Cyrillic}"#, options: .regularExpression) == nil, "\(json)")
  }

  @Test func theErrorLinesOfTheDockingSystemAndTheScheduleAreRussian() async throws {
    let logger = Logger(module: "DockingLanguageTests", level: .error, sinks: [])
    let simulation = DockingPortSimulation(
      simulator: DockingSimulator(start: start), clock: { [start] in start }, logger: logger)
    let client = LiveDockingPortClient(
      connector: simulation.connector, logger: logger, analytics: Analytics(providers: []))
    do {
      _ = try await client.send(.undock(.zvezdaAft))
      Issue.record("the hatch is open")
    } catch let error as DockingPortError {
      #expect(
        error.translatedMessage.resolved(in: .russian)
          == "стыковочная система отказала: Прогресс МС у порта zvezda-aft (люк открыт); перед расстыковкой закройте "
          + "люк; ничего не изменилось")
      #expect(error.userMessage.hasPrefix("the docking system refused: Progress MS is at zvezda-aft (hatch open)"))
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("schedule-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try EntityStore(
      configuration: StoreConfiguration(fileURL: directory.appendingPathComponent("s.sqlite")))
    let offline = LiveVehicleScheduleClient(
      houston: nil, store: store, analytics: Analytics(providers: []), logger: logger)
    do {
      _ = try await offline.schedule()
      Issue.record("no schedule yet")
    } catch let error as VehicleScheduleError {
      #expect(
        error.translatedMessage.resolved(in: .russian)
          == "расписания кораблей ещё нет: Хьюстон не настроен; подключитесь к Хьюстону (--houston URL), чтобы его получить"
      )
      #expect(error.userMessage.hasPrefix("no vehicle schedule yet: Houston is not configured;"))
    }
    #expect(
      VehicleScheduleError.storage(.verbatim("disk I/O error")).translatedMessage.resolved(in: .russian).hasPrefix(
        "сбой локальной копии расписания (disk I/O error)"))
  }

  @Test func anUnreachableDeviceIsNamedInRussianAndItsPathStaysVerbatim() async throws {
    let path = "/tmp/no-station-\(UUID().uuidString.prefix(8)).sock"
    let client = LiveDockingPortClient(
      connector: .unixSocket(path: path), configuration: RadioLinkConfiguration(reconnect: .never),
      logger: .disabled(module: "LanguageTests"), analytics: Analytics(providers: []))
    let error = try #require(await #expect(throws: DockingPortError.self) { try await client.status() })
    #expect(error.kind == .unavailable)
    #expect(
      error.translatedMessage.resolved(in: .russian)
        == "стыковочная система не отвечает по адресу unix:\(path) (ошибка connect: нет такого файла или каталога); "
        + "проверьте, что станция (или station-sim) слушает этот адрес")
  }
}
