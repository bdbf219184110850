import Foundation

/// An offline outbox in an `EntityStore`: messages queued with idempotency keys, delivered in
/// order by whoever owns it, with a bounded history of deliveries and a list of messages the
/// receiver refused (set aside until someone retries or discards them).
///
/// Generic over the payload; the owner decides kinds, payloads and how a message is sent.
/// Collections: `<name>.outbox`, `<name>.delivered`, `<name>.setAside`, and the order counter
/// under `outbox.sequence` in `<name>.meta`.
///
/// Queueing happens inside the owner's transaction, so a change and its message commit together.
/// Deliveries are recorded in batches: a crash between an acknowledgement and its record only
/// re-sends messages the receiver recognises by their keys, so each is still applied once.
public struct Outbox<Payload: Codable & Sendable>: Sendable {
  /// The store holding the outbox.
  public let store: EntityStore
  /// The prefix of the outbox's collections, e.g. "cosmonaut".
  public let name: String
  /// How many delivered messages the history keeps.
  public let historyLimit: Int
  /// At most this many acknowledged messages wait before their delivery is recorded.
  public let batchSize: Int
  /// Nor does an acknowledged message wait longer than this to be recorded.
  public let batchInterval: Duration

  /// Creates (or reopens) the outbox `name` in `store`.
  public init(
    store: EntityStore, name: String, historyLimit: Int = 50, batchSize: Int = 64,
    batchInterval: Duration = .milliseconds(500)
  ) {
    self.store = store
    self.name = name
    self.historyLimit = historyLimit
    self.batchSize = max(1, batchSize)
    self.batchInterval = batchInterval
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
    let wanted = id.trimmingCharacters(in: .whitespaces).lowercased()
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

  /// Delivers the queued messages in order through `send`, one at a time.
  ///
  /// `delivered` messages move to the history (recorded in batches of `batchSize`, and at the end);
  /// `refused` ones are set aside with their reason and delivery goes on; at the first `failed` one
  /// delivery stops and that message stays first in the queue with its attempt counted. A message
  /// another process already delivered or set aside meanwhile is skipped when recorded.
  /// Cancellation stops after the message in flight; what was delivered is recorded.
  public func deliver(
    now: @escaping @Sendable () -> Date = Date.init,
    _ send: (OutboxItem<Payload>) async throws -> DeliveryVerdict
  ) async throws -> DeliveryRound {
    try await deliver(inGroupsOf: 1, now: now) { items in [try await send(items[0])] }
  }

  /// Delivers the queued messages in order, `size` at a time through `send`, which returns one
  /// verdict per message it was given, in their order.
  ///
  /// The verdicts are applied as ``deliver(now:_:)`` applies them one by one: delivered ones are
  /// recorded, refused ones set aside, and at the first `failed` one delivery stops there (the
  /// verdicts after it in the group are not applied; those messages stay queued, and a receiver that
  /// took them anyway recognises them by their keys when they come again). A verdict missing for a
  /// message counts as `failed`. Cancellation stops after the group in flight.
  public func deliver(
    inGroupsOf size: Int, now: @escaping @Sendable () -> Date = Date.init,
    _ send: ([OutboxItem<Payload>]) async throws -> [DeliveryVerdict]
  ) async throws -> DeliveryRound {
    let queued = try await store.perform { _ in try self.pending() }
    var round = DeliveryRound()
    var acknowledged: [(message: OutboxMessage, sequence: Int)] = []
    let clock = ContinuousClock()
    var lastRecord = clock.now
    func record() async throws {
      lastRecord = clock.now
      guard !acknowledged.isEmpty else { return }
      let batch = acknowledged
      acknowledged.removeAll()
      round.delivered += try await store.perform { _ in try self.recordDelivered(batch, at: now()) }
    }
    var next = queued.startIndex
    while next < queued.endIndex {
      if Task.isCancelled { break }
      let group = Array(queued[next..<min(next + max(1, size), queued.endIndex)])
      next += group.count
      let verdicts: [DeliveryVerdict]
      do {
        verdicts = try await send(group)
      } catch {
        try await record()
        throw error
      }
      for (index, item) in group.enumerated() {
        switch index < verdicts.count ? verdicts[index] : .failed(OutboxDeliveryGap()) {
        case .delivered:
          acknowledged.append((item.entry, item.sequence))
          if acknowledged.count >= batchSize || lastRecord.duration(to: clock.now) >= batchInterval {
            try await record()
          }
        case .refused(let reason, let explained):
          try await record()
          if let message = try await store.perform({ _ in
            try self.setAside(item.entry.id, reason: reason, explained: explained, at: now())
          }) {
            round.setAside.append(message)
          }
        case .failed(let error):
          try await record()
          let reason = String(describing: error)
          let explained = (error as? any ExplainedDeliveryFailure)?.outboxReason
          var message = item.entry
          message.attempts += 1
          message.lastError = reason
          message.lastReason = explained
          if let updated = try await store.perform({ _ in
            try self.recordFailure(item.entry.id, reason: reason, explained: explained)
          }) {
            message = updated
          }
          round.stopped = (message, error)
          return round
        }
      }
    }
    try await record()
    return round
  }

  /// Moves acknowledged messages from the queue to the history, in one transaction; trims the history.
  /// A message no longer queued (another process recorded it first) is skipped.
  func recordDelivered(_ batch: [(message: OutboxMessage, sequence: Int)], at date: Date) throws -> [OutboxMessage] {
    try store.transaction { transaction in
      var recorded: [OutboxMessage] = []
      for (message, sequence) in batch {
        guard try transaction.delete(key: message.id, in: queueCollection) else { continue }
        var entry = message
        entry.attempts += 1
        entry.lastError = nil
        entry.lastReason = nil
        try transaction.put(
          DeliveredMessage(entry: entry, sequence: sequence, deliveredAt: date), key: entry.id, in: deliveredCollection)
        recorded.append(entry)
      }
      try transaction.trim(deliveredCollection, keepingNewest: historyLimit)
      return recorded
    }
  }

  /// Counts a failed attempt on a queued message and keeps the reason; nil when it is no longer queued.
  func recordFailure(_ id: String, reason: String, explained: OutboxReason? = nil) throws -> OutboxMessage? {
    try store.transaction { transaction in
      guard var item = try transaction.get(OutboxItem<Payload>.self, key: id, in: queueCollection) else { return nil }
      item.entry.attempts += 1
      item.entry.lastError = reason
      item.entry.lastReason = explained
      try transaction.put(item, key: id, in: queueCollection)
      return item.entry
    }
  }

  /// Moves a queued message to the set-aside list with the receiver's reason; nil when it is no longer queued.
  func setAside(_ id: String, reason: String, explained: OutboxReason? = nil, at date: Date) throws -> OutboxMessage? {
    try store.transaction { transaction in
      guard var item = try transaction.get(OutboxItem<Payload>.self, key: id, in: queueCollection) else { return nil }
      try transaction.delete(key: id, in: queueCollection)
      item.entry.attempts += 1
      item.entry.lastError = reason
      item.entry.lastReason = explained
      item.setAsideAt = date
      try transaction.put(item, key: id, in: setAsideCollection)
      return item.entry
    }
  }
}
