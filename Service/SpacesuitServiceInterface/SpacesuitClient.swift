import FoundationEssentials
import Localization

/// Talks to one spacesuit: readings, commands, link health.
public protocol SpacesuitClient: Sendable {
  /// The current life-support and environment readings.
  func telemetry() async throws -> SuitTelemetry
  /// The astronaut's current vital signs.
  func vitals() async throws -> Vitals
  /// Sends a command; returns the suit's acknowledgement, throws `SpacesuitError.rejected` when refused.
  func send(_ command: SuitCommand) async throws -> CommandAcknowledgement
  /// Samples telemetry every `interval` (count nil = until cancelled).
  func watch(count: Int?, interval: Duration) -> AsyncThrowingStream<SuitTelemetry, any Error>
  /// Like `watch`, and also says when the link to the suit is lost, each reconnect attempt, and
  /// when it is back; the stream throws only when the suit stays unreachable.
  func watchUpdates(count: Int?, interval: Duration) -> AsyncThrowingStream<SuitWatchUpdate, any Error>
}

/// One element of `SpacesuitClient.watchUpdates`.
public enum SuitWatchUpdate: Sendable, Equatable {
  /// A telemetry sample.
  case sample(SuitTelemetry)
  /// News about the link to the suit.
  case link(SuitLinkEvent)
}

/// What happened to the link to the suit, worded for the crew.
public enum SuitLinkEvent: Sendable, Equatable {
  /// The link dropped; attempt `attempt` of `maximumAttempts` to reconnect is under way.
  case reconnecting(attempt: Int, maximumAttempts: Int)
  /// The link is back.
  case reconnected

  /// "suit link lost; reconnecting (attempt 2 of 10)…", "suit link reconnected", in the reader's language.
  public var text: LocalizedText {
    switch self {
    case .reconnecting(let attempt, let maximum): Strings.linkReconnecting(attempt: attempt, maximum: maximum)
    case .reconnected: Strings.linkReconnected
    }
  }

  /// The English line (logs).
  public var message: String { text.description }
}

/// Yields every sample of `samples` as an update and ends `updates` when they end (then runs
/// `ended`); returns the task doing it.
func forward(
  _ samples: AsyncThrowingStream<SuitTelemetry, any Error>,
  to updates: AsyncThrowingStream<SuitWatchUpdate, any Error>.Continuation, ended: @escaping @Sendable () -> Void = {}
) -> Task<Void, Never> {
  Task {
    do {
      for try await sample in samples { updates.yield(.sample(sample)) }
      updates.finish()
    } catch {
      updates.finish(throwing: error)
    }
    ended()
  }
}

extension SpacesuitClient {
  /// The default `watchUpdates`: the samples of `watch`, with no link news.
  public func watchUpdates(count: Int?, interval: Duration) -> AsyncThrowingStream<SuitWatchUpdate, any Error> {
    let samples = watch(count: count, interval: interval)
    return AsyncThrowingStream { continuation in
      let task = forward(samples, to: continuation)
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  /// The default `watch`: `telemetry()` now and then once every `interval`, `count` times.
  ///
  /// Samples keep a steady rate (a slow answer does not push every later sample back); after a
  /// stall longer than the interval the next sample is taken at once and the rate resumes from it.
  public func sampling(count: Int?, interval: Duration) -> AsyncThrowingStream<SuitTelemetry, any Error> {
    SteadyRate.stream { samples in
      try await SteadyRate.run(count: count, interval: interval) { samples.yield(try await self.telemetry()) }
    }
  }
}

/// Runs a body at a steady rate: now, then once every `interval`, `count` times (nil: until
/// cancelled). A run that starts late (a slow body, a late timer on a busy machine) does not push
/// every later run back: runs that fell behind by less than the catch-up window start at once until
/// the schedule is met again (so `count` runs take `count` intervals); after a longer stall the
/// rate resumes from now rather than making up the whole stall at once.
package enum SteadyRate {
  /// How far behind the schedule may fall and still be made up: one interval, at least 20 ms.
  package static func catchUpWindow(for interval: Duration) -> Duration { max(interval, .milliseconds(20)) }

  /// When the run after the one due at `due` starts, seen at `now`: on schedule when it is still
  /// ahead or within the catch-up window (then at once), else now.
  package static func next<Instant: InstantProtocol<Duration>>(
    after due: Instant, interval: Duration, now: Instant
  ) -> Instant {
    let next = due.advanced(by: interval)
    return next < now && next.duration(to: now) > catchUpWindow(for: interval) ? now : next
  }

  /// A stream filled by `fill` in a task of its own: it ends when `fill` returns or is cancelled (the
  /// reader stopped), and throws what else `fill` throws.
  package static func stream<Element: Sendable>(
    _ fill: @escaping @Sendable (AsyncThrowingStream<Element, any Error>.Continuation) async throws -> Void
  ) -> AsyncThrowingStream<Element, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Element.self)
    let task = Task {
      do {
        try await fill(continuation)
        continuation.finish()
      } catch is CancellationError {
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }

  /// Runs `body` now, then once every `interval`, `count` times (nil: until cancelled).
  package static func run(count: Int?, interval: Duration, _ body: () async throws -> Void) async throws {
    let clock = ContinuousClock()
    var due = clock.now
    var done = 0
    while count.map({ done < $0 }) ?? true {
      if done > 0 {
        due = next(after: due, interval: interval, now: clock.now)
        if due > clock.now { try await Task.sleep(until: due, clock: clock) }
      }
      try await body()
      done += 1
    }
  }
}
