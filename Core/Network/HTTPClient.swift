import FoundationEssentials
import JSONCoding
import Localization
import Logging

/// Sends typed requests to one server with timeouts and retries for idempotent calls.
public struct HTTPClient: HTTPSending {
  /// The server, timeout and retry policy.
  public let configuration: ClientConfiguration
  private let transport: any HTTPTransport
  private let sleep: @Sendable (Duration) async throws -> Void
  private let logger: Logger

  /// Creates a client. `sleep` is injected so tests observe backoff without waiting.
  public init(
    configuration: ClientConfiguration, transport: any HTTPTransport = URLSessionTransport(),
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
    logger: Logger = .disabled(module: "Network")  // untranslated: a module name
  ) {
    self.configuration = configuration
    self.transport = transport
    self.sleep = sleep
    self.logger = logger
  }

  /// Gets the transport ready for requests that will follow soon (see `HTTPTransport.prepare()`):
  /// call it before preparing a delivery, so the two overlap.
  public func prepare() {
    transport.prepare()
  }

  /// Sends `request` and returns its 2xx response.
  ///
  /// Idempotent requests are retried on unreachable/timeout/5xx/429 with exponential backoff
  /// (a `Retry-After: <seconds>` header wins, capped by `maxBackoff`); non-2xx ends in `.status`.
  /// Each attempt is bounded by the configured timeout and everything, retries and waits included,
  /// by `request.totalTimeout` when set: then `.timeout` is thrown (or the last failure, when the
  /// next wait would not fit). `progress` hears about every attempt and every wait before a retry.
  public func send(
    _ request: HTTPRequest, progress: (@Sendable (HTTPProgress) -> Void)? = nil
  ) async throws -> HTTPResponse {
    var wireRequest = try makeWireRequest(request)
    let policy = configuration.retry
    let attempts = request.isIdempotent ? max(1, policy.maxAttempts) : 1
    let clock = ContinuousClock()
    let deadline = request.totalTimeout.map { clock.now + $0 }
    var attempt = 1
    while true {
      var attemptTimeout = configuration.timeout
      if let deadline {
        let remaining = clock.now.duration(to: deadline)
        guard remaining > .zero else { throw NetworkError.timeout }
        attemptTimeout = min(attemptTimeout, remaining)
      }
      wireRequest.timeout = attemptTimeout
      progress?(.attempt(attempt))
      let failure: NetworkError
      var retryAfter: Duration?
      do {
        let response = try await transport.send(wireRequest, within: attemptTimeout)
        if response.isSuccess { return response }
        failure = .status(code: response.status, body: HTTPClient.excerpt(response.body))
        retryAfter = HTTPClient.retryAfter(response, maximum: policy.maxBackoff)
      } catch let error as NetworkError {
        failure = error
      }
      guard failure.isTransient, attempt < attempts else { throw failure }
      try Task.checkCancellation()
      let wait = min(retryAfter ?? policy.backoff(afterAttempt: attempt), policy.maxBackoff)
      if let deadline, clock.now + wait >= deadline { throw failure }
      logger.debug(
        "retrying request",
        metadata: [
          "method": request.method.rawValue, "path": request.path, "attempt": "\(attempt)",
          "error": failure.description, "wait": "\(wait)",
        ])
      progress?(.waiting(afterAttempt: attempt, retryIn: wait, failure: failure))
      try await sleep(wait)
      attempt += 1
    }
  }

  /// Sends `request` and decodes its 2xx body as JSON (ISO-8601 dates).
  /// - Throws: `NetworkError.decoding` naming the key path that failed, or any error of `send`.
  public func send<T: Decodable>(
    _ request: HTTPRequest, decoding type: T.Type, progress: (@Sendable (HTTPProgress) -> Void)? = nil
  ) async throws -> T {
    let response = try await send(request, progress: progress)
    return try HTTPClient.decode(type, from: response.body)
  }

