import Logging
import Synchronization

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
