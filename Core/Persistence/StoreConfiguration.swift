import FoundationEssentials

/// Where a store lives and how long it waits for another writer's lock.
public struct StoreConfiguration: Sendable {
  /// The SQLite database file; its parent directory is created when missing.
  public var fileURL: URL
  /// How long a statement waits for a lock held by another connection or process before failing with SQLITE_BUSY.
  public var busyTimeout: Duration

  /// Creates a configuration.
  public init(fileURL: URL, busyTimeout: Duration = .seconds(10)) {
    self.fileURL = fileURL
    self.busyTimeout = busyTimeout
  }
}

/// One schema step: SQL statements run in a transaction, after which `PRAGMA user_version` becomes `version`.
public struct Migration: Sendable {
  /// The schema version this migration produces (1, 2, ...).
  public let version: Int
  /// The SQL statements to run, in order.
  public let statements: [String]

  /// Creates a migration.
  public init(version: Int, statements: [String]) {
    self.version = version
    self.statements = statements
  }
}
