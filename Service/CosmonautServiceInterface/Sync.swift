import FoundationEssentials
import Localization
import MissionControlInterface

extension QueuedReport {
  /// Kind of a report queued by a profile update.
  public static let profileUpdatedKind = "profile.updated"
  /// Kind of a report queued by consuming or restocking supplies.
  public static let suppliesChangedKind = "supplies.changed"
  /// Kind of the periodic status report.
  public static let statusReportKind = "status.report"
}

/// The outcome of a sync (or, for `pendingSync()`, what is waiting).
public struct SyncReport: Codable, Sendable, Equatable {
  /// Reports mission control acknowledged in this sync, in delivery order.
  public var delivered: [QueuedReport]
  /// Reports still waiting, in delivery order.
  public var pending: [QueuedReport]
  /// Reports mission control refused for good, oldest first, each with its reason in `lastError`;
  /// they wait for the user to retry or discard them (all of them, not only this sync's).
  public var setAside: [QueuedReport]
  /// Whether a mission control connection is configured at all (the JSON key keeps its first name).
  public var isConfigured: Bool
  /// Why delivery stopped, when it did; English, as kept: the JSON form.
  public var lastError: String? { lastErrorText?.description }
  /// The same reason in the reader's language.
  public var lastErrorText: LocalizedText?
  /// The error delivery stopped with, when it did (not part of the JSON form): throw it to end a
  /// command with the right message and exit code.
  public var failure: CosmonautServiceError?

  /// Creates a report.
  public init(
    delivered: [QueuedReport], pending: [QueuedReport], setAside: [QueuedReport] = [], isConfigured: Bool,
    lastError: LocalizedText? = nil, failure: CosmonautServiceError? = nil
  ) {
    self.delivered = delivered
    self.pending = pending
    self.setAside = setAside
    self.isConfigured = isConfigured
    self.lastErrorText = lastError
    self.failure = failure
  }

  enum CodingKeys: String, CodingKey {
    case delivered, pending, setAside
    case isConfigured = "houstonConfigured"
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
  public var isConfigured: Bool
  /// Why the last background round stopped, when it did (nil: it delivered everything it could);
  /// English, as kept: the JSON form.
  public var lastError: String? { lastErrorText?.description }
  /// The same reason in the reader's language.
  public var lastErrorText: LocalizedText?
  /// How many reports the last background round delivered.
  public var lastDelivered: Int

  /// Creates a status.
  public init(
    pending: Int, setAside: Int, isConfigured: Bool, lastError: LocalizedText? = nil, lastDelivered: Int = 0
  ) {
    self.pending = pending
    self.setAside = setAside
    self.isConfigured = isConfigured
    self.lastErrorText = lastError
    self.lastDelivered = lastDelivered
  }

  enum CodingKeys: String, CodingKey {
    case pending, setAside, lastDelivered
    case isConfigured = "houstonConfigured"
    case lastErrorText = "lastError"
  }
}
