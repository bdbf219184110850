import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The bridge's C entry points (see README.md), which the helper's server calls. Plain C types only. Pointers handed in are read during the call only;
// pointers handed to `completion` are valid during that call only.

/// The version of this ABI; a caller refuses a library that answers another one.
@_cdecl("iss_urlsession_abi_version")
public func issURLSessionABIVersion() -> Int32 { 1 }

/// Creates a session (ephemeral: no cookies, no cache) that keeps its connections alive between
/// requests. Release it with `iss_urlsession_session_release`.
@_cdecl("iss_urlsession_session_create")
public func issURLSessionSessionCreate() -> UnsafeMutableRawPointer {
  Unmanaged.passRetained(BridgeSession()).toOpaque()
}

/// Releases a session: requests still running finish (their completions are still called), then
/// its connections close.
@_cdecl("iss_urlsession_session_release")
public func issURLSessionSessionRelease(_ session: UnsafeMutableRawPointer) {
  Unmanaged<BridgeSession>.fromOpaque(session).takeRetainedValue().invalidate()
}

/// What `completion` hears, exactly once per `iss_urlsession_send`: the context given to it, the
/// outcome (`BridgeOutcome`), the HTTP status, the header names and values and their count, the
/// body and its length, and for a failure a one-line message (NULL for a response).
public typealias BridgeCompletion =
  @convention(c) (
    _ context: UnsafeMutableRawPointer?, _ outcome: Int32, _ status: Int32,
    _ headerNames: UnsafePointer<UnsafePointer<CChar>?>?, _ headerValues: UnsafePointer<UnsafePointer<CChar>?>?,
    _ headerCount: Int32, _ body: UnsafeRawPointer?, _ bodyLength: Int64, _ message: UnsafePointer<CChar>?
  ) -> Void

/// Starts one request on `session` and calls `completion` exactly once, on a thread of the
/// session's own (perhaps before returning, when the URL is not valid). `bodyLength < 0`: no body.
/// `timeoutSeconds` is URLSession's idle timeout for the request. Returns the request's handle for
/// `iss_urlsession_task_cancel`, which the caller releases with `iss_urlsession_task_release`, or
/// NULL when `completion` has already been called.
@_cdecl("iss_urlsession_send")
public func issURLSessionSend(
  _ session: UnsafeMutableRawPointer, _ url: UnsafePointer<CChar>, _ method: UnsafePointer<CChar>,
  _ headerNames: UnsafePointer<UnsafePointer<CChar>?>?, _ headerValues: UnsafePointer<UnsafePointer<CChar>?>?,
  _ headerCount: Int32, _ body: UnsafeRawPointer?, _ bodyLength: Int64, _ timeoutSeconds: Double,
  _ context: UnsafeMutableRawPointer?, _ completion: BridgeCompletion
) -> UnsafeMutableRawPointer? {
  let text = String(cString: url)
  guard let address = URL(string: text), address.scheme != nil, address.host != nil else {
    BridgeReply.failure(.invalidURL, "invalid URL: \(text)").deliver(to: completion, context: context)
    return nil
  }
  var request = URLRequest(url: address)
  request.httpMethod = String(cString: method)
  request.timeoutInterval = timeoutSeconds
  for index in 0..<Int(max(headerCount, 0)) {
    guard let name = headerNames?[index], let value = headerValues?[index] else { continue }
    request.setValue(String(cString: value), forHTTPHeaderField: String(cString: name))
  }
  if bodyLength >= 0 {
    request.httpBody = body.map { Data(bytes: $0, count: Int(bodyLength)) } ?? Data()
  }
  let session = Unmanaged<BridgeSession>.fromOpaque(session).takeUnretainedValue()
  let caller = Caller(completion: completion, context: context)
  let task = session.dataTask(with: request) { data, response, error in
    BridgeReply(data: data, response: response, error: error).deliver(to: caller.completion, context: caller.context)
  }
  task.resume()
  return Unmanaged.passRetained(BridgeTask(task)).toOpaque()
}

/// Cancels a request (its completion then hears `cancelled`, unless it already came); harmless
/// after the completion.
@_cdecl("iss_urlsession_task_cancel")
public func issURLSessionTaskCancel(_ task: UnsafeMutableRawPointer) {
  Unmanaged<BridgeTask>.fromOpaque(task).takeUnretainedValue().cancel()
}

/// Releases a request's handle; the handle must not be used afterwards.
@_cdecl("iss_urlsession_task_release")
public func issURLSessionTaskRelease(_ task: UnsafeMutableRawPointer) {
  Unmanaged<BridgeTask>.fromOpaque(task).release()
}

/// The completion and its context, carried to URLSession's thread (the caller vouches for the
/// context being usable there).
private struct Caller: @unchecked Sendable {
  let completion: BridgeCompletion
  let context: UnsafeMutableRawPointer?
}
