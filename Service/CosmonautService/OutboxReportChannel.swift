import AppAnalytics
import FoundationEssentials
import Localization
import Logging
import MissionControlInterface
import Network
import Persistence

/// A `ReportChannel` over an outbox in a store: Core's delivery (`OutboxDelivery`) through Core's
/// acknowledged sender (`AcknowledgedSender`: batches where the centre takes them, one per request
/// where it has none), told in the interface's words.
final class OutboxReportChannel<Payload: Codable & Sendable, Body: Encodable & Sendable>: ReportChannel {
  let center: ControlCenter
  private let delivery: OutboxDelivery<Payload>
  private let http: AuthenticatedClient?
  private let sender: AcknowledgedSender?
  private let window: Int
  private let body: @Sendable (QueuedReport, Payload) -> Body
  private let now: @Sendable () -> Date

  init(
    center: ControlCenter, outbox: Outbox<Payload>, http: AuthenticatedClient?, endpoints: ReportEndpoints,
    budget: Duration, body: @escaping @Sendable (QueuedReport, Payload) -> Body, logger: Logger,
    analytics: Analytics, analyticsEvents: String?, now: @escaping @Sendable () -> Date
  ) {
    self.center = center
    delivery = OutboxDelivery(outbox: outbox, logger: logger, analytics: analytics, events: analyticsEvents)
    self.http = http
    let dialect = DeliveryDialect(endpoints)
    sender = http.map { AcknowledgedSender(client: $0, dialect: dialect, budget: budget, logger: logger) }
    window = dialect.batchSize
    self.body = body
    self.now = now
  }

  var isConfigured: Bool { http != nil }

  func prepare() {
    http?.prepare()
  }

  func counts() async throws -> ReportCounts {
    let counts = try await delivery.counts()
    return ReportCounts(pending: counts.pending, setAside: counts.setAside)
  }

  func contents() async throws -> ReportQueue {
    queue(try await delivery.contents())
  }

  func history() async throws -> [QueuedReport] {
    try await delivery.history().map { QueuedReport($0, center: center) }
  }

  func deliver(
    redacting: @escaping @Sendable (String) -> String,
    describing: @escaping @Sendable (MissionControlFailure) -> LocalizedText,
    progress: @escaping @Sendable (MissionControlProgress) -> Void
  ) async throws -> ReportDelivery {
    guard let sender else { throw MissionControlFailure.notConfigured }
    let (center, body) = (center, body)
    let relay: @Sendable (HTTPProgress) -> Void = { event in
      guard case .waiting(let attempt, let wait, let failure) = event else { return }
      progress(
        .retrying(
          attempt: attempt, retryIn: wait, reason: describing(MissionControlFailure(failure, redacting: redacting))))
    }
    // Each request is encoded while the one before it is in flight (see `Outbox.deliver`).
    let result = try await delivery.deliver(
      window: window, now: now, progress: { progress(MissionControlProgress($0)) },
      prepare: { items in
        let request = try sender.prepare(
          items, key: \.entry.id, kind: \.entry.kind,
          encode: { body(QueuedReport($0.entry, center: center), $0.payload) })
        return OutboxRequest(request, count: request.count)
      },
      send: { request in
        try await sender.send(
          request, judge: { DeliveryVerdict($0, center: center, redacting: redacting) }, progress: relay)
      })
    return ReportDelivery(
      delivered: result.round.delivered.map { QueuedReport($0, center: center) }, after: queue(result.after),
      stopped: result.round.stopped.map {
        (QueuedReport($0.message, center: center), MissionControlFailure($0.error, redacting: redacting))
      },
      failedAsAWhole: result.failure != nil)
  }

  func retry(_ id: String) async throws -> QueuedReport {
    do {
      return QueuedReport(try await delivery.retry(id), center: center)
    } catch let error as OutboxError {
      throw ReportLookupError(reason: error.translatedMessage)
    }
  }

  func discard(_ id: String) async throws -> QueuedReport {
    do {
      return QueuedReport(try await delivery.discard(id), center: center)
    } catch let error as OutboxError {
      throw ReportLookupError(reason: error.translatedMessage)
    }
  }

  func nudge() {
    delivery.nudge()
  }

  func startRounds(every interval: Duration, round: @escaping @Sendable () async -> Void) -> BackgroundSync {
    let syncer = delivery.startRounds(every: interval, round: round)
    return BackgroundSync(nudge: syncer.nudge, stop: syncer.stop)
  }

  private func queue(_ contents: OutboxContents) -> ReportQueue {
    ReportQueue(
      pending: contents.pending.map { QueuedReport($0, center: center) },
      setAside: contents.setAside.map { QueuedReport($0, center: center) })
  }
}

extension MissionControlProgress {
  /// A delivery round's progress in the interface's words.
  init(_ progress: OutboxProgress) {
    switch progress {
    case .sending(let number, let total): self = .contactingReport(number, of: total)
    case .delivered(let count, let total): self = .delivered(count, of: total)
    }
  }
}

extension DeliveryDialect {
  /// Network's dialect for a centre's `endpoints`.
  init(_ endpoints: ReportEndpoints) {
    let layout: BatchLayout =
      switch endpoints.batchLayout {
      case .keyed(let list, let key, let body): .keyed(list: list, key: key, body: body)
      case .bare(let list): .bare(list: list)
      }
    let acknowledgement: Acknowledgement =
      switch endpoints.acknowledgement {
      case .byKey: .byKey
      }
    self.init(
      path: endpoints.path, batchPath: endpoints.batchPath, batchSize: endpoints.batchSize, batchLayout: layout,
      acknowledgement: acknowledgement)
  }
}
