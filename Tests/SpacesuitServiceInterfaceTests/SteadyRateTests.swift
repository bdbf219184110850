import Testing

@testable import SpacesuitServiceInterface

/// The schedule of `suit watch`: late runs are made up within a window, a long stall is forgiven.
@Suite struct SteadyRateTests {
  let start = ContinuousClock.now

  @Test func aRunOnTimeWaitsForTheNextTick() {
    let next = SteadyRate.next(after: start, interval: .milliseconds(1), now: start + .microseconds(300))
    #expect(next == start + .milliseconds(1))
  }

  @Test func aLateRunIsMadeUpSoTheRateHolds() {
    // The timer woke 0.4 ms late and the request took 0.9 ms: the next run is already due.
    let next = SteadyRate.next(after: start, interval: .milliseconds(1), now: start + .microseconds(2_300))
    #expect(next == start + .milliseconds(1))
    #expect(
      SteadyRate.next(after: next, interval: .milliseconds(1), now: start + .microseconds(2_400)) == start
        + .milliseconds(2))
  }

  @Test func aStallLongerThanTheWindowIsForgivenNotMadeUpInABurst() {
    let now = start + .milliseconds(25)
    #expect(SteadyRate.next(after: start, interval: .milliseconds(1), now: now) == now)
    #expect(
      SteadyRate.next(after: start, interval: .seconds(1), now: start + .milliseconds(1_900)) == start + .seconds(1))
    #expect(
      SteadyRate.next(after: start, interval: .seconds(1), now: start + .milliseconds(2_100)) == start
        + .milliseconds(2_100))
  }

  @Test func theWindowIsOneIntervalAndNeverUnderTwentyMilliseconds() {
    #expect(SteadyRate.catchUpWindow(for: .milliseconds(1)) == .milliseconds(20))
    #expect(SteadyRate.catchUpWindow(for: .seconds(2)) == .seconds(2))
  }
}
