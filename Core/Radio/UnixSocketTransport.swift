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

/// Runs blocking `work` on a fresh thread (never on the cooperative pool) and resumes with its result.
private func onThread<R: Sendable>(_ name: String, _ work: @escaping @Sendable () throws -> R) async throws -> R {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread { continuation.resume(with: Result { try work() }) }
    thread.name = name
    thread.start()
  }
}

/// The life of a socket descriptor shared by blocking calls on several threads: `close()` shuts the
/// socket down (waking blocked calls) and the descriptor is released once no call uses it.
private final class SocketDescriptor: Sendable {
  private struct State {
    var closed = false
    var inFlight = 0
    var released = false
  }

  let fd: Int32
  private let state = Mutex(State())

  init(_ fd: Int32) { self.fd = fd }

  var isClosed: Bool { state.withLock { $0.closed } }

  /// Runs `body` with the descriptor unless closed (then returns nil).
  func use<R>(_ body: (Int32) throws -> R) rethrows -> R? {
    let admitted = state.withLock { state -> Bool in
      guard !state.closed else { return false }
      state.inFlight += 1
      return true
    }
    guard admitted else { return nil }
    defer {
      let release = state.withLock { state -> Bool in
        state.inFlight -= 1
        guard state.closed, state.inFlight == 0, !state.released else { return false }
        state.released = true
        return true
      }
      if release { _ = Glibc.close(fd) }
    }
    return try body(fd)
  }

  /// Shuts the socket down; the descriptor is closed now or when the last call returns. Returns
  /// false when it was already closed.
  @discardableResult
  func close() -> Bool {
    let (first, release) = state.withLock { state -> (Bool, Bool) in
      guard !state.closed else { return (false, false) }
      state.closed = true
      guard state.inFlight == 0 else { return (true, false) }
      state.released = true
      return (true, true)
    }
    guard first else { return false }
    _ = shutdown(fd, Int32(SHUT_RDWR))
    if release { _ = Glibc.close(fd) }
    return true
  }
}

/// A connected Unix-domain stream socket. Each read, write, connect runs as a blocking call on its
/// own thread; writes are serialised by a lock so frames never interleave; `close()` shuts the
/// socket down, which wakes a blocked read.
public final class UnixSocketTransport: RadioTransport {
  private let socket: SocketDescriptor
  private let writeLock = NSLock()

  init(descriptor: Int32) {
    self.socket = SocketDescriptor(descriptor)
  }

  /// Connects to a listening socket at `path`.
  public static func connect(path: String) async throws -> UnixSocketTransport {
    let address = try makeAddress(path)
    return try await onThread("radio.unix.connect") {
      let fd = Glibc.socket(AF_UNIX, streamSocketType, 0)
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
    guard !socket.isClosed else { throw RadioError.closed }
    let socket = self.socket
    let writeLock = self.writeLock
    try await onThread("radio.unix.write") {
      writeLock.lock()
      defer { writeLock.unlock() }
      let result: Void? = try socket.use { fd -> Void in
        var offset = 0
        while offset < bytes.count {
          let written = bytes.withUnsafeBytes { raw in
            Glibc.send(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset, sendFlags)
          }
          if written < 0 {
            if errno == EINTR { continue }
            if errno == EPIPE || errno == ECONNRESET || errno == EINVAL { throw RadioError.closed }
            throw systemError("send")
          }
          offset += written
        }
      }
      guard result != nil else { throw RadioError.closed }
    }
  }

  public func receive() async throws -> [UInt8]? {
    guard !socket.isClosed else { return nil }
    let socket = self.socket
    return try await onThread("radio.unix.read") { () throws -> [UInt8]? in
      let chunk = try socket.use { fd -> [UInt8]? in
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
          let count = buffer.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress, $0.count, 0) }
          if count > 0 { return Array(buffer[0..<count]) }
          if count == 0 { return nil }
          if errno == EINTR { continue }
          if errno == ECONNRESET || errno == EBADF || errno == EINVAL { return nil }
          throw systemError("recv")
        }
      }
      return chunk ?? nil
    }
  }

  public func close() async {
    socket.close()
  }

  deinit { socket.close() }
}

/// The server side of a Unix-domain socket: binds a path, accepts connections, and removes the
/// socket file when closed. A stale socket file (nobody listening) is replaced; a live one is
/// refused with `RadioError.addressInUse`.
public final class UnixSocketListener: Sendable {
  /// The socket file this listener serves.
  public let path: String
  private let socket: SocketDescriptor

  /// Binds and listens on `path`.
  public init(path: String, backlog: Int32 = 16) throws {
    let address = try makeAddress(path)
    if FileManager.default.fileExists(atPath: path) {
      if UnixSocketListener.someoneListens(at: address) { throw RadioError.addressInUse(path: path) }
      _ = unlink(path)
    }
    let fd = Glibc.socket(AF_UNIX, streamSocketType, 0)
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
    self.socket = SocketDescriptor(fd)
  }

  /// Waits for the next client; throws `RadioError.closed` once the listener is closed.
  public func accept() async throws -> UnixSocketTransport {
    let socket = self.socket
    return try await onThread("radio.unix.accept") {
      let accepted = try socket.use { fd -> Int32 in
        while true {
          let client = Glibc.accept(fd, nil, nil)
          if client >= 0 { return client }
          if errno == EINTR || errno == ECONNABORTED { continue }
          if socket.isClosed { throw RadioError.closed }
          throw systemError("accept")
        }
      }
      guard let accepted else { throw RadioError.closed }
      return UnixSocketTransport(descriptor: accepted)
    }
  }

  /// Stops accepting, wakes a pending `accept()` and removes the socket file; idempotent.
  public func close() {
    if socket.close() { _ = unlink(path) }
  }

  /// Like a crashed server: stops listening but leaves the socket file behind (tests).
  func closeKeepingFile() {
    socket.close()
  }

  deinit { close() }

  private static func someoneListens(at address: sockaddr_un) -> Bool {
    let fd = Glibc.socket(AF_UNIX, streamSocketType, 0)
    guard fd >= 0 else { return false }
    defer { _ = Glibc.close(fd) }
    return withSocketAddress(address) { Glibc.connect(fd, $0, $1) } == 0
  }
}
