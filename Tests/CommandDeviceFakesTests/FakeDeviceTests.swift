import CommandDeviceFakes
import Foundation
import Localization
import Radio
import Testing

/// A dimmer of the tests: it fades towards its level at ten percent a second, refuses more than 100.
struct Dimmer: CommandDeviceModel, SteppedModel {
  typealias Device = DimmerWire
  var clock: ModelClock
  var level = 0.0
  var target = 0.0

  static func nominal(at start: Date) -> Dimmer { Dimmer(clock: ModelClock(start: start, step: 1)) }
  var status: Double { level }

  mutating func apply(_ command: Int) -> String {
    guard command <= 100 else { return "refused \(command)" }
    target = Double(command)
    return "set \(command)"
  }

  mutating func tick(_ seconds: Double) { level += max(-10 * seconds, min(10 * seconds, target - level)) }
}

enum DimmerError: Error, Equatable {
  case unreachable(LocalizedText), rejected(LocalizedText), protocolViolation(LocalizedText)
}

/// The dimmer on the wire, with the words, errors and news of its (test) service.
enum DimmerWire: CommandDeviceProtocol {
  typealias Status = Double
  typealias Command = Int
  static let identity = CommandDeviceIdentity(
    firstRequest: 0x50, wireName: "dimmer", inProcessEndpoint: "in-process:dimmer", module: "DimmerService",
    commandEvent: "dimmer.command")
  static let name = LocalizedText.verbatim("the dimmer")
  static let unreachableHint = LocalizedText.verbatim("check the dimmer")
  static func verdict(on answer: String) -> (command: String, refusal: LocalizedText?) {
    (answer, answer.hasPrefix("refused") ? .verbatim("at most 100") : nil)
  }
  static func unreachable(_ line: LocalizedText) -> DimmerError { .unreachable(line) }
  static func rejected(_ reason: LocalizedText) -> DimmerError { .rejected(reason) }
  static func protocolViolation(_ reason: LocalizedText) -> DimmerError { .protocolViolation(reason) }
  static func reconnecting(attempt: Int, of maximum: Int) -> String { "attempt \(attempt) of \(maximum)" }
  static var reconnected: String { "back" }
}

@Suite("A fake device runs the device's model on the test's clock")
struct FakeDeviceTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func theModelMovesOnlyWhenTheTestMovesTheClock() async throws {
    let fake = FakeDevice(Dimmer.nominal(at: start))
    #expect(try await fake.send(70) == "set 70")
    #expect(try await fake.status() == 0, "no time has passed")
    await fake.advance(by: 3)
    #expect(try await fake.status() == 30)
    await fake.advance(by: 60)
    #expect(try await fake.status() == 70)
  }

  @Test func itRefusesAsTheModelDoesWithTheDevicesErrorAndRecordsEveryCommand() async throws {
    let fake = FakeDevice(Dimmer.nominal(at: start))
    await #expect(throws: DimmerError.rejected(.verbatim("at most 100"))) { try await fake.send(120) }
    _ = try await fake.send(10)
    #expect(await fake.sentCommands == [120, 10])
  }

  @Test func aScriptedFailureHoldsUntilCleared() async throws {
    let fake = FakeDevice(Dimmer.nominal(at: start))
    await fake.setFailure(.unreachable(.verbatim("unplugged")))
    await #expect(throws: DimmerError.unreachable(.verbatim("unplugged"))) { try await fake.status() }
    await #expect(throws: DimmerError.unreachable(.verbatim("unplugged"))) { try await fake.send(5) }
    #expect(await fake.sentCommands == [5], "a command that failed was still sent")
    await fake.setFailure(nil)
    #expect(try await fake.status() == 0)
  }

  @Test func newsToldBeforeAWatchIsHeardFirstThenEveryWatcherHearsTheRest() async {
    let fake = FakeDevice(Dimmer.nominal(at: start))
    fake.tell(DimmerWire.reconnecting(attempt: 1, of: 3))
    var first = fake.linkNews().makeAsyncIterator()
    var second = fake.linkNews().makeAsyncIterator()
    fake.tell(DimmerWire.reconnected)
    #expect(await first.next() == "attempt 1 of 3")
    #expect(await first.next() == "back")
    #expect(await second.next() == "back", "the untold news went to the first watcher only")
  }
}
