import AppAnalytics
import FoundationEssentials
import Localization
import Logging
import Network
import Persistence

/// What a live cosmonaut client does with its mission control, whichever centre it is: Core's
/// outbox delivery (`OutboxDelivery`) through Core's acknowledged sender (`AcknowledgedSender`,
/// batches where the centre takes them), told in this interface's words — sync reports, counts,
/// progress, errors that name the centre — within the budget. Both flavours use it as it is; each
/// supplies only its dialect (endpoints, how a report is encoded, how acknowledgements read) and its
/// status report. Conform the client to ``MissionControlReporter`` and the sync half of
/// `CosmonautClient` comes with it.
public final class MissionControlLink<Payload: Codable & Sendable>: Sendable {
  /// The centre, as the app shows it.
  public let center: ControlCenter
  /// The outbox and its delivery.
  public let delivery: OutboxDelivery<Payload>
  /// The centre's HTTP client; nil when none is configured (offline: reports wait).
  public let client: AuthenticatedClient?
  /// How long a call may wait for the centre.
  public let budget: MissionControlBudget
  private let sender: AcknowledgedSender?
  private let window: Int
  private let queueStatusReportIfDue: @Sendable () async throws -> Void
  private let module: String
  private let analytics: Analytics
  private let logger: Logger
  private let now: @Sendable () -> Date

  /// The link of the client of `module` to `center` through `client` (nil: offline), speaking
  /// `dialect`, delivering `outbox`; `queueStatusReportIfDue` queues the periodic status report
  /// (each sync and each background round calls it first).
  public init(
    center: ControlCenter, module: String, outbox: Outbox<Payload>, client: AuthenticatedClient?,
    dialect: DeliveryDialect, budget: MissionControlBudget, analytics: Analytics, logger: Logger,
    now: @escaping @Sendable () -> Date, queueStatusReportIfDue: @escaping @Sendable () async throws -> Void
  ) {
    self.center = center
    self.module = module
    delivery = OutboxDelivery(outbox: outbox, logger: logger, analytics: analytics, events: "sync")
    self.client = client
    sender = client.map { AcknowledgedSender(client: $0, dialect: dialect, budget: budget.report, logger: logger) }
    window = dialect.batchSize
    self.budget = budget
    self.analytics = analytics
    self.logger = logger
    self.now = now
    self.queueStatusReportIfDue = queueStatusReportIfDue
  }

  // MARK: What waits

  /// What waits and what the centre refused; delivers nothing.
  public func pendingSync() async throws -> SyncReport {
    let contents = try await delivery.contents()
    return SyncReport(
      delivered: [], pending: contents.pending, setAside: contents.setAside, houstonConfigured: client != nil,
      lastError: contents.pending.first?.lastErrorText)
  }

  /// The counts a screen shows.
  public func syncStatus() async throws -> SyncStatus {
    let counts = try await delivery.counts()
    return SyncStatus(pending: counts.pending, setAside: counts.setAside, houstonConfigured: client != nil)
  }

  // MARK: Delivery

  /// Queues a status report when one is due, then delivers the outbox in order: as many reports per
  /// request as the centre takes, each delivered only when the centre acknowledges its key, each
  /// request's answer recorded before the next goes out; one the centre refuses for good is set
  /// aside and the rest go on. Delivery stops at the first report that fails otherwise: the error
  /// is thrown when nothing was delivered or set aside before, else the report carries it.
  ///
  /// - Parameters:
  ///   - body: what the centre gets for a queued report (its dialect).
  ///   - personal: the profile's values, kept out of every text that came from the centre.
  public func sync<Body: Encodable & Sendable>(
    body: @escaping @Sendable (OutboxItem<Payload>) -> Body, personal: @Sendable () async throws -> PersonalData,
    progress: @escaping @Sendable (MissionControlProgress) -> Void
  ) async throws -> SyncReport {
    // The transport gets ready (the HTTP helper starts) while the outbox is read.
    client?.prepare()
    try await queueStatusReportIfDue()
    guard let sender else { throw CosmonautServiceError.notConfigured(center) }
    let (center, personal) = (center, try await personal())
    let relay = MissionControlProgress.relay(progress, center: center, personal: personal)
    // Each request is encoded while the one before it is in flight (see `Outbox.deliver`).
    let result = try await delivery.deliver(
      window: window, now: now, progress: { progress(MissionControlProgress($0)) },
      prepare: { items in
        let request = try sender.prepare(items, key: \.entry.id, encode: body)
        return OutboxRequest(request, count: request.count)
      },
      send: { request in
        try await sender.send(
          request, judge: { DeliveryVerdict($0, center: center, personal: personal) }, progress: relay)
      })
    var report = SyncReport(
      delivered: result.round.delivered, pending: result.after.pending, setAside: result.after.setAside,
      houstonConfigured: true)
    if let stopped = result.round.stopped {
      let failure = (stopped.error as? DeliveryFailure)?.error ?? map(stopped.error, personal: personal)
      if result.failure != nil { throw failure }
      record(failure, "sync")
      report.lastErrorText = stopped.message.lastErrorText ?? failure.translatedMessage
      report.failure = failure
    }
    return report
  }

