import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes `analytics: <name> k=v ...` lines (keys sorted) to a file handle, standard error by default.
public final class ConsoleAnalyticsProvider: AnalyticsProvider {
  private let handle: FileHandle
  private let lock = Mutex<Void>(())

  /// Creates a provider writing to `fileHandle` (default: standard error).
  public init(fileHandle: FileHandle = .standardError) {
    self.handle = fileHandle
  }

  /// Writes one line for the event.
  public func record(_ event: AnalyticsEvent) {
    let line = ConsoleAnalyticsProvider.render(event) + "\n"
    lock.withLock { _ in _ = AppendOnlyFile.writeAll(Array(line.utf8), to: handle.fileDescriptor) }
  }

  /// The line written for `event` (without newline): `analytics: <name> k=v` with sorted keys.
  static func render(_ event: AnalyticsEvent) -> String {
    var line = "analytics: \(event.name)"
    for key in event.properties.keys.sorted() {
      line += " \(key)=\(quoteIfNeeded(event.properties[key] ?? ""))"
    }
    return line
  }

  static func quoteIfNeeded(_ value: String) -> String {
    let needsQuotes = value.isEmpty || value.contains { $0.isWhitespace || $0 == "\"" || $0 == "=" }
    guard needsQuotes else { return value }
    let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\n", with: "\\n")
    return "\"\(escaped)\""
  }
}

/// Appends each event as one compact JSON object per line (sorted keys, ISO-8601 dates).
///
/// Each line goes out in a single `write(2)` on an `O_APPEND` descriptor, so concurrent writers —
/// threads or separate processes — never interleave partial lines.
public final class JSONLinesAnalyticsProvider: AnalyticsProvider {
  /// The file appended to.
  public let url: URL
  private let file: AppendOnlyFile

  /// Opens (creating it and its parent directory if needed) `url` for appending.
  /// - Throws: `AnalyticsFileError` when the file cannot be created or opened.
  public init(url: URL) throws {
    self.url = url
    self.file = try AppendOnlyFile(url: url)
  }

  /// Appends the event as one JSON line.
  public func record(_ event: AnalyticsEvent) {
    guard let line = try? JSONLinesAnalyticsProvider.encode(event) else { return }
    file.append(line + "\n")
  }

  /// The compact JSON line for `event` (without newline).
  public static func encode(_ event: AnalyticsEvent) throws -> String {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(event), as: UTF8.self)
  }

  /// Reads back every event in a JSON-lines file (blank lines ignored).
  /// - Throws: the file-reading or decoding error.
  public static func readEvents(from url: URL) throws -> [AnalyticsEvent] {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let text = try String(contentsOf: url, encoding: .utf8)
    return try text.split(separator: "\n", omittingEmptySubsequences: true).map { line in
      try decoder.decode(AnalyticsEvent.self, from: Data(line.utf8))
    }
  }
}

/// Why an analytics file could not be opened.
public struct AnalyticsFileError: Error, Equatable, CustomStringConvertible {
  /// The path that failed.
  public let path: String
  /// The operating-system reason.
  public let reason: String

  /// A one-line explanation.
  public var description: String { "cannot open analytics file \(path): \(reason)" }
}

/// Keeps every event in memory, for tests.
public final class InMemoryAnalyticsProvider: AnalyticsProvider {
  private let storage = Mutex<[AnalyticsEvent]>([])

  /// Creates an empty provider.
  public init() {}

  /// Stores the event.
  public func record(_ event: AnalyticsEvent) {
    storage.withLock { $0.append(event) }
  }

  /// A snapshot of the events recorded so far, oldest first.
  public var events: [AnalyticsEvent] { storage.withLock { $0 } }

  /// The recorded events named "error", oldest first.
  public var errors: [AnalyticsEvent] { events.filter { $0.name == "error" } }

  /// Forgets all events.
  public func removeAll() { storage.withLock { $0.removeAll() } }
}

/// A file descriptor opened with `O_APPEND`; whole-line writes under a lock. Closed on deinit.
final class AppendOnlyFile: Sendable {
  private let descriptor: Int32
  /// Serialises writers in this process; `O_APPEND` keeps separate processes from tearing lines.
  private let lock = Mutex<Void>(())

  init(url: URL) throws {
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw AnalyticsFileError(path: directory.path, reason: "\(error.localizedDescription)")
    }
    let fd = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw AnalyticsFileError(path: url.path, reason: String(cString: strerror(errno))) }
    descriptor = fd
  }

  deinit { close(descriptor) }

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
