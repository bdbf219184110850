import FoundationEssentials
import Logging
import Synchronization

/// Sends queued messages to a receiver that acknowledges each by its idempotency key, as many in
/// one request as the receiver takes: up to `batchSize` to its batch endpoint, or one at a time
/// where it has none.
///
/// Whether the receiver has a batch endpoint is learnt from its answers: a batch answered 404 or
/// 405 (no batch endpoint) makes the next `Self.batchProbeInterval` requests carry one message each,
/// then a batch is tried again, so a passing 404 costs a few requests, not a process's worth; one
/// answered 413 (too large) is sent again at half the size, and every later batch is that small at
/// most. Each request is bounded by `budget`, retries included.
///
/// A receiver that refuses messages of different kinds alike — the same status and the same words
/// for each — refuses the requests, not the messages (a server that is not the receiver, or the
/// wrong endpoint): such refusals are `failed(.refusedAlike)`, never a message's own refusal, so
/// nothing is set aside for them. A message refused alone, with no message of another kind to
/// compare, is refused only by 413 or 422 (the receiver understood it); any other status fails. The caller decides what a message is (`encode`) and what an
/// outcome means to it (`judge`); the sender never says more than the receiver's answer did.
public final class AcknowledgedSender: Sendable {
  private let single: AcknowledgedDelivery
  private let batch: AcknowledgedBatchDelivery?
  private let dialect: DeliveryDialect
  private let budget: Duration?
  private let logger: Logger
  /// What the receiver's answers taught about its batches.
  private let batches: Mutex<BatchKnowledge>

  /// How many single requests follow a batch answered "no batch endpoint" before a batch is tried again.
  public static let batchProbeInterval = 64

  private struct BatchKnowledge {
    /// The most messages a batch carries (halved by each 413).
    var size: Int
    /// Single requests still to go before a batch is tried again (0: batches are sent).
    var singlesBeforeProbe = 0
  }

  /// Sends through `client` in `dialect`, each request within `budget` (nil: the client's policy).
  public init(client: any HTTPSending, dialect: DeliveryDialect, budget: Duration? = nil, logger: Logger) {
    single = AcknowledgedDelivery(client: client, path: dialect.path, acknowledgement: dialect.acknowledgement)
    batch = dialect.batchPath.map {
      AcknowledgedBatchDelivery(
        client: client, path: $0, layout: dialect.batchLayout, acknowledgement: dialect.acknowledgement)
    }
    self.dialect = dialect
    self.budget = budget
    self.logger = logger
    batches = Mutex(BatchKnowledge(size: dialect.batchSize))
  }

  /// Whether the next request carries a batch (the receiver has a batch endpoint, as far as is known).
  public var sendsBatches: Bool {
    batch != nil && batches.withLock { $0.singlesBeforeProbe == 0 }
  }

  /// Sends the messages at the front of `items` in ONE request (a batch of up to `batchSize`, or the
  /// first alone) and returns one verdict per message sent, in order: at least one unless `items`
  /// is empty. The rest are for the next call, once the caller has kept these verdicts.
  ///
  /// - Parameters:
  ///   - items: the messages still to send, in the order the receiver applies them.
  ///   - key: a message's idempotency key.
  ///   - kind: what a message is about (messages refused alike across kinds are not refused; see above).
  ///   - encode: what the receiver gets for a message.
  ///   - judge: what an outcome means to the caller; a batch that failed as a whole is one failed
  ///     outcome for its first message.
  ///   - progress: hears about every attempt and every wait before a retry.
  public func send<Item, Body: Encodable & Sendable, Verdict>(
    _ items: [Item], key: (Item) -> String, kind: (Item) -> String, encode: (Item) -> Body,
    judge: (AcknowledgedDelivery.Outcome) -> Verdict, progress: (@Sendable (HTTPProgress) -> Void)? = nil
  ) async throws -> [Verdict] {
    guard !items.isEmpty else { return [] }
    return try await send(prepare(items, key: key, kind: kind, encode: encode), judge: judge, progress: progress)
  }

