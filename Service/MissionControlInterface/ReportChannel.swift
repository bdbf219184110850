import FoundationEssentials
import Localization

/// The reports a service queued for one mission control, and their delivery: what waits, what the
/// centre refused for good (listed, retried, discarded), delivery rounds now or in the background.
///
/// A service queues reports in its own store, in the same transaction as the change they report,
/// and is handed the channel that delivers them (the app composes the two): it never speaks HTTP.
public protocol ReportChannel: Sendable {
  /// The centre the reports go to.
  var center: ControlCenter { get }
  /// Whether a connection to the centre is configured (else reports only wait).
  var isConfigured: Bool { get }
  /// Gets the connection ready for requests that follow soon (e.g. while the outbox is read).
  func prepare()
  /// How many reports wait, and how many the centre refused.
  func counts() async throws -> ReportCounts
  /// The reports waiting, in delivery order, and those the centre refused, oldest first.
  func contents() async throws -> ReportQueue
  /// The delivered reports kept in the history (the last 50), oldest first.
  func history() async throws -> [QueuedReport]
  /// Delivers what waits, in order, as many per request as the centre takes, each delivered only when
  /// the centre acknowledges its key and recorded before the next request goes out; one the centre
  /// refuses for good is set aside and the rest go on; delivery stops at the first that fails
  /// otherwise. Texts that came from the centre are cleared by `redacting`; `describing` words a
  /// failure as the service tells it (in `progress`'s retry notices). Throws
  /// `MissionControlFailure.notConfigured` without a connection.
  func deliver(
    redacting: @escaping @Sendable (String) -> String,
    describing: @escaping @Sendable (MissionControlFailure) -> LocalizedText,
    progress: @escaping @Sendable (MissionControlProgress) -> Void
  ) async throws -> ReportDelivery
  /// Puts a refused report back into the queue at its place (by key, or a prefix only it has) and
  /// asks for a round soon; returns it. Throws `ReportLookupError` for a wrong key.
  func retry(_ id: String) async throws -> QueuedReport
  /// Deletes a refused report for good (by key or a prefix only it has); returns it. Throws
  /// `ReportLookupError` for a wrong key.
  func discard(_ id: String) async throws -> QueuedReport
  /// Asks the background rounds for a round soon (something was queued); nothing before they start.
  func nudge()
  /// Starts `round` in the background: at once, every `interval` and soon after each `nudge()`.
  func startRounds(every interval: Duration, round: @escaping @Sendable () async -> Void) -> BackgroundSync
}

/// How many reports a channel holds: the figure a screen shows while an app runs.
public struct ReportCounts: Sendable, Equatable {
  /// Reports waiting for delivery.
  public var pending: Int
  /// Reports the centre refused, waiting for someone's decision.
  public var setAside: Int

  /// Counts.
  public init(pending: Int, setAside: Int) {
    self.pending = pending
    self.setAside = setAside
  }
}

/// What a channel holds, without payloads.
public struct ReportQueue: Sendable, Equatable {
  /// Reports waiting, in delivery order.
  public var pending: [QueuedReport]
  /// Reports the centre refused, oldest first, each with its reason.
  public var setAside: [QueuedReport]

  /// A queue.
  public init(pending: [QueuedReport], setAside: [QueuedReport]) {
    self.pending = pending
    self.setAside = setAside
  }
}

/// What one delivery round did and what waits after it.
public struct ReportDelivery: Sendable {
  /// Reports delivered and recorded, in order.
  public var delivered: [QueuedReport]
  /// What waits now (every set-aside report, not only this round's).
  public var after: ReportQueue
  /// The report delivery stopped at (attempts counted, its reason kept) and why, when it stopped.
  public var stopped: (report: QueuedReport, failure: MissionControlFailure)?
  /// Whether the round stopped before delivering or setting aside anything: the round failed as a
  /// whole and the service says so with `stopped`'s failure (else it made progress, and the failure
  /// is only worth reporting next to it).
  public var failedAsAWhole: Bool

  /// A round.
  public init(
    delivered: [QueuedReport], after: ReportQueue, stopped: (report: QueuedReport, failure: MissionControlFailure)?,
    failedAsAWhole: Bool
  ) {
    self.delivered = delivered
    self.after = after
    self.stopped = stopped
    self.failedAsAWhole = failedAsAWhole
  }
}

/// A refused report could not be found by the key given; `reason` says why, in every language.
public struct ReportLookupError: Error, Sendable, Equatable {
  /// "no report mission control refused has the key …", "… matches 2 reports …".
  public let reason: LocalizedText

  /// The error with `reason`.
  public init(reason: LocalizedText) {
    self.reason = reason
  }
}
