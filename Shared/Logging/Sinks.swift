import FoundationEssentials

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
    _ = RotatingLineFile.writeAll(Array((record.formatted + "\n").utf8), to: STDERR_FILENO)
  }
}

/// Appends one formatted line per record to a `RotatingLineFile`: whole lines or nothing, rotated
/// by size, never interleaved between threads or processes.
public final class FileLogSink: LogSink {
  /// The file being appended to.
  public let file: RotatingLineFile

  /// Writes to `file`.
  public init(file: RotatingLineFile) {
    self.file = file
  }

  /// Opens (creating if needed) `url` for appending, rotating by `rotation`.
  /// - Throws: `LogFileError` when the directory or file cannot be created or opened.
  public convenience init(url: URL, rotation: RotatingLineFile.Rotation = .standard) throws {
    self.init(file: try RotatingLineFile(url: url, rotation: rotation))
  }

  /// The file's location.
  public var url: URL { file.url }

  /// Appends `record.formatted` as one line.
  public func write(_ record: LogRecord) {
    file.append(record.formatted)
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
