import Foundation
import Localization
import Network
import Synchronization
import Testing

@testable import CosmonautServiceInterface

/// The plumbing both live clients share: background rounds and the retry relay.
@Suite struct BackgroundRoundsTests {
  static let houston = ControlCenter(name: "Houston", setting: "", clock: .utc)
  static let tsup = ControlCenter(name: "TsUP", setting: "", clock: .moscow)

  @Test func eachRoundPublishesTheCountsWithItsOutcomeAndAFailureIsSaidNotThrown() async throws {
    let calls = Mutex(0)
    let failures = Mutex<[String]>([])
    let (statuses, continuation) = AsyncStream.makeStream(of: SyncStatus.self)
    let rounds = BackgroundRounds()
    rounds.nudge()  // before start: nothing runs, nothing breaks
    let sync = rounds.start(
      every: .seconds(3600),
      round: {
        let call = calls.withLock { calls in
          calls += 1
          return calls
        }
        switch call {
        case 1: return nil  // offline: only queued
        case 2:
          return SyncReport(
            delivered: [], pending: [], houstonConfigured: true, lastError: .verbatim("Houston is away"))
        default: throw CosmonautServiceError.notConfigured(Self.houston)
        }
      },
      status: { SyncStatus(pending: 2, setAside: 1, houstonConfigured: true) },
      failure: { error in
        failures.withLock { $0.append("\(error)") }
        return .verbatim("failed: \(error)")
      },
      onStatus: { continuation.yield($0) })
    var received = statuses.makeAsyncIterator()

    let offline = try #require(await received.next())
    #expect(offline.pending == 2 && offline.setAside == 1 && offline.lastErrorText == nil && offline.lastDelivered == 0)
    rounds.nudge()
    let stopped = try #require(await received.next())
    #expect(stopped.lastError == "Houston is away")
    rounds.nudge()
    let failed = try #require(await received.next())
    let failure = "\(CosmonautServiceError.notConfigured(Self.houston))"
    #expect(failed.lastError == "failed: \(failure)" && failed.pending == 2)
    #expect(failures.withLock { $0 } == [failure])
    await sync.stop()
  }

  @Test func retriesAreRelayedInTheCentresWordsWithoutPersonalData() {
    let told = Mutex<[MissionControlProgress]>([])
    let relay = MissionControlProgress.relay(
      { event in told.withLock { $0.append(event) } }, center: Self.tsup, personal: PersonalData(values: ["Gagarin"]))
    relay(.attempt(1))
    let failure = NetworkError.status(code: 503, body: "Gagarin's report later")
    relay(.waiting(afterAttempt: 1, retryIn: .seconds(2), failure: failure))

    let expected = CosmonautServiceError(failure, center: Self.tsup, personal: PersonalData(values: ["Gagarin"]))
    #expect(told.withLock { $0 } == [.retrying(attempt: 1, retryIn: .seconds(2), reason: expected.translatedMessage)])
    #expect(!expected.translatedMessage.description.contains("Gagarin"))
    #expect(expected.translatedMessage.description.contains("TsUP"))
  }
}
