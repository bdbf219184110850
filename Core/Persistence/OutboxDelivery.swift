import AppAnalytics
import FoundationEssentials
import Logging
import Synchronization

/// An outbox with everything its owner does with it besides queueing: delivery rounds (as many
/// messages per request as the owner's sender takes, each request's verdicts recorded before the
/// next goes out), what waits (counts and lists), the messages the receiver refused (listed,
/// retried, discarded), and background rounds while an app runs.
///
/// The owner supplies only its receiver: how a group of queued messages is sent and judged (see
/// ``deliver(window:now:progress:_:)``). Logs what it changes; with `events` it also tracks
/// `<events>.setAside` (count) and `<events>.discarded` (kind) in analytics.
public final class OutboxDelivery<Payload: Codable & Sendable>: Sendable {
  /// The outbox delivered.
  public let outbox: Outbox<Payload>
  private let logger: Logger
  private let analytics: Analytics
  private let events: String?
  private let syncer = Mutex<OutboxSyncer?>(nil)

  /// Delivers `outbox`, logging to `logger`; `events` is the prefix of the analytics events it
  /// tracks (nil: none).
  public init(outbox: Outbox<Payload>, logger: Logger, analytics: Analytics, events: String? = nil) {
    self.outbox = outbox
    self.logger = logger
    self.analytics = analytics
    self.events = events
  }

  // MARK: What waits

  /// How many messages wait, and how many the receiver refused.
  public func counts() async throws -> OutboxCounts {
    let outbox = outbox
    return try await outbox.store.perform { _ in
      OutboxCounts(pending: try outbox.pendingCount(), setAside: try outbox.setAsideCount())
    }
  }

  /// The messages waiting, in delivery order, and those the receiver refused, oldest first.
  public func contents() async throws -> OutboxContents {
    let outbox = outbox
    return try await outbox.store.perform { _ in
      OutboxContents(pending: try outbox.pendingMessages(), setAside: try outbox.setAside().map(\.entry))
    }
  }

  /// The messages the receiver refused, oldest first, each with its reason.
  public func setAside() async throws -> [OutboxMessage] {
    let outbox = outbox
    return try await outbox.store.perform { _ in try outbox.setAside().map(\.entry) }
  }

  /// The delivered messages the history keeps, oldest first.
  public func history() async throws -> [OutboxMessage] {
    let outbox = outbox
    return try await outbox.store.perform { _ in try outbox.history().map(\.entry) }
  }

  // MARK: Refused messages

  /// Puts a set-aside message back into the queue at its place (by key or a prefix only it has)
  /// and asks the background rounds for a round; returns it. Throws `OutboxError` for a wrong id.
  @discardableResult
  public func retry(_ id: String) async throws -> OutboxMessage {
    let outbox = outbox
    let message = try await outbox.store.perform { _ in try outbox.retry(id) }
    logger.notice("set-aside message back in the outbox", metadata: ["kind": message.kind, "key": message.id])
    nudge()
    return message
  }

  /// Deletes a set-aside message for good (by key or a prefix only it has); returns it. Throws
  /// `OutboxError` for a wrong id.
  @discardableResult
  public func discard(_ id: String) async throws -> OutboxMessage {
    let outbox = outbox
    let message = try await outbox.store.perform { _ in try outbox.discard(id) }
    logger.notice("set-aside message discarded", metadata: ["kind": message.kind, "key": message.id])
    if let events { analytics.track("\(events).discarded", ["kind": message.kind]) }
    return message
  }

  // MARK: Delivery

  /// Delivers what is queued, in order, through `send` (see `Outbox.deliver(window:now:_:)`: it is
  /// given at most `window` messages, sends as many from the front as one request takes, and
  /// judges each it sent; the verdicts are recorded before it is called again). `progress` hears
  /// before each request and after each that delivered something. Returns the round and what
  /// waits after it.
  public func deliver(
    window: Int, now: @escaping @Sendable () -> Date = Date.init,
    progress: (@Sendable (OutboxProgress) -> Void)? = nil,
    _ send: ([OutboxItem<Payload>]) async throws -> [DeliveryVerdict]
  ) async throws -> OutboxDeliveryReport {
    try await deliver(
      window: window, now: now, progress: progress, prepare: { OutboxRequest($0, count: $0.count) },
      send: { try await send($0) })
  }

