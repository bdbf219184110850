import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One URLSession behind a session handle: ephemeral, no cache, no cookies.
final class BridgeSession: Sendable {
  private let session: URLSession

  init() {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    // No cookies: the services authenticate with a token, and every answer's headers would
    // otherwise be searched for cookies to store.
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    session = URLSession(configuration: configuration)
  }

  func dataTask(
    with request: URLRequest, completion: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
  ) -> URLSessionDataTask {
    session.dataTask(with: request, completionHandler: completion)
  }

  /// Lets running tasks finish, then closes the session's connections.
  func invalidate() { session.finishTasksAndInvalidate() }
}

/// A running data task behind a task handle.
final class BridgeTask: Sendable {
  private let task: URLSessionDataTask

  init(_ task: URLSessionDataTask) { self.task = task }

  func cancel() { task.cancel() }
}