  /// Starts delivering in the background: at once, every `interval` and soon after each change.
  /// Each round runs `round` (the sync report, or nil when no centre is configured and the reports
  /// were only queued), then hands `onStatus` the counts with the round's last error and delivered
  /// count. A round's error is logged and shown, not thrown; a cancelled round publishes nothing.
  public func startBackgroundSync(
    every interval: Duration, round: @escaping @Sendable () async throws -> SyncReport?,
    onStatus: @escaping @Sendable (SyncStatus) -> Void
  ) -> BackgroundSync {
    let syncer = delivery.startRounds(every: interval) { [self] in
      var (lastError, delivered): (LocalizedText?, Int) = (nil, 0)
      do {
        if let report = try await round() { (lastError, delivered) = (report.lastErrorText, report.delivered.count) }
      } catch is CancellationError {
        return
      } catch {
        let mapped = map(error, personal: .none)
        logger.notice("background sync: \(mapped.userMessage)")
        lastError = mapped.translatedMessage
      }
      guard var current = try? await reporting("syncStatus", [:], { try await syncStatus() }) else { return }
      current.lastErrorText = lastError
      current.lastDelivered = delivered
      onStatus(current)
    }
    return BackgroundSync(nudge: syncer.nudge, stop: syncer.stop)
  }

  /// Queues the status report when due (a background round without a centre does only this).
  public func queueStatusReport() async throws {
    try await queueStatusReportIfDue()
  }

  // MARK: The station position

  /// The position live from the centre when it answers within the position budget (then kept
  /// with `keep`; failing to keep it is only logged); else at once the position `kept` gives,
  /// with why the live one is not shown. `progress` hears `asking` first, then what goes on.
  ///
  /// - Parameter fetch: asks the centre's client for the position, within the budget given,
  ///   telling `HTTPProgress` to the relay given.
  public func stationPosition(
    asking: MissionControlProgress, personal: @Sendable () async throws -> PersonalData,
    progress: @escaping @Sendable (MissionControlProgress) -> Void,
    fetch: (AuthenticatedClient, Duration, @escaping @Sendable (HTTPProgress) -> Void) async throws -> StationPosition,
    keep: @escaping @Sendable (StationPosition) async throws -> Void,
    kept: () async throws -> PositionReading?
  ) async throws -> PositionReading {
    var offlineReason: LocalizedText?
    if let client {
      progress(asking)
      let personal = try await personal()
      do {
        let position = try await fetch(
          client, budget.position, MissionControlProgress.relay(progress, center: center, personal: personal))
        do {
          try await keep(position)
        } catch {
          // Keeping a copy is a convenience; the live position is still worth showing.
          logger.warning("cannot keep the station position: \(map(error, personal: personal))")
        }
        return PositionReading(position: position, isLive: true)
      } catch is CancellationError {
        throw CancellationError()
      } catch {
        let mapped = map(error, personal: personal)
        offlineReason = mapped.translatedMessage
        analytics.recordError(mapped, module: module, context: ["operation": "stationPosition"])
        logger.warning("\(center.name)'s position not used, showing the last one kept: \(mapped.userMessage)")
        progress(.fellBack(reason: mapped.translatedMessage))
      }
    }
    guard let last = try await kept() else { throw CosmonautServiceError.noPositionYet(center) }
    return PositionReading(position: last.position, isLive: false, offlineReason: offlineReason)
  }

  // MARK: Errors

  /// Runs `body`; an error becomes a `CosmonautServiceError` that names the centre, recorded in
  /// analytics and the log, and is rethrown. Cancellation passes through unrecorded.
  public func reporting<Value>(
    _ operation: String, _ context: [String: String] = [:], _ body: () async throws -> Value
  ) async throws -> Value {
    do {
      return try await body()
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      let mapped = map(error, personal: .none)
      record(mapped, operation, context)
      throw mapped
    }
  }

  private func record(_ error: CosmonautServiceError, _ operation: String, _ context: [String: String] = [:]) {
    var context = context
    context["operation"] = operation
    analytics.recordError(error, module: module, context: context)
    logger.error("\(operation) failed: \(error.userMessage)", metadata: context)
  }

  /// The service error for any error; texts that came from the centre are cleared of `personal` data.
  private func map(_ error: any Error, personal: PersonalData) -> CosmonautServiceError {
    CosmonautServiceError(error, center: center, personal: personal)
  }
}

