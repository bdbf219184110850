import FoundationEssentials
import Glibc

private let streamSocketType = Int32(SOCK_STREAM.rawValue)

/// The largest Unix socket path (bytes, without the terminating NUL) this system accepts.
public let maximumUnixSocketPathLength: Int = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

/// Builds a `sockaddr_un` for `path`, refusing paths that do not fit.
private func makeAddress(_ path: String) throws(RadioError) -> sockaddr_un {
  try UnixSocketPath.validate(path)
  let bytes = Array(path.utf8)
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

/// Checks on a Unix-domain socket path that need no system call.
public enum UnixSocketPath {
  /// Throws `.socketPathTooLong` for a path over `maximumUnixSocketPathLength` bytes and
  /// `.system` for an empty one.
  public static func validate(_ path: String) throws(RadioError) {
    let length = path.utf8.count
    guard length > 0 else { throw .emptySocketPath }
    guard length <= maximumUnixSocketPathLength else {
      throw .socketPathTooLong(path: path, maximum: maximumUnixSocketPathLength)
    }
  }
}

/// A connected Unix-domain stream socket. Reads and writes are non-blocking and wait on the
/// process's one poll thread, so a link costs no thread of its own; writes never interleave.
public final class UnixSocketTransport: RadioTransport {
  let socket: NonBlockingSocket

  init(socket: NonBlockingSocket) {
    self.socket = socket
  }

  /// How long `connect` retries while the listener's backlog is full.
  static let connectPatience: Duration = .seconds(2)

  /// Connects to a listening socket at `path`.
  public static func connect(path: String) async throws -> UnixSocketTransport {
    let address = try makeAddress(path)
    let deadline = ContinuousClock.now + connectPatience
    while true {
      let fd = Glibc.socket(AF_UNIX, streamSocketType, 0)
      guard fd >= 0 else { throw systemError("socket") }
      let socket = NonBlockingSocket(fd)
      let result = withSocketAddress(address) { Glibc.connect(fd, $0, $1) }
      if result == 0 { return UnixSocketTransport(socket: socket) }
      let code = errno
      socket.close()
      // A full backlog: the server is alive but busy; try again for a while.
      guard code == EAGAIN, ContinuousClock.now < deadline else { throw connectError(path: path, code: code) }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  /// Why nothing could be connected to at `path`: something that is no socket there (or on the way to
  /// it) is named, so the line does not send a person to start a server where none can listen.
  private static func connectError(path: String, code: Int32) -> RadioError {
    if code == ENOTDIR || code == ELOOP, let (component, kind) = UnixSocketListener.blockingComponent(of: path) {
      return .notADirectory(path: path, component: component, kind: kind)
    }
    var status = stat()
    if code == ECONNREFUSED || code == ENOTSOCK, stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFSOCK {
      return .notASocket(path: path, kind: FileIdentity.kind(of: status.st_mode))
    }
    return systemError("connect", code)
  }

  public nonisolated(nonsending) func send(_ bytes: [UInt8]) async throws {
    try await socket.write(bytes)
  }

  public nonisolated(nonsending) func receive() async throws -> [UInt8]? {
    try await socket.read()
  }

  public nonisolated(nonsending) func close() async {
    socket.close()
  }
}

/// The server side of a Unix-domain socket: binds a path, accepts connections, and removes the
/// socket file when closed.
///
/// It never deletes what is not its own to replace: a stale socket file (nobody accepts on it) is
/// replaced; a live one is refused with `.addressInUse`; a directory, regular file, link or
/// anything else at the path is refused with `.notASocket`.
public final class UnixSocketListener: Sendable {
  /// The socket file this listener serves.
  public let path: String
  /// What serves the socket, as a ``RadioServer`` serving it answers the identify request (nil: it
  /// does not say).
  public let peer: RadioPeer?
  let socket: NonBlockingSocket
  /// The socket file's identity, so `close()` removes only the file this listener created.
  private let identity: FileIdentity?

  /// Binds and listens on `path`; a ``RadioServer`` serving it says it is `peer`.
  public init(path: String, backlog: Int32 = 1024, peer: RadioPeer? = nil) throws {
    let address = try makeAddress(path)
    try Self.clearStaleSocket(at: path, address: address)
    let fd = Glibc.socket(AF_UNIX, streamSocketType, 0)
    guard fd >= 0 else { throw systemError("socket") }
    let bound = withSocketAddress(address) { bind(fd, $0, $1) }
    guard bound == 0 else {
      let code = errno
      _ = Glibc.close(fd)
      if code == EADDRINUSE { throw RadioError.addressInUse(path: path) }
      throw systemError("bind", code)
    }
    let identity = FileIdentity(path: path)
    guard listen(fd, backlog) == 0 else {
      let error = systemError("listen")
      _ = Glibc.close(fd)
      if let identity { identity.unlinkIfUnchanged(path) }
      throw error
    }
    self.path = path
    self.peer = peer
    self.identity = identity
    self.socket = NonBlockingSocket(fd)
  }

  /// Waits for the next client; throws `RadioError.closed` once the listener is closed.
  public func accept() async throws -> UnixSocketTransport {
    UnixSocketTransport(socket: try await acceptSocket())
  }

  /// Stops accepting, wakes a pending `accept()` and removes the socket file; idempotent.
  public func close() {
    if socket.close() { identity?.unlinkIfUnchanged(path) }
  }

  /// Like a crashed server: stops listening but leaves the socket file behind (tests).
  func closeKeepingFile() {
    socket.close()
  }

  deinit { close() }

  /// The next accepted connection as a non-blocking socket.
  func acceptSocket() async throws -> NonBlockingSocket {
    while true {
      let accepted = try socket.use { fd -> Int32? in
        while true {
          let client = Glibc.accept(fd, nil, nil)
          if client >= 0 { return client }
          switch errno {
          case EINTR, ECONNABORTED: continue
          case EAGAIN, EWOULDBLOCK: return nil
          case let code: throw systemError("accept", code)
          }
        }
      }
      switch accepted {
      case .none: throw RadioError.closed
      case .some(.some(let client)): return NonBlockingSocket(client)
      case .some(.none): try await socket.waitUntilReady(POLLIN)
      }
    }
  }

  /// Removes a socket file nobody accepts on; refuses anything else that exists at `path`.
  private static func clearStaleSocket(at path: String, address: sockaddr_un) throws {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      let code = errno
      if code == ENOENT { return }
      if code == ENOTDIR || code == ELOOP, let (component, kind) = blockingComponent(of: path) {
        throw RadioError.notADirectory(path: path, component: component, kind: kind)
      }
      throw systemError("lstat", code)
    }
    guard status.st_mode & S_IFMT == S_IFSOCK else {
      throw RadioError.notASocket(path: path, kind: FileIdentity.kind(of: status.st_mode))
    }
    if someoneListens(at: address) { throw RadioError.addressInUse(path: path) }
    // Remove the stale socket only if it is still the very file probed.
    FileIdentity(status).unlinkIfUnchanged(path)
  }

  /// The first folder on the way to `path` that is not a directory (followed through links, as
  /// the system follows them), and what it is; nil when every one is a directory or is missing.
  static func blockingComponent(of path: String) -> (String, FileKind)? {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    var prefix = ""
    for (index, part) in parts.enumerated() {
      prefix += index == 0 ? String(part) : "/" + part
      guard !part.isEmpty, part != "." else { continue }
      var status = stat()
      guard stat(prefix, &status) == 0 else { return errno == ELOOP ? (prefix, .linkLoop) : nil }
      if status.st_mode & S_IFMT != S_IFDIR { return (prefix, FileIdentity.kind(of: status.st_mode)) }
    }
    return nil
  }

  private static func someoneListens(at address: sockaddr_un) -> Bool {
    let fd = Glibc.socket(AF_UNIX, streamSocketType, 0)
    guard fd >= 0 else { return false }
    defer { _ = Glibc.close(fd) }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    if withSocketAddress(address, { Glibc.connect(fd, $0, $1) }) == 0 { return true }
    // EAGAIN: the backlog is full, so somebody is listening (and busy).
    return errno == EAGAIN
  }
}

/// A file's device and inode, to tell the file we made from one that replaced it.
private struct FileIdentity {
  let device: UInt64
  let inode: UInt64

  init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }

  init?(path: String) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    self.init(status)
  }

  /// Unlinks `path` if it is still this file.
  func unlinkIfUnchanged(_ path: String) {
    guard let current = FileIdentity(path: path), current.device == device, current.inode == inode else { return }
    _ = unlink(path)
  }

  /// What an `st_mode` says is at a path.
  static func kind(of mode: mode_t) -> FileKind {
    switch mode & S_IFMT {
    case S_IFDIR: .directory
    case S_IFREG: .regularFile
    case S_IFLNK: .symbolicLink
    case S_IFIFO: .namedPipe
    case S_IFCHR, S_IFBLK: .device
    default: .other
    }
  }
}
