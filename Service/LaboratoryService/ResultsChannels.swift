import AppAnalytics
import FoundationEssentials
import Logging
import MissionControlInterface
import Persistence

/// What makes the channel that delivers the results the laboratory queues in its store: the live
/// mission control client of the cosmonaut service (`MissionControlClient`), which the app hands the
/// laboratory (the two services never link each other; the app declares the conformance).
public protocol ResultsChannels {
  /// The channel delivering the outbox `outbox` of `store` at `endpoints`, each result's body made by
  /// `body`, logging to `logger`; `analyticsEvents` prefixes the events it tracks (nil: none); `now`
  /// dates what it records.
  func channel<Payload: Codable & Sendable, Body: Encodable & Sendable>(
    store: EntityStore, outbox: String, endpoints: ReportEndpoints,
    body: @escaping @Sendable (QueuedReport, Payload) -> Body, logger: Logger, analytics: Analytics,
    analyticsEvents: String?, now: @escaping @Sendable () -> Date
  ) -> any ReportChannel
}
