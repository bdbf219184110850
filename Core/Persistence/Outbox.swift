import FoundationEssentials
import Localization

/// An offline outbox in an `EntityStore`: messages queued with idempotency keys, delivered in
/// order by whoever owns it, with a bounded history of deliveries and a list of messages the
/// receiver refused (set aside until someone retries or discards them).
///
/// Generic over the payload; the owner decides kinds, payloads and how a message is sent.
/// Collections: `<name>.outbox`, `<name>.delivered`, `<name>.setAside`, and the order counter
/// under `outbox.sequence` in `<name>.meta`.
///
/// Queueing happens inside the owner's transaction, so a change and its message commit together.
/// What a receiver answered is recorded before the next request goes out: a crash re-sends at
/// most the request in flight, whose messages the receiver recognises by their keys, so each is
/// still applied once.
public struct Outbox<Payload: Codable & Sendable>: Sendable {
  /// The store holding the outbox.
  public let store: EntityStore
  /// The prefix of the outbox's collections, e.g. "cosmonaut".
  public let name: String
  /// How many delivered messages the history keeps.
  public let historyLimit: Int

  /// Creates (or reopens) the outbox `name` in `store`.
  public init(store: EntityStore, name: String, historyLimit: Int = 50) {
    self.store = store
    self.name = name
    self.historyLimit = historyLimit
  }

  var queueCollection: String { "\(name).outbox" }
  var deliveredCollection: String { "\(name).delivered" }
  var setAsideCollection: String { "\(name).setAside" }
  var metaCollection: String { "\(name).meta" }
  static var sequenceKey: String { "outbox.sequence" }

  // MARK: Queueing

  /// Queues a message at the end of the order, inside the caller's transaction.
  @discardableResult
  public func enqueue(
    _ kind: String, _ payload: Payload, createdAt: Date, in transaction: StoreTransaction
  ) throws -> OutboxMessage {
    var counter = try transaction.get(SequenceCounter.self, key: Self.sequenceKey, in: metaCollection) ?? .init()
    counter.value += 1
    let sequence = counter.value
    try transaction.put(counter, key: Self.sequenceKey, in: metaCollection)
    let message = OutboxMessage(id: UUID().uuidString.lowercased(), kind: kind, createdAt: createdAt)
    try transaction.put(
      OutboxItem(entry: message, sequence: sequence, payload: payload), key: message.id, in: queueCollection)
    return message
  }

  // MARK: Reading (blocking: call from `store.perform`)

  /// The queued messages with their payloads, in delivery order.
  public func pending() throws -> [OutboxItem<Payload>] {
    try store.all(OutboxItem<Payload>.self, in: queueCollection).map(\.value).sorted { $0.sequence < $1.sequence }
  }

  /// The queued messages without their payloads, in delivery order.
  public func pendingMessages() throws -> [OutboxMessage] {
    try store.all(OutboxHead.self, in: queueCollection).map(\.value).sorted { $0.sequence < $1.sequence }
      .map(\.entry)
  }

  /// How many messages are queued.
  public func pendingCount() throws -> Int { try store.count(in: queueCollection) }

  /// The messages the receiver refused, oldest first; each `lastError` is the receiver's reason.
  public func setAside() throws -> [OutboxItem<Payload>] {
    try store.all(OutboxItem<Payload>.self, in: setAsideCollection).map(\.value)
  }

  /// How many messages are set aside.
  public func setAsideCount() throws -> Int { try store.count(in: setAsideCollection) }

  /// The delivered messages kept in the history, oldest first.
  public func history() throws -> [DeliveredMessage] {
    try store.all(DeliveredMessage.self, in: deliveredCollection).map(\.value)
  }

  // MARK: Set-aside messages

  /// Puts a set-aside message back into the queue at its original place; returns it.
  /// - Parameter id: its key, or a prefix of it that only one set-aside message has.
  /// - Throws: `OutboxError.notSetAside` or `.ambiguous`.
  @discardableResult
  public func retry(_ id: String) throws -> OutboxMessage {
    try store.transaction { transaction in
      var item = try takeSetAside(matching: id, in: transaction)
      item.setAsideAt = nil
      item.entry.lastError = nil
      item.entry.lastReason = nil
      try transaction.put(item, key: item.entry.id, in: queueCollection)
      return item.entry
    }
  }

