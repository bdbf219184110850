import Glibc
import Logging

/// A socket's descriptor in blocking mode, for the one thread that serves it (a `RadioServer`
/// client with a thread of its own): each call waits in the kernel, as a C server's would, with no
/// poll loop and no task in between. Closing the socket (the server stopping, the sweep dropping an
/// idle client) shuts it down, which wakes a waiting call: the stream ends.
struct BlockingCalls {
  let fd: Int32

  /// Reads what arrives into `buffer`: how many bytes, or nil at the end of the stream (or when the
  /// socket failed or was shut down).
  func receive(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
    while true {
      let count = recv(fd, buffer.baseAddress, buffer.count, 0)
      if count > 0 { return count }
      if count < 0 && errno == EINTR { continue }
      return nil
    }
  }

  /// Writes all of `bytes`; throws `RadioError.closed` when the peer is gone or the socket shut down.
  func send(_ bytes: [UInt8]) throws(RadioError) {
    let sent = try bytes.withUnsafeBytes { raw in
      Result<Int, RadioError> { () throws(RadioError) in try sendWhole(raw, to: fd, flags: Int32(MSG_NOSIGNAL)) }
    }.get()
    // A blocking socket never would block; if it does, the frame is cut: a failure, not a retry.
    if sent < bytes.count { throw systemError("send", EAGAIN) }
  }
}

/// Writes all of `raw` to `fd` with `flags` (`MSG_NOSIGNAL`, and `MSG_DONTWAIT` for a socket the
/// poll loop serves): how many bytes went out, fewer only when the kernel would have blocked.
/// Throws `RadioError.closed` when the peer is gone or the socket was shut down.
func sendWhole(_ raw: UnsafeRawBufferPointer, to fd: Int32, flags: Int32) throws(RadioError) -> Int {
  do throws(WholeWrite.Failure) {
    try WholeWrite.all(raw) { Glibc.send(fd, $0, $1, flags) }
    return raw.count
  } catch {
    switch error.code {
    case EAGAIN, EWOULDBLOCK: return error.written
    case EPIPE, ECONNRESET, EINVAL, EBADF, ENOTCONN: throw .closed
    case let code: throw systemError("send", code)
    }
  }
}

extension NonBlockingSocket {
  /// Runs `body` with the socket's descriptor switched to blocking calls, on the calling thread; nil
  /// when the socket is already closed. The descriptor stays open until `body` returns, even when the
  /// socket is closed meanwhile (that only shuts it down). Never for a socket the poll loop serves.
  func withBlockingCalls<Result>(_ body: (BlockingCalls) throws -> Result) rethrows -> Result? {
    try use { fd in
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
      return try body(BlockingCalls(fd: fd))
    }
  }
}