  /// Decodes JSON (ISO-8601 dates), turning `DecodingError` into `NetworkError.decoding` with a key path.
  static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    do {
      return try responseDecoder.decode(type, from: data)
    } catch let error as DecodingError {
      throw NetworkError.decoding(keyPath: error.keyPathText, reason: error.reasonText)
    } catch {
      throw NetworkError.decoding(keyPath: "", reason: "\(error)")
    }
  }

  /// JSONCoding's decoder (what `JSONDecoder` reads, at a fraction of its cost) with ISO-8601 dates,
  /// with or without fractional seconds; a refusal keeps the coding path.
  static let responseDecoder = JSONTextDecoder(
    dates: JSONDateText(
      write: UTCTimestamp.string(from:),
      read: { text in
        UTCTimestamp.date(from: text) ?? (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
      },
      // untranslated: a decoding detail, quoted verbatim like the decoder's own
      refusal: { text in "expected an ISO-8601 date like 2026-11-22T05:00:00Z, found \"\(text)\"" }))

  /// The wire request for `request`: base URL + path, sorted percent-encoded query, headers (JSON
  /// `Accept`, and `Content-Type` for a body, unless given), the per-attempt timeout.
  func makeWireRequest(_ request: HTTPRequest) throws -> WireRequest {
    let base = configuration.baseURL.absoluteString
    let joined = HTTPClient.join(base: base, path: request.path)
    guard var components = URLComponents(string: joined), components.scheme != nil, components.host != nil else {
      throw NetworkError.invalidURL(joined)
    }
    if !request.query.isEmpty {
      let items = request.query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
      components.queryItems = (components.queryItems ?? []) + items
      // URLComponents leaves "+" alone, which servers read as a space.
      components.percentEncodedQuery = components.percentEncodedQuery?.replacingEvery("+", with: "%2B")
    }
    guard let url = components.url else { throw NetworkError.invalidURL(joined) }
    var headers = request.headers
    if request.body != nil, request.header("Content-Type") == nil {
      headers["Content-Type"] = "application/json"
    }
    if request.header("Accept") == nil {  // untranslated: an HTTP header
      headers["Accept"] = "application/json"  // untranslated: an HTTP header
    }
    return WireRequest(
      url: url, method: request.method, headers: headers, body: request.body, timeout: configuration.timeout)
  }

  /// "http://h:1/api" + "/v1/x" -> "http://h:1/api/v1/x" (exactly one slash between).
  static func join(base: String, path: String) -> String {
    var trimmedBase = Substring(base)
    while trimmedBase.hasSuffix("/") { trimmedBase = trimmedBase.dropLast() }
    var trimmedPath = Substring(path)
    while trimmedPath.hasPrefix("/") { trimmedPath = trimmedPath.dropFirst() }
    return trimmedPath.isEmpty ? String(trimmedBase) : "\(trimmedBase)/\(trimmedPath)"
  }

  /// `Retry-After` in whole or fractional seconds (HTTP dates are ignored), at most `maximum`.
  ///
  /// The header is external input: a huge value is capped before it becomes a `Duration`
  /// (converting 1e300 s to integer milliseconds would trap).
  static func retryAfter(_ response: HTTPResponse, maximum: Duration) -> Duration? {
    guard let value = response.header("Retry-After")?.trimmingSpaces(),
      let seconds = Double(value), seconds >= 0, seconds.isFinite
    else { return nil }
    guard seconds < maximum.seconds else { return maximum }
    return .milliseconds(Int64((seconds * 1000).rounded()))
  }

  static func excerpt(_ body: Data) -> String {
    let text = String(decoding: body.prefix(500), as: UTF8.self).trimmingWhitespace()
    return text.replacingEvery("\n", with: " ")
  }
}

/// A bearer token; cannot be empty or whitespace. Its description never reveals the secret.
public struct AuthToken: Sendable, Equatable, CustomStringConvertible {
  /// The token text (trimmed).
  public let rawValue: String

  /// nil when `raw` is empty or only whitespace.
  public init?(_ raw: String) {
    let trimmed = raw.trimmingWhitespace()
    guard !trimmed.isEmpty else { return nil }
    rawValue = trimmed
  }

  /// "AuthToken(redacted)".
  public var description: String { "AuthToken(redacted)" }
}

/// A client that cannot exist without a token: adds "Authorization: Bearer <token>" to every request.
public struct AuthenticatedClient: HTTPSending {
  /// The underlying client.
  public let client: HTTPClient
  private let token: AuthToken

  /// Wraps `client`, authenticating with `token`.
  public init(client: HTTPClient, token: AuthToken) {
    self.client = client
    self.token = token
  }

  /// Gets the transport ready for requests that will follow soon; see `HTTPClient.prepare()`.
  public func prepare() {
    client.prepare()
  }

  /// Sends `request` with the bearer token; see `HTTPClient.send(_:progress:)`.
  public func send(
    _ request: HTTPRequest, progress: (@Sendable (HTTPProgress) -> Void)? = nil
  ) async throws -> HTTPResponse {
    try await client.send(authorized(request), progress: progress)
  }

  /// Sends `request` with the bearer token and decodes the body; see `HTTPClient.send(_:decoding:progress:)`.
  public func send<T: Decodable>(
    _ request: HTTPRequest, decoding type: T.Type, progress: (@Sendable (HTTPProgress) -> Void)? = nil
  ) async throws -> T {
    try await client.send(authorized(request), decoding: type, progress: progress)
  }

  /// A client of the server at `url` with `token`, for a person who waits: each request within
  /// `interactiveTimeout`, idempotent ones retried by `RetryPolicy.standard`; nil for a blank token.
  public init?(interactiveAt url: URL, token: String) {
    guard let token = AuthToken(token) else { return nil }
    self.init(
      client: HTTPClient(configuration: ClientConfiguration(baseURL: url, timeout: Self.interactiveTimeout)),
      token: token)
  }

  /// How long one request may take when a person waits at the prompt.
  public static let interactiveTimeout: Duration = .seconds(5)

  func authorized(_ request: HTTPRequest) -> HTTPRequest {
    var request = request
    // untranslated: an HTTP header
    for name in request.headers.keys where name.lowercased() == "authorization" {
      request.headers[name] = nil
    }
    request.headers["Authorization"] = "Bearer \(token.rawValue)"  // untranslated: an HTTP header
    return request
  }
}