  /// Deletes a set-aside message for good; returns it.
  /// - Parameter id: its key, or a prefix of it that only one set-aside message has.
  /// - Throws: `OutboxError.notSetAside` or `.ambiguous`.
  @discardableResult
  public func discard(_ id: String) throws -> OutboxMessage {
    try store.transaction { transaction in try takeSetAside(matching: id, in: transaction).entry }
  }

  private func takeSetAside(matching id: String, in transaction: StoreTransaction) throws -> OutboxItem<Payload> {
    let wanted = id.trimmingSpaces().lowercased()
    let keys = try transaction.keys(in: setAsideCollection)
    let matches = keys.contains(wanted) ? [wanted] : keys.filter { !wanted.isEmpty && $0.hasPrefix(wanted) }
    guard let key = matches.first else { throw OutboxError.notSetAside(id) }
    guard matches.count == 1 else { throw OutboxError.ambiguous(id, matches: matches.map { String($0.prefix(8)) }) }
    guard let item = try transaction.get(OutboxItem<Payload>.self, key: key, in: setAsideCollection) else {
      throw OutboxError.notSetAside(id)
    }
    try transaction.delete(key: key, in: setAsideCollection)
    return item
  }

  // MARK: Delivery

  /// Delivers the queued messages in order through `send`, one at a time; see
  /// ``deliver(window:now:_:)``.
  public func deliver(
    now: @escaping @Sendable () -> Date = Date.init,
    _ send: (OutboxItem<Payload>) async throws -> DeliveryVerdict
  ) async throws -> DeliveryRound {
    try await deliver(window: 1, now: now) { items in [try await send(items[0])] }
  }

  /// Delivers the queued messages in order through `send`, which is given the next ones (at most
  /// `window`), sends as many from the front as one request takes (at least the first), and
  /// returns a verdict for each it sent, in their order.
  ///
  /// The verdicts of each call are recorded in ONE transaction before `send` is called again, so
  /// what the receiver acknowledged is never sent again, even after a crash: `delivered` messages
  /// move to the history, `refused` ones are set aside with their reason, and the first `failed`
  /// one stays first in the queue with its attempt counted; delivery stops after that call (the
  /// other failed messages of the call stay queued as they were). No verdict at all counts as a
  /// failure of the first message. A message another process already delivered or set aside
  /// meanwhile is skipped when recorded. Cancellation stops before the next call.
  public func deliver(
    window: Int, now: @escaping @Sendable () -> Date = Date.init,
    _ send: ([OutboxItem<Payload>]) async throws -> [DeliveryVerdict]
  ) async throws -> DeliveryRound {
    try await deliver(
      window: window, now: now, prepare: { OutboxRequest($0, count: $0.count) }, send: { try await send($0) })
  }

  /// Delivers the queued messages in order as ``deliver(window:now:_:)`` does, with the work of a
  /// request split in two: `prepare` makes the request for the next ones (at most `window`; it
  /// sends nothing and says how many it carries), `send` sends it and returns a verdict for each
  /// message it sent, in their order.
  ///
  /// The queue is read at the start (in the order of `sequence`) and each window is decoded when
  /// its request is prepared. The next request is prepared while the current one is in flight and
  /// its verdicts are being recorded (on the assumption that it delivers all it carries; otherwise
  /// it is prepared again), so decoding and encoding overlap the receiver's and the disk's work. A
  /// queued message that does not decode throws `PersistenceError.decoding` naming it when its
  /// window comes (one that is no JSON at all comes first, before anything is sent). It is sent only after those verdicts
  /// are recorded: what the receiver acknowledged is never sent again, even after a crash.
  public func deliver<Request: Sendable>(
    window: Int, now: @escaping @Sendable () -> Date = Date.init,
    prepare: @escaping @Sendable ([OutboxItem<Payload>]) throws -> OutboxRequest<Request>,
    send: (Request) async throws -> [DeliveryVerdict]
  ) async throws -> DeliveryRound {
    // The queue's rows in delivery order, undecoded: each window is decoded when its request is prepared.
    let queue = try await store.perform { _ in
      OutboxWindows<Payload>(
        rows: try self.store.rows(in: self.queueCollection, orderedBy: "sequence"), size: max(1, window),
        collection: self.queueCollection, store: self.store.configuration.fileURL.path)
    }
    let make: @Sendable (Int) throws -> (items: [OutboxItem<Payload>], request: OutboxRequest<Request>) = { start in
      let items = try queue.items(from: start)
      return (items, try prepare(items))
    }
    var round = DeliveryRound()
    var next = 0
    var ahead: (start: Int, work: Task<(items: [OutboxItem<Payload>], request: OutboxRequest<Request>), any Error>)?
    defer { ahead?.work.cancel() }
    // Each request's verdicts are synced in the log before the next request goes out, and copied
    // into the database file once, when the round ends (or the log fills), not once per request.
    do {
      while next < queue.count, !Task.isCancelled {
        let (offered, request) = try await ahead.flatMap { $0.start == next ? $0.work : nil }?.value ?? make(next)
        let carried = min(max(1, request.count), offered.count)
        let following = next + carried
        ahead?.work.cancel()
        ahead = following < queue.count ? (following, Task { try make(following) }) : nil
        var verdicts = Array(try await send(request.request).prefix(carried))
        if verdicts.isEmpty { verdicts = [.failed(OutboxDeliveryGap())] }
        let judged = Array(zip(offered, verdicts))
        next += judged.count
        let recorded = try await store.perform { _ in try self.record(judged, at: now()) }
        round.delivered += recorded.delivered
        round.setAside += recorded.setAside
        if let stopped = recorded.stopped {
          round.stopped = stopped
          break
        }
      }
    } catch {
      _ = try? await store.perform { try $0.copyLogIntoFile() }
      throw error
    }
    try await store.perform { try $0.copyLogIntoFile() }
    return round
  }

