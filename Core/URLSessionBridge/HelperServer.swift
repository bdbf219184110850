import Foundation
import Logging
import URLSessionBridgeInterface

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The URLSession helper's side of the pipe (see README.md, "The helper protocol"): reads request
/// frames from `input`, sends each through one `BridgeSession` with the C entry points, and writes
/// each reply frame to `output` as its request ends. Ends the process when `input` ends (the app
/// exited or closed its end); a broken frame ends it too, with status 65.
public enum HelperServer {
  /// Serves until `input` ends; never returns.
  public static func serve(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) -> Never {
    signal(SIGPIPE, SIG_IGN)
    let session = issURLSessionSessionCreate()
    let server = Server(output: output)
    while let frame = HelperFrame.read(from: input) {
      guard let request = HelperRequest(frame) else { exit(65) }
      switch request {
      case .send(let id, let send):
        server.start(id: id, send, on: session)
      case .cancel(let id):
        server.cancel(id: id)
      }
    }
    issURLSessionSessionRelease(session)
    exit(0)
  }
}

/// The running requests and the lock that keeps reply frames whole.
private final class Server: @unchecked Sendable {
  private let output: Int32
  private let lock = NSLock()
  private var tasks: [UInt64: UnsafeMutableRawPointer] = [:]
  /// Requests whose reply went out before `start` kept their task.
  private var finished: Set<UInt64> = []

  init(output: Int32) { self.output = output }

  func start(id: UInt64, _ send: HelperRequest.Send, on session: UnsafeMutableRawPointer) {
    let context = Unmanaged.passRetained(Completion(server: self, id: id)).toOpaque()
    let names = send.headers.map { strdup($0.name) }
    let values = send.headers.map { strdup($0.value) }
    defer { (names + values).forEach { free($0) } }
    let constNames: [UnsafePointer<CChar>?] = names.map { UnsafePointer($0) }
    let constValues: [UnsafePointer<CChar>?] = values.map { UnsafePointer($0) }
    let task = constNames.withUnsafeBufferPointer { names in
      constValues.withUnsafeBufferPointer { values in
        (send.body ?? []).withUnsafeBytes { body in
          issURLSessionSend(
            session, send.url, send.method, names.baseAddress, values.baseAddress, Int32(send.headers.count),
            body.baseAddress, send.body == nil ? -1 : Int64(body.count), send.timeoutSeconds, context,
            helperCompletion)
        }
      }
    }
    guard let task else {
      // Answered at once (an invalid URL): nothing to keep.
      lock.lock()
      finished.remove(id)
      lock.unlock()
      return
    }
    lock.lock()
    // The completion may have come already: then the task is released at once.
    if finished.remove(id) != nil {
      lock.unlock()
      issURLSessionTaskRelease(task)
    } else {
      tasks[id] = task
      lock.unlock()
    }
  }

  func cancel(id: UInt64) {
    lock.lock()
    let task = tasks[id]
    lock.unlock()
    if let task { issURLSessionTaskCancel(task) }
  }

  /// Writes `reply` and releases the request's task.
  func finish(id: UInt64, reply: [UInt8]) {
    lock.lock()
    _ = try? HelperFrame.framed(reply).withUnsafeBytes { try WholeWrite.all($0, to: output) }  // the app may be gone
    let task = tasks.removeValue(forKey: id)
    if task == nil { finished.insert(id) }
    lock.unlock()
    if let task { issURLSessionTaskRelease(task) }
  }
}

private final class Completion {
  let server: Server
  let id: UInt64
  init(server: Server, id: UInt64) {
    self.server = server
    self.id = id
  }
}

/// The C completion of every request: its reply, as a frame for the app.
private let helperCompletion: BridgeCompletion = {
  context, outcome, status, names, values, count, body, length, message in
  let completion = Unmanaged<Completion>.fromOpaque(context!).takeRetainedValue()
  var writer = HelperFrame.Writer()
  writer.integer(completion.id)
  writer.integer(UInt32(bitPattern: outcome))
  writer.integer(UInt32(bitPattern: status))
  writer.integer(UInt32(max(count, 0)))
  for index in 0..<Int(max(count, 0)) {
    writer.text(names?[index].map { String(cString: $0) } ?? "")
    writer.text(values?[index].map { String(cString: $0) } ?? "")
  }
  writer.byteString(body.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(length))) } ?? [])
  writer.optionalText(message.map { String(cString: $0) })
  completion.server.finish(id: completion.id, reply: writer.bytes)
}