/// A live cosmonaut client whose reports wait in an outbox for its mission control, delivered
/// through its ``MissionControlLink``: the sync half of `CosmonautClient` (`pendingSync`, `sync`,
/// `syncStatus`, the set-aside reports, background sync) comes with the conformance. The client
/// supplies the link and its dialect's report body.
public protocol MissionControlReporter: CosmonautClient {
  /// What the outbox keeps for a report.
  associatedtype Payload: Codable & Sendable
  /// What mission control gets for a report.
  associatedtype Body: Encodable & Sendable
  /// The client's link to its mission control.
  var missionControl: MissionControlLink<Payload> { get }
  /// What mission control gets for a queued report, in its dialect.
  static func body(of item: OutboxItem<Payload>) -> Body
  /// What mission control answers when asked for the station position, in its dialect.
  associatedtype PositionAnswer: Decodable & Sendable
  /// Where mission control is asked for the station position (`GET`).
  static var positionPath: String { get }
  /// What a client says it is doing while it asks (for the station position, for the orbit).
  static var askingForPosition: MissionControlProgress { get }
  /// The position an answer gives, in the interface's units; throws when it is none.
  static func position(in answer: PositionAnswer) throws -> StationPosition
  /// Keeps the position mission control sent, for when it cannot be asked.
  func keepPosition(_ position: StationPosition) async throws
}

extension MissionControlReporter {
  /// The centre the link reports to.
  public var controlCenter: ControlCenter { missionControl.center }

  /// See `CosmonautClient.stationPosition(progress:)` and `MissionControlLink.stationPosition(asking:…)`.
  public func stationPosition(
    progress: @escaping @Sendable (MissionControlProgress) -> Void
  ) async throws -> PositionReading {
    try await missionControl.reporting("stationPosition") {
      try await missionControl.stationPosition(
        asking: Self.askingForPosition, personal: { [self] in PersonalData(try await profile()) }, progress: progress,
        fetch: { client, budget, relay in
          var request = HTTPRequest(method: .get, path: Self.positionPath)
          request.totalTimeout = budget
          return try Self.position(in: try await client.send(request, decoding: PositionAnswer.self, progress: relay))
        }, keep: { [self] in try await keepPosition($0) }, kept: { try await lastKnownPosition() })
    }
  }

  /// See `CosmonautClient.pendingSync()`.
  public func pendingSync() async throws -> SyncReport {
    try await missionControl.reporting("pendingSync") { try await missionControl.pendingSync() }
  }

  /// See `CosmonautClient.syncStatus()`.
  public func syncStatus() async throws -> SyncStatus {
    try await missionControl.reporting("syncStatus") { try await missionControl.syncStatus() }
  }

  /// See `CosmonautClient.sync(progress:)` and `MissionControlLink.sync(body:personal:progress:)`.
  public func sync(progress: @escaping @Sendable (MissionControlProgress) -> Void) async throws -> SyncReport {
    try await missionControl.reporting("sync") { try await deliver(progress: progress) }
  }

  /// See `CosmonautClient.setAsideReports()`.
  public func setAsideReports() async throws -> [OutboxEntry] {
    try await missionControl.reporting("setAsideReports") { try await missionControl.delivery.setAside() }
  }

  /// See `CosmonautClient.retrySetAside(_:)`.
  public func retrySetAside(_ id: String) async throws -> OutboxEntry {
    try await missionControl.reporting("retrySetAside") { try await missionControl.delivery.retry(id) }
  }

  /// See `CosmonautClient.discardSetAside(_:)`.
  public func discardSetAside(_ id: String) async throws -> OutboxEntry {
    try await missionControl.reporting("discardSetAside") { try await missionControl.delivery.discard(id) }
  }

  /// See `CosmonautClient.startBackgroundSync(every:onStatus:)`: each round queues a due status
  /// report and delivers what waits (only queues, when no centre is configured).
  public func startBackgroundSync(
    every interval: Duration, onStatus: @escaping @Sendable (SyncStatus) -> Void
  ) -> BackgroundSync {
    missionControl.startBackgroundSync(
      every: interval,
      round: { [self] in
        guard missionControl.client != nil else {
          try await missionControl.queueStatusReport()
          return nil
        }
        return try await deliver(progress: { _ in })
      }, onStatus: onStatus)
  }

  private func deliver(progress: @escaping @Sendable (MissionControlProgress) -> Void) async throws -> SyncReport {
    try await missionControl.sync(
      body: Self.body(of:), personal: { [self] in PersonalData(try await profile()) }, progress: progress)
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

  /// A delivery round's progress in a cosmonaut client's words.
  init(_ progress: OutboxProgress) {
    switch progress {
    case .sending(let number, let total): self = .contactingReport(number, of: total)
    case .delivered(let count, let total): self = .delivered(count, of: total)
    }
  }
}

extension DeliveryVerdict {
  /// The outbox's verdict on a delivery to `center`: acknowledged, refused for good (set aside with
  /// the centre's reason), or not this time (the reason kept); texts cleared of `personal` data.
  public init(_ outcome: AcknowledgedDelivery.Outcome, center: ControlCenter, personal: PersonalData) {
    switch outcome {
    case .acknowledged: self = .delivered
    case .refused(let status, let reason):
      self = DeliveryReason.refusal(by: center, status: status, reason: reason, personal: personal)
    case .failed(let error): self = .failed(DeliveryFailure(error, center: center, personal: personal))
    }
  }
}
