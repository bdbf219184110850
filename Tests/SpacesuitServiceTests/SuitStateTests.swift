import AppAnalytics
import Foundation
import Localization
import Logging
import Radio
import SpacesuitServiceInterface
import Testing

@testable import SpacesuitService

/// A fresh directory for state files, removed afterwards.
final class StateDirectory {
  let url: URL

  init() throws {
    url = URL(fileURLWithPath: "/tmp/iss-suit-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  var stateFile: URL { url.appendingPathComponent("suit-state.json") }

  var entries: [String] { (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.sorted() ?? [] }
}

/// The in-process suit kept in a state file: what one client sets, the next one (another process
/// in real life) finds, and a kill at any moment leaves a readable file.
@Suite struct SuitStateTests {
  let logger = Logger.disabled(module: "SpacesuitServiceTests")

  private func client(
    _ directory: StateDirectory, seed: UInt64 = 1, scenario: SuitScenario? = nil
  ) async throws
    -> any SpacesuitClient
  {
    try await SpacesuitClients.live(
      .simulated(seed: seed, scenario: scenario, stateFile: directory.stateFile), logger: logger,
      analytics: .disabled, configuration: .init(requestTimeout: .seconds(60)))
  }

  @Test func aSettingOutlivesTheClientThatMadeIt() async throws {
    let directory = try StateDirectory()
    do {
      let first = try await client(directory, seed: 1)
      #expect(try await first.send(.setTemperature(celsius: 22.5)).accepted)
      _ = try await first.send(.setLights(on: true))
    }
    // Another seed, as the app passes a new one every run: the saved suit wins.
    let second = try await client(directory, seed: 99)
    let telemetry = try await second.telemetry()
    #expect(telemetry.targetTemperatureC == 22.5)
    #expect(telemetry.helmetLightsOn)
    #expect(directory.entries == ["suit-state.json", "suit-state.json.lock"], "no temporary file is left behind")
  }

  @Test func twoClientsAtOnceSeeEachOthersSettings() async throws {
    let directory = try StateDirectory()
    let watching = try await client(directory)
    _ = try await watching.telemetry()
    let commanding = try await client(directory)
    _ = try await commanding.send(.setOxygenFlow(litersPerMinute: 3.5))
    #expect(try await watching.telemetry().oxygenFlowLitersPerMinute == 3.5)
    // And the watcher's own command does not undo the other's.
    _ = try await watching.send(.setLights(on: true))
    let reread = try await client(directory).telemetry()
    #expect(reread.oxygenFlowLitersPerMinute == 3.5)
    #expect(reread.helmetLightsOn)
  }

  @Test func anUnreadableStateFileIsSetAsideNotLost() async throws {
    let directory = try StateDirectory()
    try Data("{ half a suit".utf8).write(to: directory.stateFile)
    let suit = try await client(directory)
    #expect(try await suit.send(.setTemperature(celsius: 25)).accepted)
    let aside = directory.stateFile.appendingPathExtension("corrupt")
    #expect(try String(contentsOf: aside, encoding: .utf8) == "{ half a suit")
    #expect(try await client(directory).telemetry().targetTemperatureC == 25)
  }

  @Test func everyUnreadableStateFileIsKeptNoCopyOverwritten() throws {
    let directory = try StateDirectory()
    var movedTo: [String?] = []
    for content in ["{ first half", "{ second half", "{ third half"] {
      try Data(content.utf8).write(to: directory.stateFile)
      let loaded = SuitStateFile(url: directory.stateFile).load { _, _, aside in movedTo.append(aside) }
      #expect(loaded == nil)
    }
    let base = directory.stateFile.appendingPathExtension("corrupt").path
    #expect(movedTo == [base, base + "-2", base + "-3"])
    #expect(try String(contentsOfFile: base, encoding: .utf8) == "{ first half")
    #expect(try String(contentsOfFile: base + "-2", encoding: .utf8) == "{ second half")
    #expect(try String(contentsOfFile: base + "-3", encoding: .utf8) == "{ third half")
    #expect(!FileManager.default.fileExists(atPath: directory.stateFile.path))
  }

  @Test func theFileIsReplacedWholeOrNotAtAll() throws {
    let directory = try StateDirectory()
    let file = SuitStateFile(url: directory.stateFile)
    var suit = SuitSimulator(seed: 3, start: Date(timeIntervalSince1970: 1_795_323_600))
    for celsius in stride(from: 16.0, through: 30.0, by: 0.5) {
      _ = suit.apply(.setTemperature(celsius: celsius))
      try file.save(SuitStateFile.Document(savedAt: Date(), suit: suit))
      let reread = SuitStateFile(url: directory.stateFile).load { path, reason, _ in
        Issue.record("set aside \(path): \(reason)")
      }
      #expect(reread?.suit == suit)
    }
    #expect(directory.entries == ["suit-state.json"])
  }

  @Test func aCommandThatCannotBeSavedIsAnIOFailureNamingTheFileAndChangesNothing() async throws {
    let directory = try StateDirectory()
    let suit = try await client(directory)
    _ = try await suit.telemetry()
    // The next save cannot be written (as on a full disk): a directory blocks its temporary file.
    let blocker = directory.url.appendingPathComponent(".suit-state.json.\(getpid()).tmp")
    try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: false)
    let failure = await #expect(throws: SpacesuitError.self) { try await suit.send(.setTemperature(celsius: 29)) }
    // Not the suit's verdict on the command (65 "refused") but a write that failed: I/O, 74.
    #expect(failure?.kind == .io)
    #expect(
      failure?.userMessage
        == "the suit's state could not be saved to \(directory.stateFile.path): Is a directory; nothing was changed")
    #expect(
      failure?.translatedMessage.resolved(in: .russian).hasPrefix("не удалось сохранить состояние скафандра") == true)
    #expect(try await suit.telemetry().targetTemperatureC == 22)
    try FileManager.default.removeItem(at: blocker)
    #expect(try await client(directory).telemetry().targetTemperatureC == 22, "nothing half-saved either")
  }

