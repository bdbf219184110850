import FoundationEssentials
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes one line per record to the process's standard error.
public struct StandardErrorLogSink: LogSink {
  private let format: LogLineFormat

  /// Writes each record as `format` makes its line.
  public init(format: LogLineFormat) {
    self.format = format
  }

  /// Writes the record's line plus a newline to stderr, whole (``WholeWrite``).
  public func write(_ record: LogRecord) {
    WholeWrite.line(format.line(for: record), to: STDERR_FILENO)
  }
}

/// Appends one line per record to a `RotatingLineFile`: whole lines or nothing, rotated by size,
/// never interleaved between threads or processes.
public final class FileLogSink: LogSink {
  /// The file being appended to.
  public let file: RotatingLineFile
  private let format: LogLineFormat

  /// Writes to `file`, each record as `format` makes its line.
  public init(file: RotatingLineFile, format: LogLineFormat) {
    self.file = file
    self.format = format
  }

  /// Opens (creating if needed) `url` for appending, rotating by `rotation`.
  /// - Throws: `LogFileError` when the directory or file cannot be created or opened.
  public convenience init(url: URL, rotation: RotatingLineFile.Rotation = .standard, format: LogLineFormat) throws {
    self.init(file: try RotatingLineFile(url: url, rotation: rotation), format: format)
  }

  /// The file's location.
  public var url: URL { file.url }

  /// Appends the record's line.
  public func write(_ record: LogRecord) {
    file.append(format.line(for: record))
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
