import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The seam between a client and the wire; the live one is `URLSessionTransport`, tests use fakes.
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the response of any status; throws `NetworkError` for transport failures.
  func send(_ request: URLRequest) async throws -> HTTPResponse
  /// Like `send(_:)`, but throws `NetworkError.timeout` once `limit` has passed, whatever the wire
  /// does meanwhile (an answer still on its way is dropped).
  func send(_ request: URLRequest, within limit: Duration) async throws -> HTTPResponse
}

extension HTTPTransport {
  /// Races `send(_:)` against `limit`; the answer is not waited for past the limit. The timer is a
  /// task like the send, so both wait alike when the cooperative threads are busy.
  public func send(_ request: URLRequest, within limit: Duration) async throws -> HTTPResponse {
    let race = FirstOutcome<HTTPResponse>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        race.start(continuation)
        let work = Task {
          do {
            race.finish(with: .success(try await send(request)))
          } catch {
            race.finish(with: .failure(error))
          }
        }
        let timer = Task {
          try? await Task.sleep(for: limit)
          if race.finish(with: .failure(NetworkError.timeout)) { work.cancel() }
        }
        race.onFinish {
          work.cancel()
          timer.cancel()
        }
      }
    } onCancel: {
      race.finish(with: .failure(CancellationError()))
    }
  }
}

/// Sends requests with `URLSession` (ephemeral: no cookies, no cache).
public struct URLSessionTransport: HTTPTransport {
  private let session: URLSession

  /// Creates a transport with its own ephemeral session.
  public init() {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    // No cookies: the services authenticate with a token, and every answer's headers would
    // otherwise be searched for cookies to store.
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    self.session = URLSession(configuration: configuration)
  }

  /// Sends `request` as one URLSession data task raced against a dispatch timer: no task of its
  /// own and no waiting past `limit` (the data task is cancelled then).
  public func send(_ request: URLRequest, within limit: Duration) async throws -> HTTPResponse {
    let race = FirstOutcome<HTTPResponse>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        race.start(continuation)
        let task = session.dataTask(with: request) { data, response, error in
          race.finish(with: Result { try URLSessionTransport.response(data, response, error, for: request) })
        }
        let handle = DataTaskHandle(task: task)
        let timer = DispatchTimer(after: limit) {
          if race.finish(with: .failure(NetworkError.timeout)) { handle.cancel() }
        }
        race.onFinish {
          timer.cancel()
          handle.cancel()
        }
        task.resume()
      }
    } onCancel: {
      race.finish(with: .failure(CancellationError()))
    }
  }

  /// The response for a data task's completion, or the `NetworkError` for its failure.
  static func response(
    _ data: Data?, _ response: URLResponse?, _ error: (any Error)?, for request: URLRequest
  ) throws
    -> HTTPResponse
  {
    if let error = error as? URLError {
      if error.code == .cancelled { throw CancellationError() }
      throw map(error)
    }
    if let error { throw NetworkError.unreachable(error.localizedDescription) }
    return try httpResponse(data ?? Data(), response, for: request)
  }

  /// Sends `request`; maps `URLError` to `NetworkError.timeout` / `.unreachable`.
  public func send(_ request: URLRequest) async throws -> HTTPResponse {
    let (data, response): (Data, URLResponse)
    do {
      (data, response) = try await session.data(for: request)
    } catch let error as URLError {
      throw URLSessionTransport.map(error)
    }
    return try Self.httpResponse(data, response, for: request)
  }

  private static func httpResponse(
    _ data: Data, _ response: URLResponse?, for request: URLRequest
  ) throws
    -> HTTPResponse
  {
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

/// A data task that may be cancelled from any thread (URLSessionTask is thread-safe, not `Sendable`).
private struct DataTaskHandle: @unchecked Sendable {
  let task: URLSessionDataTask

  func cancel() { task.cancel() }
}
