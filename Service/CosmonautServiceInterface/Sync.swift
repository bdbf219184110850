import FoundationEssentials
import Localization
import Persistence

/// One report waiting for (or already given) delivery to mission control: Core's outbox record
/// (`Persistence.OutboxMessage`: idempotency key, kind, creation date, attempts, last error).
public typealias OutboxEntry = OutboxMessage

extension OutboxMessage {
  /// Kind of an entry created by a profile update.
  public static let profileUpdatedKind = "profile.updated"
  /// Kind of an entry created by consuming or restocking supplies.
  public static let suppliesChangedKind = "supplies.changed"
  /// Kind of the periodic status report.
  public static let statusReportKind = "status.report"
}

/// The outcome of a sync (or, for `pendingSync()`, what is waiting).
public struct SyncReport: Codable, Sendable, Equatable {
  /// Entries mission control acknowledged in this sync, in delivery order.
  public var delivered: [OutboxEntry]
  /// Entries still waiting, in delivery order.
  public var pending: [OutboxEntry]
  /// Entries mission control refused for good, oldest first, each with its reason in `lastError`;
  /// they wait for the user to retry or discard them (all of them, not only this sync's).
  public var setAside: [OutboxEntry]
  /// Whether a mission control connection is configured at all (the JSON key keeps its first name).
  public var houstonConfigured: Bool
  /// Why delivery stopped, when it did; English, as kept: the JSON form.
  public var lastError: String? { lastErrorText?.description }
  /// The same reason in the reader's language.
  public var lastErrorText: LocalizedText?
  /// The error delivery stopped with, when it did (not part of the JSON form): throw it to end a
  /// command with the right message and exit code.
  public var failure: CosmonautServiceError?

  /// Creates a report.
  public init(
    delivered: [OutboxEntry], pending: [OutboxEntry], setAside: [OutboxEntry] = [], houstonConfigured: Bool,
    lastError: LocalizedText? = nil, failure: CosmonautServiceError? = nil
  ) {
    self.delivered = delivered
    self.pending = pending
    self.setAside = setAside
    self.houstonConfigured = houstonConfigured
    self.lastErrorText = lastError
    self.failure = failure
  }

  enum CodingKeys: String, CodingKey {
    case delivered, pending, setAside, houstonConfigured
    case lastErrorText = "lastError"
  }
}

/// What waits for mission control, cheaply counted: the figure a screen shows while the app runs.
public struct SyncStatus: Codable, Sendable, Equatable {
  /// Reports waiting for delivery.
  public var pending: Int
  /// Reports mission control refused, waiting for the user's decision.
  public var setAside: Int
  /// Whether a mission control connection is configured at all (the JSON key keeps its first name).
  public var houstonConfigured: Bool
  /// Why the last background round stopped, when it did (nil: it delivered everything it could);
  /// English, as kept: the JSON form.
  public var lastError: String? { lastErrorText?.description }
  /// The same reason in the reader's language.
  public var lastErrorText: LocalizedText?
  /// How many reports the last background round delivered.
  public var lastDelivered: Int

  /// Creates a status.
  public init(
    pending: Int, setAside: Int, houstonConfigured: Bool, lastError: LocalizedText? = nil, lastDelivered: Int = 0
  ) {
    self.pending = pending
    self.setAside = setAside
    self.houstonConfigured = houstonConfigured
    self.lastErrorText = lastError
    self.lastDelivered = lastDelivered
  }

  enum CodingKeys: String, CodingKey {
    case pending, setAside, houstonConfigured, lastDelivered
    case lastErrorText = "lastError"
  }
}

/// What a call that contacts mission control is doing, for a screen that says so ("contacting Houston…").
public enum MissionControlProgress: Sendable, Equatable {
  /// A request for `what` ("the station position", "report 3 of 10") is on its way.
  case contacting(LocalizedText)
  /// The last attempt failed (`reason`); the next one starts in `retryIn`.
  case retrying(attempt: Int, retryIn: Duration, reason: LocalizedText)
  /// `count` of `total` reports are delivered so far.
  case delivered(Int, of: Int)
  /// Mission control could not be used (`reason`); the last known value is shown instead.
  case fellBack(reason: LocalizedText)

  /// Asking for the station position.
  public static let contactingStationPosition = contacting(Strings.progressStationPosition)
  /// Asking for the station's orbit (TsUP's word for it).
  public static let contactingOrbit = contacting(Strings.progressOrbit)

  /// Delivering report `number` of `total`.
  public static func contactingReport(_ number: Int, of total: Int) -> MissionControlProgress {
    .contacting(Strings.progressReport(number: number, total: total))
  }
}

/// Background delivery while an app runs; see `CosmonautClient.startBackgroundSync(every:onStatus:)`.
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
