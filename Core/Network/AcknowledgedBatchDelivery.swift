import FoundationEssentials
import JSONCoding

/// Delivers several messages in one request to a receiver that acknowledges each by its
/// idempotency key, in order.
///
/// The body is laid out as `layout` says, by default `{"reports":[{"key":KEY,"report":BODY},…]}`;
/// read by the default `acknowledgement`, the answer must be a 2xx JSON object
/// `{"results":[{"key":KEY,"status":"applied"|"duplicate"|"refused","error":…,"httpStatus":…},…]}`
/// (a refusal's `httpStatus` is the status a single delivery would have had, 422 when absent). Each message
/// counts as delivered only when its own key is acknowledged; one missing from the answer, or an
/// answer that is no such object, is not delivered (`unacknowledged`), so a server that is not the
/// receiver never empties an outbox. Re-sending a batch is safe: every message carries its key.
///
/// A receiver that has no batch endpoint (404 or 405) is `unsupported`: the caller falls back to
/// ``AcknowledgedDelivery``, one message per request. One that will not take a batch this large
/// (413) is `tooLarge`: the caller sends a smaller one.
public struct AcknowledgedBatchDelivery: Sendable {
  /// How the batch ended.
  public enum Outcome: Sendable, Equatable {
    /// The receiver answered for the batch: one outcome per message, in the order sent
    /// (`failed(.unacknowledged)` for a message its answer does not acknowledge).
    case answered([AcknowledgedDelivery.Outcome])
    /// The receiver has no batch endpoint at this address.
    case unsupported
    /// The receiver takes no batch this large.
    case tooLarge
    /// Nothing was delivered this time (unreachable, timeout, 5xx, credentials, nonsense); try later.
    case failed(NetworkError)
  }

  /// One message of a batch: its idempotency key and its body.
  public struct Message<Body: Encodable & Sendable>: Encodable, Sendable {
    /// The message's idempotency key.
    public let key: String
    /// The message, sent as JSON.
    public let report: Body

    /// A message with idempotency key `key`.
    public init(key: String, report: Body) {
      self.key = key
      self.report = report
    }
  }

  private let client: any HTTPSending
  private let path: String
  private let layout: BatchLayout
  private let acknowledgement: Acknowledgement

  /// Delivers to `path` (below the client's base URL) through `client`, the body laid out as
  /// `layout` says and the answer read by `acknowledgement`.
  public init(
    client: any HTTPSending, path: String, layout: BatchLayout, acknowledgement: Acknowledgement = .byKey
  ) {
    self.client = client
    self.path = path
    self.layout = layout
    self.acknowledgement = acknowledgement
  }

  /// POSTs `messages` as one batch and classifies the answer for each of them.
  ///
  /// The request is retried like any idempotent one (its own `Idempotency-Key` names the batch by
  /// its first key and size; the receiver deduplicates by the messages' keys).
  /// - Parameters:
  ///   - messages: the messages, in the order the receiver applies them (nothing is sent for none).
  ///   - totalTimeout: the longest the delivery may take, retries included (nil: the client's policy).
  ///   - progress: hears about every attempt and every wait before a retry.
  public func deliver<Body: Encodable & Sendable>(
    _ messages: [Message<Body>], totalTimeout: Duration? = nil,
    progress: (@Sendable (HTTPProgress) -> Void)? = nil
  ) async throws -> Outcome {
    guard !messages.isEmpty else { return .answered([]) }
    return try await send(
      request(for: messages), keys: messages.map(\.key), totalTimeout: totalTimeout, progress: progress)
  }

  /// The request that carries `messages` as one batch (encoded now, sent by
  /// ``send(_:keys:totalTimeout:progress:)``). Throws `NetworkError.encoding`.
  func request<Body: Encodable & Sendable>(for messages: [Message<Body>]) throws -> HTTPRequest {
    try HTTPRequest.json(
      .post, path: path, body: BatchBody(layout: layout, messages: messages),
      headers: [HTTPRequest.idempotencyKeyHeader: "batch-\(messages.count)-\(messages.first?.key ?? "")"])
  }

  /// POSTs a batch `request` made by ``request(for:)`` for the messages keyed `keys`, in order, and
  /// classifies the answer for each of them.
  func send(
    _ request: HTTPRequest, keys: [String], totalTimeout: Duration? = nil,
    progress: (@Sendable (HTTPProgress) -> Void)? = nil
  ) async throws -> Outcome {
    var request = request
    request.totalTimeout = totalTimeout
    do {
      let response = try await client.send(request, progress: progress)
      return .answered(acknowledgement.batch(response, keys))
    } catch let error as NetworkError {
      if case .status(let code, _) = error, [404, 405].contains(code) { return .unsupported }
      if case .status(413, _) = error { return .tooLarge }
      return .failed(error)
    }
  }

  /// One outcome per key: acknowledged, refused with the receiver's reason, or not delivered.
  static func classify(_ response: HTTPResponse, keys: [String]) -> [AcknowledgedDelivery.Outcome] {
    // The excerpt of the answer is made only when some message goes unacknowledged.
    func unacknowledged() -> AcknowledgedDelivery.Outcome {
      .failed(.unacknowledged(status: response.status, answer: HTTPClient.excerpt(response.body)))
    }
    guard let received = try? JSONTextDecoder().decode(BatchAnswer.self, from: response.body).answers else {
      let outcome = unacknowledged()
      return keys.map { _ in outcome }
    }
    var answers: [String: AcknowledgedDelivery.Outcome] = [:]
    for result in received {
      guard let key = result.key, answers[key] == nil else { continue }
      switch result.status {
      case "applied": answers[key] = .acknowledged(duplicate: false)
      case "duplicate": answers[key] = .acknowledged(duplicate: true)
      case "refused":
        // untranslated: stands in for the receiver's own words, which are never translated
        let reason = result.error.flatMap { $0.isEmpty ? nil : $0 } ?? "no reason given"
        answers[key] = .refused(status: result.httpStatus ?? 422, reason: reason)
      default: continue
      }
    }
    let acknowledged = keys.compactMap { answers[$0] }
    if acknowledged.count == keys.count { return acknowledged }
    let outcome = unacknowledged()
    return keys.map { answers[$0] ?? outcome }
  }
}

/// The body of a batch, laid out as its `BatchLayout` says.
private struct BatchBody<Body: Encodable & Sendable>: Encodable {
  let layout: BatchLayout
  let messages: [AcknowledgedBatchDelivery.Message<Body>]

  /// A member name chosen at run time.
  private struct Member: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  func encode(to encoder: any Encoder) throws {
    var body = encoder.container(keyedBy: Member.self)
    var list = body.nestedUnkeyedContainer(forKey: Member(layout.list))
    for message in messages {
      guard let entry = layout.entry else {
        try list.encode(message.report)
        continue
      }
      var keyed = list.nestedContainer(keyedBy: Member.self)
      try keyed.encode(message.key, forKey: Member(entry.key))
      try keyed.encode(message.report, forKey: Member(entry.body))
    }
  }
}
