import Dispatch
import FoundationEssentials
import Synchronization

/// Sends requests with `URLSession` (ephemeral: no cookies, no cache), one session and so one
/// kept-alive connection per transport. URLSession lives in the URLSession helper process
/// (App/URLSessionHelper over Core/URLSessionBridge), which the first request starts: until a
/// process talks HTTP, it loads no FoundationNetworking, and the app never links it.
public struct URLSessionTransport: HTTPTransport {
  private let connection: SessionConnection

  /// Creates a transport; its helper is started on the first request, from next to the executable
  /// (or where `ISS_URLSESSION_HELPER` says).
  public init() {
    connection = SessionConnection(helperPath: nil)
  }

  /// A transport on the helper at `helperPath`.
  init(helperPath: String) {
    connection = SessionConnection(helperPath: helperPath)
  }

  /// Sends `request` as one URLSession data task raced against a dispatch timer: no task of its
  /// own and no waiting past `limit` (the data task is cancelled then).
  public func send(_ request: WireRequest, within limit: Duration) async throws -> HTTPResponse {
    try await send(request, limit: limit)
  }

  /// Starts the helper now, while the caller still prepares what it sends (it loads
  /// FoundationNetworking for some 30 ms of CPU, on another core). A helper that cannot start says
  /// so at the first request, as without this call.
  public func prepare() {
    _ = try? connection.open()
  }

  /// Sends `request`, bounded only by its idle timeout (`WireRequest.timeout`).
  public func send(_ request: WireRequest) async throws -> HTTPResponse {
    try await send(request, limit: nil)
  }

  private func send(_ request: WireRequest, limit: Duration?) async throws -> HTTPResponse {
    let helper = try connection.open()
    let race = FirstOutcome<HTTPResponse>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        race.start(continuation)
        let id = helper.send(request, race: race)
        let timer = limit.map { limit in
          DispatchTimer(after: limit) { race.finish(with: .failure(NetworkError.timeout)) }
        }
        race.onFinish {
          timer?.cancel()
          helper.cancel(id)
        }
      }
    } onCancel: {
      race.finish(with: .failure(CancellationError()))
    }
  }
}

/// A transport's helper, started on the first request and ended with the transport.
private final class SessionConnection: Sendable {
  private let helperPath: String?
  private let state = Mutex<Result<URLSessionHelper, NetworkError>?>(nil)

  init(helperPath: String?) { self.helperPath = helperPath }

  deinit {
    if case .success(let helper) = state.withLock({ $0 }) { helper.close() }
  }

  /// The helper, started on the first call; a failure to start it is kept.
  func open() throws(NetworkError) -> URLSessionHelper {
    let opened = state.withLock { state in
      if let opened = state { return opened }
      let opened = Result { () throws(NetworkError) in try URLSessionHelper(path: helperPath) }
      state = opened
      return opened
    }
    return try opened.get()
  }
}
