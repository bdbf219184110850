import CommandDeviceFakes
import DeviceServiceInterface
import Foundation
import Localization
import Radio
import Testing

/// A dimmer of the tests: it fades towards its level at ten percent a second, refuses more than 100.
struct Dimmer: CommandDeviceModel, SteppedModel {
  typealias Device = DimmerKind
  var clock: ModelClock
  var level = 0.0
  var target = 0.0

  static func nominal(at start: Date) -> Dimmer { Dimmer(clock: ModelClock(start: start, step: 1)) }
  var status: Double { level }

  mutating func apply(_ command: Int) -> DimmerKind.Acknowledgement {
    let refusal: DimmerRefusal? = command > 100 ? .tooBright : nil
    if refusal == nil { target = Double(command) }
    return DimmerKind.Acknowledgement(answering: command, refusal: refusal, outcome: .verbatim("set \(command)"))
  }

  mutating func tick(_ seconds: Double) { level += max(-10 * seconds, min(10 * seconds, target - level)) }
}

enum DimmerRefusal: DeviceRefusal {
  case tooBright
  var text: LocalizedText { .verbatim("at most 100") }
}

/// The dimmer as its clients know it, and on the wire, as a station device is.
enum DimmerKind: DeviceKind, CommandDeviceProtocol {
  static let contract = DeviceContract(
    status: Double.self, command: Int.self, refusal: DimmerRefusal.self,
    words: StringTable(module: "DimmerService", texts: [.english: ["error.rejected": "the dimmer refused: {reason}"]]))
  static let identity = CommandDeviceIdentity(
    band: 0x50, wireName: "dimmer", endpoint: "dimmer", module: "DimmerService")
}

@Suite("A fake device runs the device's model on the test's clock")
struct FakeDeviceTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func theModelMovesOnlyWhenTheTestMovesTheClock() async throws {
    let fake = FakeDevice(Dimmer.nominal(at: start))
    #expect(try await fake.send(70).message == "set 70")
    #expect(try await fake.status() == 0, "no time has passed")
    await fake.advance(by: 3)
    #expect(try await fake.status() == 30)
    await fake.advance(by: 60)
    #expect(try await fake.status() == 70)
  }

  @Test func itRefusesAsTheModelDoesWithTheDevicesErrorAndRecordsEveryCommand() async throws {
    let fake = FakeDevice(Dimmer.nominal(at: start))
    await #expect(throws: DimmerKind.Failure.rejected(.verbatim("at most 100"))) { try await fake.send(120) }
    _ = try await fake.send(10)
    #expect(await fake.sentCommands == [120, 10])
  }

  @Test func aScriptedFailureHoldsUntilCleared() async throws {
    let fake = FakeDevice(Dimmer.nominal(at: start))
    await fake.setFailure(.unreachable(.verbatim("unplugged")))
    await #expect(throws: DimmerKind.Failure.unreachable(.verbatim("unplugged"))) { try await fake.status() }
    await #expect(throws: DimmerKind.Failure.unreachable(.verbatim("unplugged"))) { try await fake.send(5) }
    #expect(await fake.sentCommands == [5], "a command that failed was still sent")
    await fake.setFailure(nil)
    #expect(try await fake.status() == 0)
  }

  @Test func newsToldBeforeAWatchIsHeardFirstThenEveryWatcherHearsTheRest() async {
    let fake = FakeDevice(Dimmer.nominal(at: start))
    fake.tell(.reconnecting(attempt: 1, maximumAttempts: 3))
    var first = fake.linkNews().makeAsyncIterator()
    var second = fake.linkNews().makeAsyncIterator()
    fake.tell(.reconnected)
    #expect(await first.next() == .reconnecting(attempt: 1, maximumAttempts: 3))
    #expect(await first.next() == .reconnected)
    #expect(await second.next() == .reconnected, "the untold news went to the first watcher only")
  }
}
