import Persistence

/// Background delivery while an app runs; see `CosmonautClient.startBackgroundSync(every:onStatus:)`.
public final class BackgroundSync: Sendable {
  private let syncer: OutboxSyncer

  /// Starts `syncer`.
  init(syncer: OutboxSyncer) {
    self.syncer = syncer
    syncer.start()
  }

  /// Asks for a round soon, e.g. after a change another process made.
  public func nudge() { syncer.nudge() }

  /// Stops the rounds: cancels the one in flight (what it delivered is recorded) and waits for it.
  public func stop() async { await syncer.stop() }
}
