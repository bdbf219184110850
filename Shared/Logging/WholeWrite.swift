#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing bytes whole: the workspace's one write loop. A write that a signal interrupts (`EINTR`)
/// is made again, and one that takes only part of the bytes (a pipe, a socket, a terminal) goes on
/// with the rest, until every byte is written or a write fails.
///
/// Logging writes its lines with it (files, standard error), Core modules write their terminal
/// output, sockets and frames with it, and services their files; AppAnalytics, which may not link
/// Logging (same layer), is handed a line writer built on it by the app.
///
/// ```swift
/// try bytes.withUnsafeBytes { try WholeWrite.all($0, to: descriptor) }
/// try WholeWrite.all(frame) { send(socket, $0, $1, Int32(MSG_NOSIGNAL)) }
/// ```
public enum WholeWrite {
  /// A write that failed before every byte was written.
  public struct Failure: Error, Sendable, Equatable {
    /// The error number of the write that failed (`EIO` for a write that wrote nothing at all).
    public let code: Int32
    /// How many bytes were written before it.
    public let written: Int
  }

  /// Writes every byte of `bytes` to `descriptor` with `write(2)`.
  /// - Throws: ``Failure`` for the first write that failed (the disk is full, the reader went away).
  public static func all(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(Failure) {
    try all(bytes) { pointer, count in systemWrite(descriptor, pointer, count) }
  }

  /// Writes every byte of `bytes` with `write`, which writes some of the bytes it is given and
  /// returns what `write(2)` returns: how many it wrote, or -1 with `errno` set (e.g. `send(2)` with
  /// `MSG_NOSIGNAL`, or a test's write that fails half-way).
  /// - Throws: ``Failure`` for the first write that failed; a non-blocking descriptor that is full
  ///   fails with `EAGAIN`, and ``Failure/written`` says how far it got.
  public static func all(
    _ bytes: UnsafeRawBufferPointer, with write: (UnsafeRawPointer, Int) -> Int
  ) throws(Failure) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let count = write(base + offset, bytes.count - offset)
      if count > 0 {
        offset += count
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        throw Failure(code: count < 0 ? errno : EIO, written: offset)
      }
    }
  }

  /// Writes `text` and a newline to `descriptor` (standard error unless told otherwise), whole;
  /// false when a write failed.
  @discardableResult
  public static func line(_ text: String, to descriptor: Int32 = STDERR_FILENO) -> Bool {
    var line = text + "\n"
    return line.withUTF8 { bytes in
      do throws(Failure) {
        try all(UnsafeRawBufferPointer(bytes), to: descriptor)
        return true
      } catch {
        return false
      }
    }
  }
}

/// write(2), under a name `WholeWrite`'s own methods do not hide.
#if canImport(Glibc)
  let systemWrite = Glibc.write
#elseif canImport(Musl)
  let systemWrite = Musl.write
#elseif canImport(Darwin)
  let systemWrite = Darwin.write
#endif
