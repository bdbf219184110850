import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes one formatted line per record to the process's standard error.
public struct StandardErrorLogSink: LogSink {
  /// Creates the sink.
  public init() {}

  /// Writes `record.formatted` plus a newline to stderr in a single write.
  public func write(_ record: LogRecord) {
    _ = AppendOnlyFile.writeAll(Array((record.formatted + "\n").utf8), to: STDERR_FILENO)
  }
}

/// Appends one formatted line per record to a file; creates the file and its parent directory.
///
/// Each line is written with a single `write(2)` on an `O_APPEND` descriptor under a lock, so lines
/// from several threads (or processes) never interleave.
public final class FileLogSink: LogSink {
  /// The file being appended to.
  public let url: URL
  private let file: AppendOnlyFile

  /// Opens (creating if needed) `url` for appending.
  /// - Throws: `LogFileError` when the directory or file cannot be created or opened.
  public init(url: URL) throws {
    self.url = url
    self.file = try AppendOnlyFile(url: url)
  }

  /// Appends `record.formatted` plus a newline.
  public func write(_ record: LogRecord) {
    file.append(record.formatted + "\n")
  }
}

/// Why a log file could not be opened.
public struct LogFileError: Error, Equatable, CustomStringConvertible {
  /// The path that failed.
  public let path: String
  /// The operating-system reason.
  public let reason: String

  /// A one-line explanation.
  public var description: String { "cannot open log file \(path): \(reason)" }
}

/// Keeps every record in memory, for tests.
public final class InMemoryLogSink: LogSink {
  private let storage = Mutex<[LogRecord]>([])

  /// Creates an empty sink.
  public init() {}

  /// Stores the record.
  public func write(_ record: LogRecord) {
    storage.withLock { $0.append(record) }
  }

  /// A snapshot of the records written so far, oldest first.
  public var records: [LogRecord] { storage.withLock { $0 } }

  /// The messages written so far, oldest first.
  public var messages: [String] { records.map(\.message) }

  /// Forgets all records.
  public func removeAll() { storage.withLock { $0.removeAll() } }
}

/// A file descriptor opened with `O_APPEND`; whole-line writes under a lock. Closed on deinit.
final class AppendOnlyFile: Sendable {
  private let descriptor: Int32
  /// Serialises writers in this process; `O_APPEND` keeps separate processes from overwriting each other.
  private let lock = Mutex<Void>(())

  init(url: URL) throws {
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw LogFileError(path: directory.path, reason: "\(error.localizedDescription)")
    }
    let fd = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw LogFileError(path: url.path, reason: String(cString: strerror(errno))) }
    descriptor = fd
  }

  deinit { close(descriptor) }

  /// Appends `text` (expected to end in a newline) in one write; returns false when the write failed.
  @discardableResult
  func append(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    return lock.withLock { _ in AppendOnlyFile.writeAll(bytes, to: descriptor) }
  }

  /// Writes every byte, retrying on `EINTR` and short writes.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return true }
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += written
      }
      return true
    }
  }
}

#if canImport(Glibc)
  private let systemWrite = Glibc.write
#elseif canImport(Musl)
  private let systemWrite = Musl.write
#elseif canImport(Darwin)
  private let systemWrite = Darwin.write
#endif
