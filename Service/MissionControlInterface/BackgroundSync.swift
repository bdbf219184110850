/// Background delivery while an app runs: rounds at once, every interval and soon after each change.
public final class BackgroundSync: Sendable {
  private let nudgeRound: @Sendable () -> Void
  private let stopRounds: @Sendable () async -> Void

  /// Delivery that is already running: `nudge` asks for a round soon, `stop` ends the rounds.
  public init(nudge: @escaping @Sendable () -> Void, stop: @escaping @Sendable () async -> Void) {
    nudgeRound = nudge
    stopRounds = stop
  }

  /// Asks for a round soon, e.g. after a change another process made.
  public func nudge() { nudgeRound() }

  /// Stops the rounds: cancels the one in flight (what it delivered is recorded) and waits for it.
  public func stop() async { await stopRounds() }
}
