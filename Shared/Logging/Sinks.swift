import FoundationEssentials

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

  /// Appends the record's line; a warning or worse goes out at once, with any lines the file holds.
  public func write(_ record: LogRecord) {
    file.append(format.line(for: record), urgent: record.level >= .warning)
  }
}

/// Why a log file could not be opened.
public struct LogFileError: Error, Equatable, CustomStringConvertible {
  /// What is at a log file's path that is no regular file: a line file never writes through it.
  public enum Found: String, Sendable, Equatable {
    /// A symbolic link (followed, it would send the lines to another file).
    case symbolicLink
    /// A named pipe (writing would block until something reads it).
    case fifo
    /// A socket.
    case socket
    /// A character or block device.
    case device
    /// A directory.
    case directory

    /// What `mode` (from `stat`) names; nil for a regular file.
    init?(mode: mode_t) {
      switch mode & S_IFMT {
      case S_IFREG: return nil
      case S_IFLNK: self = .symbolicLink
      case S_IFIFO: self = .fifo
      case S_IFSOCK: self = .socket
      case S_IFCHR, S_IFBLK: self = .device
      case S_IFDIR: self = .directory
      default: self = .device
      }
    }
  }

  /// The path that failed.
  public let path: String
  /// The operating-system reason.
  public let reason: String
  /// What is at the path instead of a regular file; nil when opening failed for another reason
  /// (a read-only directory, permissions).
  public let found: Found?

  /// The error for `path`, failed for `reason`, with `found` there instead of a regular file.
  public init(path: String, reason: String, found: Found? = nil) {
    self.path = path
    self.reason = reason
    self.found = found
  }

  /// A one-line explanation.
  public var description: String {
    guard let found else { return "cannot open log file \(path): \(reason)" }
    return "cannot open log file \(path): it is a \(found.rawValue), not a regular file"
  }
}
