import FoundationEssentials

/// One request of an ``AcknowledgedSender``, encoded ahead of its turn
/// (``AcknowledgedSender/prepare(_:key:kind:encode:)``): the messages at the front of a queue as one
/// batch, or the first of them alone. Sending it is ``AcknowledgedSender/send(_:judge:progress:)``;
/// encoding the next one while this one is in flight changes nothing that is sent.
public struct AcknowledgedRequest: Sendable {
  /// The idempotency keys of the messages the batch carries, in order (the first alone for a
  /// single request).
  let keys: [String]
  /// What each of those messages is about (its owner's kinds), in the same order.
  let kinds: [String]
  /// The batch of the first `count` messages, when the receiver takes batches as far as was known
  /// when it was encoded (nil otherwise): `keys.count` of them now, fewer when it says that is too many.
  let batch: (@Sendable (_ count: Int) throws -> HTTPRequest)?
  /// The first message alone: the request itself without a batch, and the fallback when the
  /// receiver turns out to have no batch endpoint.
  let single: HTTPRequest
  /// A later message alone (its key, kind and request; one of another kind when there is one): sent
  /// only when the first is refused, to tell a refusal of that message from a server that refuses
  /// every message alike.
  let witness: (key: String, kind: String, request: HTTPRequest)?

  /// How many messages the request carries: those it will have a verdict for, unless the receiver
  /// turns out to have no batch endpoint or to take fewer (then only as many as it takes).
  public var count: Int { batch == nil ? 1 : keys.count }
}
