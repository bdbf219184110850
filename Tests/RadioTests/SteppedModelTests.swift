import Foundation
import Testing

@testable import Radio

/// A model that remembers its steps and the clock each one saw.
private struct Counter: SteppedModel {
  var clock: ModelClock
  var steps: [Double] = []
  var ends: [Date] = []

  mutating func tick(_ seconds: Double) {
    steps.append(seconds)
    ends.append(now)
  }
}

@Suite("Stepping a model through time, written once for every simulator")
struct SteppedModelTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func aStretchRunsWholeStepsThenWhatIsLeftAndEndsExactlyWhereAsked() {
    var model = Counter(clock: ModelClock(start: start, step: 2))
    model.advance(by: 5)
    #expect(model.steps == [2, 2, 1])
    #expect(model.ends == [2, 4, 5].map { start.addingTimeInterval($0) }, "each tick sees its step's end")
    #expect(model.now == start.addingTimeInterval(5))
    model.advance(to: start.addingTimeInterval(6))
    #expect(model.steps == [2, 2, 1, 1] && model.now == start.addingTimeInterval(6))
  }

  @Test func thePastAndNothingMoveNothing() {
    var model = Counter(clock: ModelClock(start: start, step: 1))
    model.advance(by: 0)
    model.advance(by: -3)
    model.advance(to: start.addingTimeInterval(-60))
    #expect(model.steps.isEmpty && model.now == start)
  }

  @Test func atMostADayIsSimulatedAndTheRestIsAJump() {
    var model = Counter(clock: ModelClock(start: start, step: 3600))
    model.advance(by: 3 * ModelClock.longestRun)
    #expect(model.steps.count == 24 && model.steps.allSatisfy { $0 == 3600 })
    #expect(model.now == start.addingTimeInterval(3 * ModelClock.longestRun))
  }

  @Test func aStepIsNeverShorterThanAHundredthOfASecond() {
    #expect(ModelClock(start: start, step: 0).step == 0.01)
    #expect(ModelClock(start: start, step: -5).step == 0.01)
  }
}

@Suite("A link's events as news for a watching screen")
struct LinkNewsTests {
  @Test func onlyTheAttemptsAndTheReturnAreNews() async {
    let events: [LinkEvent] = [
      .connectionLost(reason: "reset"), .reconnecting(attempt: 1, maximumAttempts: 3, delay: .milliseconds(100)),
      .reconnected(attempt: 1), .gaveUp(attempts: 3),
    ]
    let news = events.compactMap { $0.news(reconnecting: { "attempt \($0) of \($1)" }, reconnected: { "back" }) }
    #expect(news == ["attempt 1 of 3", "back"])

    let (stream, continuation) = AsyncStream<LinkEvent>.makeStream()
    for event in events { continuation.yield(event) }
    continuation.finish()
    var told: [String] = []
    for await line in stream.news(reconnecting: { "attempt \($0) of \($1)" }, reconnected: { "back" }) {
      told.append(line)
    }
    #expect(told == ["attempt 1 of 3", "back"], "the news ends with the events")
  }
}
