import FoundationEssentials
import Logging
import Synchronization

/// Sends queued messages to a receiver that acknowledges each by its idempotency key, as many in
/// one request as the receiver takes: up to `batchSize` to its batch endpoint, or one at a time
/// where it has none.
///
/// Whether the receiver has a batch endpoint is learnt once, from its first answer to a batch (404,
/// 405 or 413: it has none), and kept for this sender's life: from then on every request carries
/// one message. Each request is bounded by `budget`, retries included. The caller decides what a
/// message is (`encode`) and what an outcome means to it (`judge`); the sender never says more than
/// the receiver's answer did.
public final class AcknowledgedSender: Sendable {
  private let single: AcknowledgedDelivery
  private let batch: AcknowledgedBatchDelivery?
  private let dialect: DeliveryDialect
  private let budget: Duration?
  private let logger: Logger
  /// Set once the receiver answered that it has no batch endpoint.
  private let batchesUnsupported = Mutex(false)

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
  }

  /// Whether the next request carries a batch (the receiver has a batch endpoint, as far as is known).
  public var sendsBatches: Bool {
    batch != nil && !batchesUnsupported.withLock { $0 }
  }

  /// Sends the messages at the front of `items` in ONE request (a batch of up to `batchSize`, or the
  /// first alone) and returns one verdict per message sent, in order: at least one unless `items`
  /// is empty. The rest are for the next call, once the caller has kept these verdicts.
  ///
  /// - Parameters:
  ///   - items: the messages still to send, in the order the receiver applies them.
  ///   - key: a message's idempotency key.
  ///   - encode: what the receiver gets for a message.
  ///   - judge: what an outcome means to the caller; a batch that failed as a whole is one failed
  ///     outcome for its first message.
  ///   - progress: hears about every attempt and every wait before a retry.
  public func send<Item, Body: Encodable & Sendable, Verdict>(
    _ items: [Item], key: (Item) -> String, encode: (Item) -> Body,
    judge: (AcknowledgedDelivery.Outcome) -> Verdict, progress: (@Sendable (HTTPProgress) -> Void)? = nil
  ) async throws -> [Verdict] {
    guard !items.isEmpty else { return [] }
    return try await send(prepare(items, key: key, encode: encode), judge: judge, progress: progress)
  }

  /// Encodes the request for the messages at the front of `items` (not empty): a batch of up to
  /// `batchSize` while the receiver takes batches as far as is known, else the first alone. Sends
  /// nothing, so it may run while an earlier request is in flight. Throws `NetworkError.encoding`.
  public func prepare<Item, Body: Encodable & Sendable>(
    _ items: [Item], key: (Item) -> String, encode: (Item) -> Body
  ) throws -> AcknowledgedRequest {
    // untranslated: a caller's mistake (nothing to send), never what a person typed
    guard let first = items.first else { throw NetworkError.encoding("no message to send") }
    let single = try self.single.request(for: encode(first), key: key(first))
    guard let batch, sendsBatches else { return AcknowledgedRequest(keys: [key(first)], batch: nil, single: single) }
    let messages = items.prefix(dialect.batchSize).map {
      AcknowledgedBatchDelivery.Message(key: key($0), report: encode($0))
    }
    return AcknowledgedRequest(keys: messages.map(\.key), batch: try batch.request(for: messages), single: single)
  }

  /// Sends `request` (from ``prepare(_:key:encode:)``) and returns one verdict per message it
  /// delivered or not, in order: all of its batch, or its first message alone when the receiver
  /// answers that it has no batch endpoint (learnt here, for every later request).
  public func send<Verdict>(
    _ request: AcknowledgedRequest, judge: (AcknowledgedDelivery.Outcome) -> Verdict,
    progress: (@Sendable (HTTPProgress) -> Void)? = nil
  ) async throws -> [Verdict] {
    if let batch, let body = request.batch, sendsBatches {
      switch try await batch.send(body, keys: request.keys, totalTimeout: budget, progress: progress) {
      case .answered(let outcomes): return outcomes.map(judge)
      case .failed(let error): return [judge(.failed(error))]
      case .unsupported:
        batchesUnsupported.withLock { $0 = true }
        logger.notice("the receiver has no batch endpoint; delivering one message per request to \(dialect.path)")
      }
    }
    let outcome = try await single.send(
      request.single, key: request.keys[0], totalTimeout: budget, progress: progress)
    return [judge(outcome)]
  }
}
