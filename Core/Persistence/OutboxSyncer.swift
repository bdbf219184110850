import FoundationEssentials
import Synchronization

/// Runs an outbox's delivery rounds in the background while an app runs: at once when started,
/// every `interval`, and `settle` after a `nudge()` (a change was queued), one round at a time.
///
/// The round is the owner's: typically "deliver what is queued, then publish the pending count".
/// A nudge or tick that arrives during a round starts one more round after it; several collapse
/// into one. `stop()` cancels the round in flight (an outbox records what it delivered) and waits
/// for it. A syncer runs once: start, then stop.
public final class OutboxSyncer: Sendable {
  private enum Signal: Sendable { case tick, nudge }

  private struct Tasks {
    var loop: Task<Void, Never>?
    var ticker: Task<Void, Never>?
  }

  /// How long between rounds when nothing nudges.
  public let interval: Duration
  /// How long after a nudge the round starts, so a burst of changes goes out in one round.
  public let settle: Duration
  private let round: @Sendable () async -> Void
  private let sleep: @Sendable (Duration) async throws -> Void
  private let signals: AsyncStream<Signal>
  private let continuation: AsyncStream<Signal>.Continuation
  private let tasks = Mutex(Tasks())

  /// Creates a stopped syncer; `sleep` is injected so tests control time.
  public init(
    interval: Duration, settle: Duration = .milliseconds(300),
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
    round: @escaping @Sendable () async -> Void
  ) {
    self.interval = interval
    self.settle = settle
    self.sleep = sleep
    self.round = round
    (signals, continuation) = AsyncStream.makeStream(of: Signal.self, bufferingPolicy: .bufferingNewest(1))
  }

  deinit {
    continuation.finish()
    tasks.withLock { tasks in
      tasks.ticker?.cancel()
      tasks.loop?.cancel()
    }
  }

  /// Starts the rounds (the first one at once); does nothing when already started.
  public func start() {
    tasks.withLock { tasks in
      guard tasks.loop == nil else { return }
      let (signals, round, sleep, settle) = (signals, round, sleep, settle)
      continuation.yield(.tick)
      tasks.loop = Task {
        for await signal in signals {
          if signal == .nudge { try? await sleep(settle) }
          if Task.isCancelled { break }
          await round()
        }
      }
      let (continuation, interval) = (continuation, interval)
      tasks.ticker = Task {
        while !Task.isCancelled {
          do { try await sleep(interval) } catch { return }
          continuation.yield(.tick)
        }
      }
    }
  }

  /// Asks for a round soon (after `settle`): something was queued.
  public func nudge() {
    continuation.yield(.nudge)
  }

  /// Stops the rounds: cancels the one in flight and waits until it has ended.
  public func stop() async {
    let running = tasks.withLock { tasks in
      defer { tasks = Tasks() }
      return tasks
    }
    continuation.finish()
    running.ticker?.cancel()
    running.loop?.cancel()
    await running.loop?.value
  }
}