  /// Delivers what is queued, in order, each request made by `prepare` (the next one while the
  /// current one is in flight) and sent by `send`, as `Outbox.deliver(window:now:prepare:send:)`
  /// says. `progress` hears before each request and after each that delivered something. Returns
  /// the round and what waits after it.
  public func deliver<Request: Sendable>(
    window: Int, now: @escaping @Sendable () -> Date = Date.init,
    progress: (@Sendable (OutboxProgress) -> Void)? = nil,
    prepare: @escaping @Sendable ([OutboxItem<Payload>]) throws -> OutboxRequest<Request>,
    send: (Request) async throws -> [DeliveryVerdict]
  ) async throws -> OutboxDeliveryReport {
    let outbox = outbox
    let total = try await outbox.store.perform { _ in try outbox.pendingCount() }
    var done = 0
    let round = try await outbox.deliver(window: window, now: now, prepare: prepare) { request in
      progress?(.sending(done + 1, of: total))
      let verdicts = try await send(request)
      let delivered = verdicts.filter(\.isDelivered).count
      done += delivered
      if delivered > 0 { progress?(.delivered(done, of: total)) }
      return verdicts
    }
    for message in round.setAside {
      logger.warning(
        "set aside: \(message.lastError ?? "refused")", metadata: ["kind": message.kind, "key": message.id])
    }
    if let events, !round.setAside.isEmpty {
      analytics.track("\(events).setAside", ["count": "\(round.setAside.count)"])
    }
    if let stopped = round.stopped {
      logger.warning("delivery stopped at \(stopped.message.kind) \(stopped.message.id): \(stopped.error)")
    }
    logger.info("delivered \(round.delivered.count) message(s)")
    return OutboxDeliveryReport(round: round, after: try await contents())
  }

  // MARK: Background rounds

  /// Starts `round` in the background at once, every `interval` and soon after each `nudge()`
  /// (see `OutboxSyncer`); returns the syncer, to stop it. A second start replaces the first
  /// for nudges.
  public func startRounds(every interval: Duration, round: @escaping @Sendable () async -> Void) -> OutboxSyncer {
    let started = OutboxSyncer(interval: interval, round: round)
    syncer.withLock { $0 = started }
    started.start()
    return started
  }

  /// Asks the running background rounds for a round soon (something was queued); nothing before they start.
  public func nudge() {
    syncer.withLock { $0 }?.nudge()
  }
}

/// How many messages an outbox holds: the figure a screen shows while an app runs.
public struct OutboxCounts: Sendable, Equatable {
  /// Messages waiting for delivery.
  public var pending: Int
  /// Messages the receiver refused, waiting for someone's decision.
  public var setAside: Int
}

/// What an outbox holds, without payloads.
public struct OutboxContents: Sendable, Equatable {
  /// Messages waiting, in delivery order.
  public var pending: [OutboxMessage]
  /// Messages the receiver refused, oldest first, each with its reason in `lastError`.
  public var setAside: [OutboxMessage]
}

/// A delivery round and what waited after it.
public struct OutboxDeliveryReport: Sendable {
  /// What the round did.
  public var round: DeliveryRound
  /// What waits now (all set-aside messages, not only this round's).
  public var after: OutboxContents

  /// The error delivery stopped with when it stopped before delivering or setting aside anything:
  /// the whole round failed, and its owner says so (otherwise the round made progress and the
  /// error is only worth reporting next to it).
  public var failure: (any Error)? {
    guard let stopped = round.stopped, round.delivered.isEmpty, round.setAside.isEmpty else { return nil }
    return stopped.error
  }
}

/// Where a delivery round stands, for a screen that says so.
public enum OutboxProgress: Sendable, Equatable {
  /// A request is going out, starting with message `number` of `total`.
  case sending(Int, of: Int)
  /// `count` of `total` messages are delivered so far.
  case delivered(Int, of: Int)
}

extension DeliveryVerdict {
  /// Whether the receiver acknowledged the message.
  var isDelivered: Bool {
    if case .delivered = self { return true }
    return false
  }
}
