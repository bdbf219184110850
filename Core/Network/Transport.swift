import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The seam between a client and the wire; the live one is `URLSessionTransport`, tests use fakes.
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the response of any status; throws `NetworkError` for transport failures.
  func send(_ request: URLRequest) async throws -> HTTPResponse
}

/// Sends requests with `URLSession` (ephemeral: no cookies, no cache).
public struct URLSessionTransport: HTTPTransport {
  private let session: URLSession

  /// Creates a transport with its own ephemeral session.
  public init() {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    self.session = URLSession(configuration: configuration)
  }

  /// Sends `request`; maps `URLError` to `NetworkError.timeout` / `.unreachable`.
  public func send(_ request: URLRequest) async throws -> HTTPResponse {
    let (data, response): (Data, URLResponse)
    do {
      (data, response) = try await session.data(for: request)
    } catch let error as URLError {
      throw URLSessionTransport.map(error)
    }
    guard let http = response as? HTTPURLResponse else {
      throw NetworkError.unreachable("not an HTTP response from \(request.url?.absoluteString ?? "?")")
    }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      headers[String(describing: name)] = String(describing: value)
    }
    return HTTPResponse(status: http.statusCode, headers: headers, body: data)
  }

  /// The `NetworkError` for a `URLError`.
  static func map(_ error: URLError) -> NetworkError {
    switch error.code {
    case .timedOut:
      return .timeout
    case .cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet, .cannotFindHost,
      .dnsLookupFailed, .secureConnectionFailed:
      return .unreachable(error.localizedDescription)
    case .badURL, .unsupportedURL:
      return .invalidURL(error.failingURL?.absoluteString ?? error.localizedDescription)
    default:
      return .unreachable("\(error.localizedDescription) (URLError \(error.code.rawValue))")
    }
  }
}
