#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a partner path is when it is no regular file.
public enum SpecialFile: Sendable, Equatable {
  /// A directory.
  case directory
  /// A named pipe (FIFO): reading it would wait for a writer.
  case namedPipe
  /// A Unix-domain socket.
  case socket
  /// A character or block device.
  case device
  /// Anything else that is not a regular file.
  case other

  /// The English words: "a named pipe (FIFO)".
  public var text: String {
    switch self {
    case .directory: "a directory"
    case .namedPipe: "a named pipe (FIFO)"
    case .socket: "a socket"
    case .device: "a device"
    case .other: "no regular file"
    }
  }

  /// What an `st_mode` says, nil for a regular file.
  init?(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: self = .directory
    case S_IFIFO: self = .namedPipe
    case S_IFSOCK: self = .socket
    case S_IFCHR, S_IFBLK: self = .device
    default: self = .other
    }
  }
}

/// Reads a partner file from a path a person named: only a regular file, checked on the very
/// descriptor that is read (opened without waiting, so a FIFO never blocks the app), and only up to
/// `limit` bytes.
enum PartnerFileReading {
  /// The bytes of the regular file at `path`, which `name` is how messages call.
  /// - Throws: ``PartnerConfigurationError``: no such file, not a regular file (a directory, a FIFO,
  ///   a socket, a device: what it is), too large, or unreadable (the system's reason).
  static func contents(
    of path: String, named name: String, limit: Int, partners: [String]
  ) throws(PartnerConfigurationError)
    -> [UInt8]
  {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { throw PartnerConfigurationError(.noSuchFile(name, partners: partners)) }
      // A socket cannot be opened at all; say what it is rather than "no such device or address".
      var status = stat()
      if stat(path, &status) == 0, let special = SpecialFile(mode: status.st_mode) {
        throw PartnerConfigurationError(.notAFile(name, special))
      }
      throw PartnerConfigurationError(.unreadable(file: name, reason: reason(code)))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw PartnerConfigurationError(.unreadable(file: name, reason: reason(errno)))
    }
    if let special = SpecialFile(mode: status.st_mode) { throw PartnerConfigurationError(.notAFile(name, special)) }
    guard Int(status.st_size) <= limit else {
      throw PartnerConfigurationError(.tooLarge(file: name, size: Int(status.st_size), limit: limit))
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return bytes }
      if count < 0 {
        if errno == EINTR { continue }
        throw PartnerConfigurationError(.unreadable(file: name, reason: reason(errno)))
      }
      bytes += chunk[..<count]
      guard bytes.count <= limit else {
        throw PartnerConfigurationError(.tooLarge(file: name, size: bytes.count, limit: limit))
      }
    }
  }

  /// The system's words for `code`, e.g. "Permission denied".
  private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