  /// Encodes the request for the messages at the front of `items` (not empty): a batch of up to
  /// `batchSize` while the receiver takes batches as far as is known, else the first alone (with a
  /// later message of another kind, sent only if the first is refused). Sends nothing, so it may run
  /// while an earlier request is in flight. Throws `NetworkError.encoding`.
  public func prepare<Item, Body: Encodable & Sendable>(
    _ items: [Item], key: (Item) -> String, kind: (Item) -> String, encode: (Item) -> Body
  ) throws -> AcknowledgedRequest {
    // untranslated: a caller's mistake (nothing to send), never what a person typed
    guard let first = items.first else { throw NetworkError.encoding("no message to send") }
    let single = try self.single.request(for: encode(first), key: key(first))
    // A message of another kind tells a server that refuses everything from a refusal of this kind;
    // the next message, when there is none of another kind, from a refusal of this message alone.
    let witness = try (items.dropFirst().first { kind($0) != kind(first) } ?? items.dropFirst().first).map {
      (key: key($0), kind: kind($0), request: try self.single.request(for: encode($0), key: key($0)))
    }
    let size = batches.withLock { $0.size }
    guard let batch, sendsBatches else {
      return AcknowledgedRequest(keys: [key(first)], kinds: [kind(first)], batch: nil, single: single, witness: witness)
    }
    let front = items.prefix(size)
    let messages = front.map { AcknowledgedBatchDelivery.Message(key: key($0), report: encode($0)) }
    let whole = try batch.request(for: messages)
    return AcknowledgedRequest(
      keys: messages.map(\.key), kinds: front.map(kind),
      batch: { count in count >= messages.count ? whole : try batch.request(for: Array(messages.prefix(count))) },
      single: single, witness: witness)
  }

  /// Sends `request` (from ``prepare(_:key:kind:encode:)``) and returns one verdict per message it
  /// delivered or not, in order: all of its batch, as many as the receiver takes at once, or its
  /// first message alone when the receiver answers that it has no batch endpoint.
  public func send<Verdict>(
    _ request: AcknowledgedRequest, judge: (AcknowledgedDelivery.Outcome) -> Verdict,
    progress: (@Sendable (HTTPProgress) -> Void)? = nil
  ) async throws -> [Verdict] {
    if let batch, let make = request.batch, sendsBatches {
      var count = min(request.keys.count, batches.withLock { $0.size })
      batching: while true {
        let keys = Array(request.keys.prefix(count))
        switch try await batch.send(try make(count), keys: keys, totalTimeout: budget, progress: progress) {
        case .answered(let outcomes):
          return Self.unlessAlike(outcomes, kinds: Array(request.kinds.prefix(count))).map(judge)
        case .failed(let error):
          return [judge(.failed(error))]
        case .tooLarge where count > 1:
          count /= 2
          batches.withLock { $0.size = min($0.size, count) }
          logger.notice(
            "the receiver takes no batch this large; sending at most \(count) per request to \(dialect.path)")
        case .tooLarge:
          break batching  // one message alone, to the endpoint of single messages
        case .unsupported:
          batches.withLock { $0.singlesBeforeProbe = Self.batchProbeInterval }
          logger.notice("the receiver has no batch endpoint; delivering one message per request to \(dialect.path)")
          break batching
        }
      }
    }
    batches.withLock { $0.singlesBeforeProbe = max(0, $0.singlesBeforeProbe - 1) }
    let outcome = try await single.send(request.single, key: request.keys[0], totalTimeout: budget, progress: progress)
    guard case .refused(let status, let reason) = outcome else { return [judge(outcome)] }
    guard let witness = request.witness else {
      // Nothing to compare it with: only the refusal a receiver gives a message it understood counts.
      return [judge(Self.messageRefusals.contains(status) ? outcome : .failed(.status(code: status, body: reason)))]
    }
    let seen = try await single.send(witness.request, key: witness.key, totalTimeout: budget, progress: progress)
    // The witness is judged by the next request of its own; here it only tells what this refusal is.
    return [judge(Self.unlessAlike([outcome, seen], kinds: [request.kinds[0], witness.kind])[0])]
  }

  /// The statuses by which a receiver refuses a message it understood (the dialect is right, the
  /// message is not): what counts as a refusal when no other message can show that the receiver
  /// refuses everything alike.
  static let messageRefusals: Set<Int> = [413, 422]

  /// `outcomes`, unless every one is the same refusal, of messages of more than one kind or by a
  /// status that is not a message's own (413, 422): then each is `failed(.refusedAlike)`. Messages of
  /// one kind refused alike by 422 are that kind refused.
  static func unlessAlike(
    _ outcomes: [AcknowledgedDelivery.Outcome], kinds: [String]
  ) -> [AcknowledgedDelivery.Outcome] {
    guard outcomes.count > 1, case .refused(let status, let reason) = outcomes[0],
      outcomes.allSatisfy({ $0 == outcomes[0] }),
      Set(kinds.prefix(outcomes.count)).count > 1 || !messageRefusals.contains(status)
    else { return outcomes }
    return outcomes.map { _ in .failed(.refusedAlike(status: status, reason: reason)) }
  }
}
