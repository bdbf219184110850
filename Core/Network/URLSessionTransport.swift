import Dispatch
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sends requests with `URLSession` (ephemeral: no cookies, no cache), one session and so one
/// kept-alive connection per transport. URLSession lives in libISSURLSession (Core/URLSessionBridge),
/// which the first request loads: until a process talks HTTP, it loads no FoundationNetworking.
public struct URLSessionTransport: HTTPTransport {
  private let connection: SessionConnection

  /// Creates a transport; its session is made on the first request, from the library next to the
  /// executable (or the one `ISS_URLSESSION_LIBRARY` names).
  public init() {
    connection = SessionConnection(libraryPath: nil)
  }

  /// A transport on the library at `libraryPath`.
  init(libraryPath: String) {
    connection = SessionConnection(libraryPath: libraryPath)
  }

  /// Sends `request` as one URLSession data task raced against a dispatch timer: no task of its
  /// own and no waiting past `limit` (the data task is cancelled then).
  public func send(_ request: WireRequest, within limit: Duration) async throws -> HTTPResponse {
    try await send(request, limit: limit)
  }

  /// Sends `request`, bounded only by its idle timeout (`WireRequest.timeout`).
  public func send(_ request: WireRequest) async throws -> HTTPResponse {
    try await send(request, limit: nil)
  }

  private func send(_ request: WireRequest, limit: Duration?) async throws -> HTTPResponse {
    let (library, session) = try connection.open()
    let race = FirstOutcome<HTTPResponse>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        race.start(continuation)
        let task = RunningTask.start(request, on: session, with: library, race: race)
        let timer = limit.map { limit in
          DispatchTimer(after: limit) { race.finish(with: .failure(NetworkError.timeout)) }
        }
        race.onFinish {
          timer?.cancel()
          task?.cancelAndRelease()
        }
      }
    } onCancel: {
      race.finish(with: .failure(CancellationError()))
    }
  }
}

/// A transport's library and session, opened on the first request and released with the transport.
private final class SessionConnection: Sendable {
  private let libraryPath: String?
  private let state = Mutex<Result<(URLSessionLibrary, Session), NetworkError>?>(nil)

  init(libraryPath: String?) { self.libraryPath = libraryPath }

  deinit {
    if case .success(let (library, session)) = state.withLock({ $0 }) { library.releaseSession(session.pointer) }
  }

  /// The library and the session, loaded and made on the first call; a failure to load is kept.
  func open() throws(NetworkError) -> (URLSessionLibrary, Session) {
    let opened = state.withLock { state in
      if let opened = state { return opened }
      let opened = Result { () throws(NetworkError) in
        let library = try URLSessionLibrary.load(at: libraryPath ?? URLSessionLibrary.defaultPath)
        return (library, Session(pointer: library.createSession()))
      }
      state = opened
      return opened
    }
    return try opened.get()
  }
}

/// A bridge session handle (the bridge's sessions are thread-safe).
private struct Session: @unchecked Sendable {
  let pointer: UnsafeMutableRawPointer
}

/// A bridge task handle, cancelled and released exactly once, when its race is decided.
private struct RunningTask: @unchecked Sendable {
  let pointer: UnsafeMutableRawPointer
  let library: URLSessionLibrary

  /// Starts `request`; its outcome goes to `race` (perhaps before this returns). Nil when the
  /// bridge answered at once.
  static func start(
    _ request: WireRequest, on session: Session, with library: URLSessionLibrary, race: FirstOutcome<HTTPResponse>
  ) -> RunningTask? {
    let context = Unmanaged.passRetained(race).toOpaque()
    let headers = request.headers.sorted { $0.key < $1.key }
    let pointer = withCStrings(headers.map(\.key)) { names in
      withCStrings(headers.map(\.value)) { values in
        withBody(request.body) { body, length in
          library.send(
            session.pointer, request.url.absoluteString, request.method.rawValue, names, values,
            Int32(headers.count), body, length, request.timeout.seconds, context, complete)
        }
      }
    }
    return pointer.map { RunningTask(pointer: $0, library: library) }
  }

  func cancelAndRelease() {
    library.cancelTask(pointer)
    library.releaseTask(pointer)
  }
}

/// The bridge's completion: hands the outcome to the race in `context`, which it releases.
private let complete: URLSessionLibrary.Completion = {
  context, outcome, status, names, values, count, body, length, message in
  let race = Unmanaged<FirstOutcome<HTTPResponse>>.fromOpaque(context!).takeRetainedValue()
  let text = message.map { String(cString: $0) } ?? ""
  switch outcome {
  case 0:
    var headers: [String: String] = [:]
    for index in 0..<Int(max(count, 0)) {
      guard let name = names?[index], let value = values?[index] else { continue }
      headers[String(cString: name)] = String(cString: value)
    }
    let data = body.map { Data(bytes: $0, count: Int(length)) } ?? Data()
    race.finish(with: .success(HTTPResponse(status: Int(status), headers: headers, body: data)))
  case 1: race.finish(with: .failure(NetworkError.timeout))
  case 3: race.finish(with: .failure(NetworkError.invalidURL(text)))
  case 4: race.finish(with: .failure(CancellationError()))
  default: race.finish(with: .failure(NetworkError.unreachable(text)))
  }
}

/// Calls `body` with a C array of C strings for `strings`, valid during the call.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
  let copies = strings.map { strdup($0) }
  defer { copies.forEach { free($0) } }
  let pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
  return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
}

/// Calls `body` with the bytes of `data` and their count, or (nil, -1) for no body.
private func withBody<R>(_ data: Data?, _ body: (UnsafeRawPointer?, Int64) -> R) -> R {
  guard let data else { return body(nil, -1) }
  return data.withUnsafeBytes { body($0.baseAddress, Int64($0.count)) }
}
