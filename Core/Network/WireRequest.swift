import FoundationEssentials

/// A request as a transport sends it: an `HTTPRequest` resolved against the client's base URL, with
/// every header that goes on the wire and the time one attempt may take.
public struct WireRequest: Sendable, Equatable {
  /// The absolute URL, query included.
  public var url: URL
  /// The method.
  public var method: HTTPMethod
  /// Every header field sent (the request's own, plus `Accept` and `Content-Type` when it had none).
  public var headers: [String: String]
  /// The body, if any.
  public var body: Data?
  /// How long the server may stay silent before the attempt fails (URLSession's idle timeout; a
  /// transport's `send(_:within:)` bounds the whole attempt).
  public var timeout: Duration

  /// Creates a request.
  public init(
    url: URL, method: HTTPMethod = .get, headers: [String: String] = [:], body: Data? = nil,
    timeout: Duration = .seconds(60)
  ) {
    self.url = url
    self.method = method
    self.headers = headers
    self.body = body
    self.timeout = timeout
  }

  /// The value of header `name` (case-insensitive), or nil.
  public func header(_ name: String) -> String? {
    headers.first { $0.key.lowercased() == name.lowercased() }?.value
  }
}
