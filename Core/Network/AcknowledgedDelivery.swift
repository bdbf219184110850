import FoundationEssentials
import JSONCoding

/// Delivers one message to a receiver that must acknowledge it by its idempotency key.
///
/// The message is POSTed as JSON with an `Idempotency-Key` header (so the client's retries are
/// safe). It counts as delivered only when the answer is 2xx and a JSON object whose
/// `"acknowledged"` member is that key (`"status": "duplicate"` marks one the receiver already
/// had). Anything else is not a delivery: a 2xx `<html>` page, `{}` or another message's key is
/// `failed(.unacknowledged)`, so a server that is not the receiver never empties an outbox.
///
/// A refusal is permanent only when the receiver explains it: a 4xx answer whose body is a JSON
/// object, other than the statuses that concern the connection rather than the message (401, 403,
/// 407: credentials; 404, 405: the wrong address; 408, 409, 425, 429: try again later).
public struct AcknowledgedDelivery: Sendable {
  /// How the delivery ended.
  public enum Outcome: Sendable, Equatable {
    /// The receiver acknowledged the key; `duplicate` when it had it already.
    case acknowledged(duplicate: Bool)
    /// The receiver refused this message for good; `reason` is its explanation.
    case refused(status: Int, reason: String)
    /// Not delivered this time (unreachable, timeout, 5xx, credentials, no acknowledgement); try later.
    case failed(NetworkError)
  }

  private let client: any HTTPSending
  private let path: String
  private let acknowledgement: Acknowledgement

  /// Delivers to `path` (below the client's base URL) through `client`; `acknowledgement` reads
  /// the answers (by default, `{"acknowledged":KEY}`).
  public init(client: any HTTPSending, path: String, acknowledgement: Acknowledgement = .byKey) {
    self.client = client
    self.path = path
    self.acknowledgement = acknowledgement
  }

  /// POSTs `body` with `key` as its idempotency key and classifies the answer.
  ///
  /// - Parameters:
  ///   - body: the report, sent as JSON.
  ///   - key: the report's idempotency key; Houston's answer must acknowledge it.
  ///   - totalTimeout: the longest the delivery may take, retries included (nil: the client's policy).
  ///   - progress: hears about every attempt and every wait before a retry.
  public func deliver<Body: Encodable>(
    _ body: Body, key: String, totalTimeout: Duration? = nil, progress: (@Sendable (HTTPProgress) -> Void)? = nil
  ) async throws -> Outcome {
    try await send(request(for: body, key: key), key: key, totalTimeout: totalTimeout, progress: progress)
  }

  /// The request that carries `body` with `key` as its idempotency key (encoded now, sent by
  /// ``send(_:key:totalTimeout:progress:)``). Throws `NetworkError.encoding`.
  func request<Body: Encodable>(for body: Body, key: String) throws -> HTTPRequest {
    try HTTPRequest.json(.post, path: path, body: body, headers: [HTTPRequest.idempotencyKeyHeader: key])
  }

  /// POSTs a `request` made by ``request(for:key:)`` for the message keyed `key` and classifies the answer.
  func send(
    _ request: HTTPRequest, key: String, totalTimeout: Duration? = nil,
    progress: (@Sendable (HTTPProgress) -> Void)? = nil
  ) async throws -> Outcome {
    var request = request
    request.totalTimeout = totalTimeout
    do {
      let response = try await client.send(request, progress: progress)
      return acknowledgement.single(response, key)
    } catch let error as NetworkError {
      if case .status(let code, let answer) = error, Self.isRefusal(code), let reason = Self.explanation(answer) {
        return .refused(status: code, reason: reason)
      }
      return .failed(error)
    }
  }

  /// `acknowledged` when `response` acknowledges `key`, else `failed(.unacknowledged)`.
  static func classify(_ response: HTTPResponse, key: String) -> Outcome {
    guard let answer = try? JSONTextDecoder().decode(ReceiverAnswer.self, from: response.body),
      answer.acknowledged == key
    else {
      return .failed(.unacknowledged(status: response.status, answer: HTTPClient.excerpt(response.body)))
    }
    return .acknowledged(duplicate: answer.status == "duplicate")
  }

  /// Whether a status refuses the message itself (not the connection, the address or the moment).
  static func isRefusal(_ status: Int) -> Bool {
    (400..<500).contains(status) && ![401, 403, 404, 405, 407, 408, 409, 425, 429].contains(status)
  }

  /// The receiver's explanation in a JSON-object answer: its "error" text, else the object itself.
  /// nil when the answer is no JSON object (a proxy's or another server's page, not the receiver's word).
  static func explanation(_ answer: String) -> String? {
    guard let object = try? JSONTextDecoder().decode(ReceiverAnswer.self, from: Data(answer.utf8)) else { return nil }
    if let error = object.error, !error.isEmpty { return error }
    return answer
  }
}
