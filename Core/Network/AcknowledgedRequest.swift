import FoundationEssentials

/// One request of an ``AcknowledgedSender``, encoded ahead of its turn
/// (``AcknowledgedSender/prepare(_:key:encode:)``): the messages at the front of a queue as one
/// batch, or the first of them alone. Sending it is ``AcknowledgedSender/send(_:judge:progress:)``;
/// encoding the next one while this one is in flight changes nothing that is sent.
public struct AcknowledgedRequest: Sendable {
  /// The idempotency keys of the messages the batch carries, in order (the first alone for a
  /// single request).
  let keys: [String]
  /// The batch, when the receiver takes batches as far as was known when it was encoded.
  let batch: HTTPRequest?
  /// The first message alone: the request itself without a batch, and the fallback when the
  /// receiver turns out to have no batch endpoint.
  let single: HTTPRequest

  /// How many messages the request carries: those it will have a verdict for, unless the receiver
  /// turns out to have no batch endpoint (then only the first).
  public var count: Int { batch == nil ? 1 : keys.count }
}
