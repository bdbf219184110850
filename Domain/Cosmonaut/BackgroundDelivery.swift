import CosmonautServiceInterface
import MissionControlInterface

/// Delivery to mission control while the interactive app runs: the rounds the client runs in the
/// background (at once, every `interval`, soon after each change), started and stopped with the app.
@MainActor final class BackgroundDelivery {
  private let client: any CosmonautClient
  private let interval: Duration
  private var rounds: BackgroundSync?

  init(client: any CosmonautClient, interval: Duration) {
    self.client = client
    self.interval = interval
  }

  /// Starts the rounds (once).
  func start() {
    guard rounds == nil else { return }
    rounds = client.startBackgroundSync(every: interval) { _ in }
  }

  /// Stops the rounds: the one in flight is cancelled (what it delivered is recorded) and waited for.
  func stop() async {
    await rounds?.stop()
    rounds = nil
  }
}
