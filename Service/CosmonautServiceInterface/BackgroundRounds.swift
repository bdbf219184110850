import Localization
import Network
import Persistence
import Synchronization

/// The background delivery a live cosmonaut client runs while an app runs: the syncer, kept so
/// each change can nudge it, and the round both mission-control flavours share (deliver or queue,
/// then publish the counts with the round's outcome).
public final class BackgroundRounds: Sendable {
  private let syncer = Mutex<OutboxSyncer?>(nil)

  /// No rounds yet; `start` begins them.
  public init() {}

  /// Starts rounds at once and every `interval`. Each runs `round` (the delivery report, or nil when
  /// mission control is not configured and reports were only queued), then hands `onStatus` the
  /// counts from `status` with the round's last error and delivered count. An error `round` throws
  /// is not rethrown: `failure` says it (and logs it). A cancelled round, or counts that cannot be
  /// read, publish nothing.
  public func start(
    every interval: Duration, round: @escaping @Sendable () async throws -> SyncReport?,
    status: @escaping @Sendable () async throws -> SyncStatus,
    failure: @escaping @Sendable (any Error) -> LocalizedText,
    onStatus: @escaping @Sendable (SyncStatus) -> Void
  ) -> BackgroundSync {
    let syncer = OutboxSyncer(interval: interval) {
      var (lastError, delivered): (LocalizedText?, Int) = (nil, 0)
      do {
        if let report = try await round() { (lastError, delivered) = (report.lastErrorText, report.delivered.count) }
      } catch is CancellationError {
        return
      } catch {
        lastError = failure(error)
      }
      guard var current = try? await status() else { return }
      current.lastErrorText = lastError
      current.lastDelivered = delivered
      onStatus(current)
    }
    self.syncer.withLock { $0 = syncer }
    syncer.start()
    return BackgroundSync(nudge: syncer.nudge, stop: syncer.stop)
  }

  /// Asks the running syncer for a round soon (something was queued); nothing before `start`.
  public func nudge() {
    syncer.withLock { $0 }?.nudge()
  }
}

extension MissionControlProgress {
  /// `progress` told of HTTP retries as a cosmonaut client tells them: each failure as `center`'s
  /// service error, in the reader's language, its words cleared of `personal` data.
  public static func relay(
    _ progress: @escaping @Sendable (MissionControlProgress) -> Void, center: ControlCenter, personal: PersonalData
  ) -> @Sendable (HTTPProgress) -> Void {
    { event in
      guard case .waiting(let attempt, let wait, let failure) = event else { return }
      let reason = CosmonautServiceError(failure, center: center, personal: personal).translatedMessage
      progress(.retrying(attempt: attempt, retryIn: wait, reason: reason))
    }
  }
}
