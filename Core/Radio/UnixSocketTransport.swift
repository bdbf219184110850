import Dispatch
import Foundation
import Glibc
import Synchronization

private let streamSocketType = Int32(SOCK_STREAM.rawValue)
private let sendFlags = Int32(MSG_NOSIGNAL)

/// The largest Unix socket path (bytes, without the terminating NUL) this system accepts.
public let maximumUnixSocketPathLength: Int = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

private func systemError(_ call: String, _ code: Int32 = errno) -> RadioError {
  .system(call: call, reason: String(cString: strerror(code)))
}

/// Builds a `sockaddr_un` for `path`, refusing paths that do not fit.
private func makeAddress(_ path: String) throws(RadioError) -> sockaddr_un {
  let bytes = Array(path.utf8)
  guard !bytes.isEmpty else { throw .system(call: "socket path", reason: "the path is empty") }
  guard bytes.count <= maximumUnixSocketPathLength else {
    throw .socketPathTooLong(path: path, maximum: maximumUnixSocketPathLength)
  }
  var address = sockaddr_un()
  address.sun_family = sa_family_t(AF_UNIX)
  withUnsafeMutableBytes(of: &address.sun_path) { raw in
    for (index, byte) in bytes.enumerated() { raw[index] = byte }
    raw[bytes.count] = 0
  }
  return address
}

private func withSocketAddress<R>(_ address: sockaddr_un, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
  var address = address
  return withUnsafePointer(to: &address) { pointer in
    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
  }
}

/// Runs blocking `work` on `queue` and resumes with its result.
private func onQueue<R: Sendable>(_ queue: DispatchQueue, _ work: @escaping @Sendable () throws -> R) async throws -> R
{
  try await withCheckedThrowingContinuation { continuation in
    queue.async { continuation.resume(with: Result { try work() }) }
  }
}

/// A connected Unix-domain stream socket. Reads and writes are blocking calls, each direction on
/// its own serial dispatch queue; `close()` shuts the socket down (waking a blocked read) and
/// releases the descriptor only after both queues are idle.
public final class UnixSocketTransport: RadioTransport {
  private let descriptor: Int32
  private let closed = Mutex(false)
  private let readQueue = DispatchQueue(label: "radio.unix.read")
  private let writeQueue = DispatchQueue(label: "radio.unix.write")

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Connects to a listening socket at `path`.
  public static func connect(path: String) async throws -> UnixSocketTransport {
    let address = try makeAddress(path)
    return try await onQueue(DispatchQueue(label: "radio.unix.connect")) {
      let fd = socket(AF_UNIX, streamSocketType, 0)
      guard fd >= 0 else { throw systemError("socket") }
      let result = withSocketAddress(address) { Glibc.connect(fd, $0, $1) }
      guard result == 0 else {
        let error = systemError("connect")
        _ = Glibc.close(fd)
        throw error
      }
      return UnixSocketTransport(descriptor: fd)
    }
  }

  public func send(_ bytes: [UInt8]) async throws {
    guard !isClosed else { throw RadioError.closed }
    let fd = descriptor
    try await onQueue(writeQueue) { [bytes] in
      var offset = 0
      while offset < bytes.count {
        if self.isClosed { throw RadioError.closed }
        let written = bytes.withUnsafeBytes { raw in
          Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, sendFlags)
        }
        if written < 0 {
          if errno == EINTR { continue }
          if errno == EPIPE || errno == ECONNRESET { throw RadioError.closed }
          throw systemError("send")
        }
        offset += written
      }
    }
  }

  public func receive() async throws -> [UInt8]? {
    guard !isClosed else { return nil }
    let fd = descriptor
    return try await onQueue(readQueue) { () throws -> [UInt8]? in
      var buffer = [UInt8](repeating: 0, count: 8192)
      while true {
        if self.isClosed { return nil }
        let count = buffer.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 { return Array(buffer[0..<count]) }
        if count == 0 { return nil }
        if errno == EINTR { continue }
        if errno == ECONNRESET { return nil }
        throw systemError("recv")
      }
    }
  }

  public func close() async {
    let wasClosed = closed.withLock { closed in
      defer { closed = true }
      return closed
    }
    guard !wasClosed else { return }
    _ = shutdown(descriptor, Int32(SHUT_RDWR))
    let fd = descriptor
    let writeQueue = self.writeQueue
    readQueue.async { writeQueue.async { _ = Glibc.close(fd) } }
  }

  private var isClosed: Bool { closed.withLock { $0 } }

}

/// The server side of a Unix-domain socket: binds a path, accepts connections, and removes the
/// socket file when closed. A stale socket file (nobody listening) is replaced; a live one is
/// refused with `RadioError.addressInUse`.
public final class UnixSocketListener: Sendable {
  /// The socket file this listener serves.
  public let path: String
  private let descriptor: Int32
  private let closed = Mutex(false)
  private let acceptQueue = DispatchQueue(label: "radio.unix.accept")

  /// Binds and listens on `path`.
  public init(path: String, backlog: Int32 = 16) throws {
    let address = try makeAddress(path)
    if FileManager.default.fileExists(atPath: path) {
      if UnixSocketListener.someoneListens(at: address) { throw RadioError.addressInUse(path: path) }
      _ = unlink(path)
    }
    let fd = socket(AF_UNIX, streamSocketType, 0)
    guard fd >= 0 else { throw systemError("socket") }
    let bound = withSocketAddress(address) { bind(fd, $0, $1) }
    guard bound == 0 else {
      let code = errno
      _ = Glibc.close(fd)
      if code == EADDRINUSE { throw RadioError.addressInUse(path: path) }
      throw systemError("bind", code)
    }
    guard listen(fd, backlog) == 0 else {
      let error = systemError("listen")
      _ = Glibc.close(fd)
      _ = unlink(path)
      throw error
    }
    self.path = path
    self.descriptor = fd
  }

  /// Waits for the next client; throws `RadioError.closed` once the listener is closed.
  public func accept() async throws -> UnixSocketTransport {
    guard !closed.withLock({ $0 }) else { throw RadioError.closed }
    let fd = descriptor
    return try await onQueue(acceptQueue) {
      while true {
        if self.isClosed { throw RadioError.closed }
        let client = Glibc.accept(fd, nil, nil)
        if client >= 0 { return UnixSocketTransport(descriptor: client) }
        if errno == EINTR || errno == ECONNABORTED { continue }
        if self.isClosed { throw RadioError.closed }
        throw systemError("accept")
      }
    }
  }

  /// Stops accepting, wakes a pending `accept()` and removes the socket file; idempotent.
  public func close() {
    let wasClosed = closed.withLock { closed in
      defer { closed = true }
      return closed
    }
    guard !wasClosed else { return }
    _ = shutdown(descriptor, Int32(SHUT_RDWR))
    _ = unlink(path)
    let fd = descriptor
    acceptQueue.async { _ = Glibc.close(fd) }
  }

  deinit { close() }

  private var isClosed: Bool { closed.withLock { $0 } }

  private static func someoneListens(at address: sockaddr_un) -> Bool {
    let fd = socket(AF_UNIX, streamSocketType, 0)
    guard fd >= 0 else { return false }
    defer { _ = Glibc.close(fd) }
    return withSocketAddress(address) { Glibc.connect(fd, $0, $1) } == 0
  }
}