  @Test func aSuitLeftAloneLongerThanAnEVAIsServiced() async throws {
    let directory = try StateDirectory()
    let start = Date(timeIntervalSince1970: 1_795_323_600)
    var worn = SuitSimulator(seed: 4, start: start)
    _ = worn.apply(.setTemperature(celsius: 26))
    worn.begin(.batteryDrain)
    worn.advance(by: 3600)
    #expect(worn.telemetry.batteryChargePercent == 0)
    try SuitStateFile(url: directory.stateFile).save(.init(savedAt: start, suit: worn))

    let clock = ManualClock(start.addingTimeInterval(SuitSimulator.evaDurationSeconds + 60))
    let server = SimulatedSuitServer(
      simulator: SuitSimulator(seed: 4, start: clock.now), clock: { clock.now }, stateFile: directory.stateFile,
      logger: logger)
    let suit = await server.currentSuit()
    #expect(suit.telemetry.batteryChargePercent == 100)
    #expect(suit.scenario == .nominal)
    #expect(suit.telemetry.targetTemperatureC == 26, "servicing keeps the settings")
  }
}

@Suite struct TimeFactorTests {
  let logger = Logger.disabled(module: "SpacesuitServiceTests")

  @Test func suitTimeRunsFasterByTheFactor() async throws {
    let start = Date(timeIntervalSince1970: 1_795_323_600)
    let clock = ManualClock(start)
    let server = SimulatedSuitServer(
      simulator: SuitSimulator(seed: 5, start: start), clock: { clock.now }, timeFactor: 60, logger: logger)
    clock.advance(by: 10)
    let suit = await server.currentSuit()
    #expect(suit.now == start.addingTimeInterval(600))
    // Answers carry the wall-clock time of the sample, not the suit's sped-up time.
    let (type, payload) = await server.answer(
      Frame(type: SuitProtocol.MessageType.telemetryRequest.rawValue, sequence: 1))
    #expect(type == .telemetry)
    #expect(try SuitProtocol.decode(SuitTelemetry.self, from: payload).timestamp == clock.now)
  }
}
