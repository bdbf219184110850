import Foundation
import Synchronization
import Testing

@testable import Persistence

/// A round counter whose rounds can be awaited.
private final class Rounds: Sendable {
  private let count = Mutex(0)
  private let stream: AsyncStream<Int>
  private let continuation: AsyncStream<Int>.Continuation

  init() { (stream, continuation) = AsyncStream.makeStream(of: Int.self) }

  var value: Int { count.withLock { $0 } }

  func run() {
    let now = count.withLock { count in
      count += 1
      return count
    }
    continuation.yield(now)
  }

  /// Waits (bounded) until `target` rounds have run.
  func wait(for target: Int) async -> Bool {
    if value >= target { return true }
    let stream = stream
    return await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        for await round in stream where round >= target { return true }
        return false
      }
      group.addTask {
        try? await Task.sleep(for: .seconds(10))
        return false
      }
      let result = await group.next() ?? false
      group.cancelAll()
      return result
    }
  }
}

@Test func aSyncerRunsAtOnceThenAfterEachNudgeButNotWhenIdle() async throws {
  let rounds = Rounds()
  // Time between ticks never passes: only the start and the nudges cause rounds.
  let syncer = OutboxSyncer(
    interval: .seconds(3600), settle: .milliseconds(1),
    sleep: { duration in if duration > .seconds(60) { try await Task.sleep(for: .seconds(3600)) } },
    round: { rounds.run() })
  syncer.start()
  #expect(await rounds.wait(for: 1))
  syncer.nudge()
  #expect(await rounds.wait(for: 2))
  syncer.nudge()
  #expect(await rounds.wait(for: 3))
  await syncer.stop()
  let stopped = rounds.value
  syncer.nudge()
  // An absence, not a state to wait for: a round a nudge caused would come within this window.
  try await Task.sleep(for: .milliseconds(50))
  #expect(rounds.value == stopped, "no round after stop")
}

@Test func aSyncerRunsEveryInterval() async throws {
  let rounds = Rounds()
  let syncer = OutboxSyncer(interval: .milliseconds(10), round: { rounds.run() })
  syncer.start()
  #expect(await rounds.wait(for: 4))
  await syncer.stop()
}

@Test func stopCancelsTheRoundInFlightAndWaitsForIt() async throws {
  let finished = Mutex<Bool?>(nil)
  let started = Rounds()
  let syncer = OutboxSyncer(interval: .seconds(3600)) {
    started.run()
    do {
      try await Task.sleep(for: .seconds(30))
      finished.withLock { $0 = false }
    } catch {
      finished.withLock { $0 = true }
    }
  }
  syncer.start()
  #expect(await started.wait(for: 1))
  await syncer.stop()
  #expect(finished.withLock { $0 } == true, "the round saw the cancellation before stop returned")
}
