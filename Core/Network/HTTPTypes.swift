import FoundationEssentials
import JSONCoding
import Localization
import Logging

/// An HTTP method.
public enum HTTPMethod: String, Sendable, CaseIterable {
  /// The methods the client sends; the raw value is the method as it goes on the wire.
  case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"
}

/// The encoder of request bodies (sorted keys, ISO-8601 dates through Logging's `UTCTimestamp`):
/// JSONCoding's, which writes what `JSONEncoder` wrote with `.sortedKeys` and `.utcTimestamp`, byte
/// for byte, at a fraction of its cost. It keeps no state between calls, so requests built on several
/// threads may share it.
private let jsonEncoder = JSONTextEncoder(dates: .utcTimestamp)

/// A typed HTTP request relative to a client's base URL.
public struct HTTPRequest: Sendable, Equatable {
  /// The method.
  public var method: HTTPMethod
  /// The path below the base URL, e.g. "/v1/station/position".
  public var path: String
  /// Query parameters (sent sorted by name, percent-encoded).
  public var query: [String: String]
  /// Header fields.
  public var headers: [String: String]
  /// The body, if any.
  public var body: Data?
  /// The longest the request may take in all, retries and the waits between them included
  /// (nil: only the client's per-attempt timeout and retry policy bound it).
  public var totalTimeout: Duration?

  /// The header that makes a POST or PATCH safe to retry.
  public static let idempotencyKeyHeader = "Idempotency-Key"

  /// GET/PUT/DELETE are idempotent; POST/PATCH only when an "Idempotency-Key" header is present.
  public var isIdempotent: Bool {
    switch method {
    case .get, .put, .delete: true
    case .post, .patch: header(HTTPRequest.idempotencyKeyHeader) != nil
    }
  }

  /// Creates a request.
  public init(
    method: HTTPMethod = .get, path: String, query: [String: String] = [:], headers: [String: String] = [:],
    body: Data? = nil
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.body = body
  }

  /// A request with `body` encoded as JSON (sorted keys, ISO-8601 dates) and a JSON Content-Type.
  /// - Throws: `NetworkError.encoding` when the body cannot be encoded.
  public static func json<Body: Encodable>(
    _ method: HTTPMethod, path: String, body: Body, headers: [String: String] = [:]
  ) throws -> HTTPRequest {
    let data: Data
    do {
      data = try jsonEncoder.encode(body)
    } catch {
      throw NetworkError.encoding("\(error)")
    }
    var allHeaders = headers
    if !allHeaders.keys.contains(where: { $0.lowercased() == "content-type" }) {
      allHeaders["Content-Type"] = "application/json"
    }
    return HTTPRequest(method: method, path: path, headers: allHeaders, body: data)
  }

  /// The value of header `name` (case-insensitive), or nil.
  public func header(_ name: String) -> String? {
    headers.first { $0.key.lowercased() == name.lowercased() }?.value
  }
}

/// A response: status, headers and body.
public struct HTTPResponse: Sendable, Equatable {
  /// The status code.
  public var status: Int
  /// Header fields.
  public var headers: [String: String]
  /// The body.
  public var body: Data

  /// Creates a response.
  public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// True for 2xx.
  public var isSuccess: Bool { (200..<300).contains(status) }

  /// The value of header `name` (case-insensitive), or nil.
  public func header(_ name: String) -> String? {
    headers.first { $0.key.lowercased() == name.lowercased() }?.value
  }
}

/// Everything that can go wrong talking HTTP.
public enum NetworkError: Error, Equatable, CustomStringConvertible {
  /// The base URL, path or query did not form a URL.
  case invalidURL(String)
  /// The server could not be reached (refused, no route, DNS, connection lost).
  case unreachable(String)
  /// The request timed out.
  case timeout
  /// The server answered with a non-2xx status.
  case status(code: Int, body: String)
  /// The response body did not decode; `keyPath` like "position.latitude" or "[2].name".
  case decoding(keyPath: String, reason: String)
  /// The request body could not be encoded.
  case encoding(String)
  /// The server answered 2xx, but not with the acknowledgement the request needed (see
  /// `AcknowledgedDelivery`); `answer` says what came back.
  case unacknowledged(status: Int, answer: String)
  /// The server refused messages of different kinds alike (the same status, the same words): it
  /// refuses the requests, not the messages, so it is not the receiver (see `AcknowledgedSender`).
  case refusedAlike(status: Int, reason: String)

  /// One line describing the failure, in English (logs, analytics): `translatedMessage`'s line,
  /// and for a server out of reach the HTTP library's own detail too (a person reads the cause only).
  public var description: String {
    if case .unreachable(let reason) = self, let line = UnreachableText.logLine(reason) {
      return Strings.errorUnreachable(detail: LocalizedText.verbatim(line)).description
    }
    return translatedMessage.description
  }

  /// Whether an idempotent request failing this way may be retried (unreachable, timeout, 5xx, 429;
  /// not the HTTP library missing).
  public var isTransient: Bool {
    switch self {
    case .unreachable(let reason): !reason.hasPrefix(URLSessionHelper.unavailablePrefix)
    case .timeout: true
    case .status(let code, _): code == 429 || (500..<600).contains(code)
    case .invalidURL, .decoding, .encoding, .unacknowledged, .refusedAlike: false
    }
  }
}

/// What a client is doing while it sends one request, for a screen that says so.
public enum HTTPProgress: Sendable, Equatable {
  /// Attempt number `n` (1-based) is on its way.
  case attempt(Int)
  /// Attempt `afterAttempt` failed with `failure`; the next one starts in `retryIn`.
  case waiting(afterAttempt: Int, retryIn: Duration, failure: NetworkError)
}

/// Something that sends requests: `HTTPClient`, `AuthenticatedClient`, or a test double.
public protocol HTTPSending: Sendable {
  /// Sends `request` and returns its 2xx response; throws `NetworkError` otherwise.
  func send(_ request: HTTPRequest, progress: (@Sendable (HTTPProgress) -> Void)?) async throws -> HTTPResponse
}

extension JSONDateText {
  /// Dates as the `.utcTimestamp` strategies of `JSONEncoder` and `JSONDecoder` write and read them
  /// (Logging's `UTCTimestamp`), refused in their words.
  static let utcTimestamp = JSONDateText(write: UTCTimestamp.string(from:), read: UTCTimestamp.date(from:))
}