  /// What one call's verdicts changed.
  struct Recorded: Sendable {
    var delivered: [OutboxMessage] = []
    var setAside: [OutboxMessage] = []
    var stopped: (message: OutboxMessage, error: any Error)?
  }

  /// Records the verdicts of one request in one transaction: delivered messages move to the
  /// history (trimmed), refused ones are set aside, the first failed one has its attempt counted.
  /// A message no longer queued (another process recorded it first) is skipped.
  /// The transaction is left in the log (`EntityStore.transactionInLog`): the round copies it into
  /// the database file when it ends.
  func record(_ judged: [(item: OutboxItem<Payload>, verdict: DeliveryVerdict)], at date: Date) throws -> Recorded {
    try store.transactionInLog { transaction in
      var recorded = Recorded()
      var delivered: [DeliveredMessage] = []
      for (item, verdict) in judged {
        switch verdict {
        case .delivered:
          guard try transaction.delete(key: item.entry.id, in: queueCollection) else { continue }
          var entry = item.entry
          entry.attempts += 1
          entry.lastError = nil
          entry.lastReason = nil
          delivered.append(DeliveredMessage(entry: entry, sequence: item.sequence, deliveredAt: date))
          recorded.delivered.append(entry)
        case .refused(let reason, let explained):
          guard var kept = try transaction.get(OutboxItem<Payload>.self, key: item.entry.id, in: queueCollection)
          else { continue }
          try transaction.delete(key: item.entry.id, in: queueCollection)
          kept.entry.attempts += 1
          kept.entry.lastError = reason
          kept.entry.lastReason = explained
          kept.setAsideAt = date
          try transaction.put(kept, key: item.entry.id, in: setAsideCollection)
          recorded.setAside.append(kept.entry)
        case .failed(let error):
          guard recorded.stopped == nil else { continue }
          var message = item.entry
          message.attempts += 1
          message.lastError = String(describing: error)
          message.lastReason = (error as? any ExplainedDeliveryFailure)?.outboxReason
          if var kept = try transaction.get(OutboxItem<Payload>.self, key: item.entry.id, in: queueCollection) {
            kept.entry.attempts += 1
            kept.entry.lastError = message.lastError
            kept.entry.lastReason = message.lastReason
            try transaction.put(kept, key: item.entry.id, in: queueCollection)
            message = kept.entry
          }
          recorded.stopped = (message, error)
        }
      }
      // The history keeps the newest `historyLimit`: older ones of this request would be trimmed at once.
      for message in delivered.suffix(max(0, historyLimit)) {
        try transaction.put(message, key: message.entry.id, in: deliveredCollection)
      }
      if !delivered.isEmpty { try transaction.trim(deliveredCollection, keepingNewest: historyLimit) }
      return recorded
    }
  }
}
