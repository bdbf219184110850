import Foundation
import Logging

/// A Codable entity store on SQLite: JSON values addressed by (collection, key).
///
/// WAL journal, `synchronous=FULL` (a returned write survives a crash), busy timeout from the
/// configuration. Safe across threads (one connection, serialised by a lock) and across processes
/// (`transaction` uses `BEGIN IMMEDIATE`, so a read-modify-write holds the write lock throughout).
///
/// `@unchecked Sendable` is sound because the only mutable state, the SQLite connection, is touched
/// exclusively while holding `lock` (the connection is opened with `SQLITE_OPEN_NOMUTEX`).
/// A lock rather than `Mutex<Connection>`: a transaction body is a caller's closure that both uses the
/// connection and returns a value, which `Mutex.withLock`'s `sending` rules cannot express. The lock is
/// recursive so that a store call made by mistake inside a transaction body on the same thread joins
/// that transaction (a nested `transaction` fails with SQLite's error) instead of deadlocking.
public final class EntityStore: @unchecked Sendable {
  /// The configuration the store was opened with.
  public let configuration: StoreConfiguration
  /// Serialises every use of `database` within this process.
  private let lock = NSRecursiveLock()
  /// The connection; only ever touched while holding `lock`.
  private let database: SQLiteDatabase
  private let logger: Logger

  /// Opens (creating the parent directory and file) the store and brings its schema up to date.
  ///
  /// - Parameter configuration: where the store's file lives and how long it waits for another writer.
  /// - Parameter migrations: schema steps run in version order, each in its own transaction, once.
  /// - Parameter logger: where the store reports opening its file and migrating its schema.
  /// - Throws: `PersistenceError.openFailed`, `.schemaTooNew` when the file is newer than
  ///   the highest migration version, `.migrationFailed`, or `.sqlite`.
  public init(
    configuration: StoreConfiguration, migrations: [Migration] = [],
    logger: Logger = .disabled(module: "Persistence")
  ) throws {
    self.configuration = configuration
    self.logger = logger
    let url = configuration.fileURL
    do {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    } catch {
      throw PersistenceError.openFailed(path: url.path, reason: error.localizedDescription)
    }
    let database = try SQLiteDatabase(path: url.path)
    database.setBusyTimeout(configuration.busyTimeout)
    try database.execute("PRAGMA journal_mode=WAL")
    try database.execute("PRAGMA synchronous=FULL")
    try EntityStore.prepareSchema(database, migrations: migrations, logger: logger)
    self.database = database
    logger.debug("opened store", metadata: ["path": url.path])
  }

  /// Stores `value` (as JSON) under `key`, replacing any previous value but keeping its position.
  public func put<T: Codable>(_ value: T, key: String, in collection: String) throws {
    let data = try EntityCodec.encode(value)
    try withDatabase { try EntityQueries.put(data, key: key, in: collection, on: $0) }
  }

  /// The value under `key`, or nil when there is none.
  public func get<T: Codable>(_ type: T.Type, key: String, in collection: String) throws -> T? {
    let data = try withDatabase { try EntityQueries.get(key: key, in: collection, on: $0) }
    return try data.map { try EntityCodec.decode(type, from: $0, collection: collection, key: key) }
  }

  /// Every value in `collection`, in insertion order (of the first `put` of each key).
  public func all<T: Codable>(_ type: T.Type, in collection: String) throws -> [(key: String, value: T)] {
    let rows = try withDatabase { try EntityQueries.all(in: collection, on: $0) }
    return try rows.map { row in
      (key: row.key, value: try EntityCodec.decode(type, from: row.value, collection: collection, key: row.key))
    }
  }

  /// The keys in `collection`, in insertion order.
  public func keys(in collection: String) throws -> [String] {
    try withDatabase { try EntityQueries.all(in: collection, on: $0).map(\.key) }
  }

  /// Removes `key`; returns whether it existed.
  @discardableResult
  public func delete(key: String, in collection: String) throws -> Bool {
    try withDatabase { try EntityQueries.delete(key: key, in: collection, on: $0) }
  }

  /// Removes every entity in `collection`; returns how many were removed.
  @discardableResult
  public func deleteAll(in collection: String) throws -> Int {
    try withDatabase { try EntityQueries.deleteAll(in: collection, on: $0) }
  }

  /// The number of entities in `collection`.
  public func count(in collection: String) throws -> Int {
    try withDatabase { try EntityQueries.count(in: collection, on: $0) }
  }

  /// Runs `body` in one `BEGIN IMMEDIATE` transaction: commit on return, rollback on throw (the error is rethrown).
  ///
  /// Use the `StoreTransaction` handed to `body`; transactions do not nest. Other threads and
  /// processes wait (up to the busy timeout) until this one commits or rolls back.
  public func transaction<R>(_ body: (StoreTransaction) throws -> R) throws -> R {
    try withDatabase { database in
      try database.inTransaction { try body(StoreTransaction(database: database)) }
    }
  }

  /// The schema version (`PRAGMA user_version`).
  public func schemaVersion() throws -> Int {
    try withDatabase { try $0.userVersion() }
  }

  /// The value of `PRAGMA <name>` as text (e.g. "wal" for journal_mode), for diagnostics.
  func pragma(_ name: String) throws -> String {
    try withDatabase { database in
      try database.withStatement("PRAGMA \(name)") { try $0.step() ? $0.text(at: 0) : "" }
    }
  }

  private func withDatabase<R>(_ body: (SQLiteDatabase) throws -> R) throws -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(database)
  }

  private static func prepareSchema(_ database: SQLiteDatabase, migrations: [Migration], logger: Logger) throws {
    let ordered = migrations.sorted { $0.version < $1.version }
    if let duplicate = zip(ordered, ordered.dropFirst()).first(where: { $0.version == $1.version }) {
      throw PersistenceError.migrationFailed(version: duplicate.0.version, reason: "duplicate migration version")
    }
    if let invalid = ordered.first(where: { $0.version < 1 }) {
      throw PersistenceError.migrationFailed(version: invalid.version, reason: "migration versions start at 1")
    }
    let supported = ordered.last?.version ?? 0
    let found = try database.userVersion()
    if found > supported { throw PersistenceError.schemaTooNew(found: found, supported: supported) }
    try database.inTransaction {
      try database.execute(
        """
        CREATE TABLE IF NOT EXISTS entities(
          collection TEXT NOT NULL, key TEXT NOT NULL, value BLOB NOT NULL, updated_at REAL NOT NULL,
          PRIMARY KEY(collection, key))
        """)
    }
    for migration in ordered where migration.version > found {
      do {
        try database.inTransaction {
          // Another process may have migrated while we waited for the write lock.
          let current = try database.userVersion()
          if current > supported { throw PersistenceError.schemaTooNew(found: current, supported: supported) }
          guard current < migration.version else { return }
          for statement in migration.statements { try database.execute(statement) }
          try database.execute("PRAGMA user_version = \(migration.version)")
        }
        logger.debug("migrated schema", metadata: ["version": "\(migration.version)"])
      } catch let error as PersistenceError {
        if case .schemaTooNew = error { throw error }
        throw PersistenceError.migrationFailed(version: migration.version, reason: error.description)
      } catch {
        throw PersistenceError.migrationFailed(version: migration.version, reason: "\(error)")
      }
    }
  }
}

/// The operations available inside `EntityStore.transaction`; only valid during the body.
public struct StoreTransaction {
  let database: SQLiteDatabase

  /// Stores `value` under `key`, replacing any previous value but keeping its position.
  public func put<T: Codable>(_ value: T, key: String, in collection: String) throws {
    try EntityQueries.put(try EntityCodec.encode(value), key: key, in: collection, on: database)
  }

  /// The value under `key`, or nil.
  public func get<T: Codable>(_ type: T.Type, key: String, in collection: String) throws -> T? {
    try EntityQueries.get(key: key, in: collection, on: database).map {
      try EntityCodec.decode(type, from: $0, collection: collection, key: key)
    }
  }

  /// Every value in `collection`, in insertion order.
  public func all<T: Codable>(_ type: T.Type, in collection: String) throws -> [(key: String, value: T)] {
    try EntityQueries.all(in: collection, on: database).map { row in
      (key: row.key, value: try EntityCodec.decode(type, from: row.value, collection: collection, key: row.key))
    }
  }

  /// The keys in `collection`, in insertion order.
  public func keys(in collection: String) throws -> [String] {
    try EntityQueries.all(in: collection, on: database).map(\.key)
  }

  /// Removes `key`; returns whether it existed.
  @discardableResult
  public func delete(key: String, in collection: String) throws -> Bool {
    try EntityQueries.delete(key: key, in: collection, on: database)
  }

  /// Removes every entity in `collection`; returns how many were removed.
  @discardableResult
  public func deleteAll(in collection: String) throws -> Int {
    try EntityQueries.deleteAll(in: collection, on: database)
  }

  /// The number of entities in `collection`.
  public func count(in collection: String) throws -> Int {
    try EntityQueries.count(in: collection, on: database)
  }
}

/// The SQL of the store, always with bound parameters.
enum EntityQueries {
  struct Row: Sendable {
    let key: String
    let value: Data
  }

  static func put(_ data: Data, key: String, in collection: String, on database: SQLiteDatabase) throws {
    try database.run(
      """
      INSERT INTO entities(collection, key, value, updated_at) VALUES(?, ?, ?, ?)
      ON CONFLICT(collection, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
      """,
      [.text(collection), .text(key), .blob(data), .real(Date().timeIntervalSince1970)])
  }

  static func get(key: String, in collection: String, on database: SQLiteDatabase) throws -> Data? {
    try database.withStatement(
      "SELECT value FROM entities WHERE collection = ? AND key = ?", [.text(collection), .text(key)]
    ) { statement in
      try statement.step() ? statement.blob(at: 0) : nil
    }
  }

  static func all(in collection: String, on database: SQLiteDatabase) throws -> [Row] {
    try database.withStatement(
      "SELECT key, value FROM entities WHERE collection = ? ORDER BY rowid", [.text(collection)]
    ) { statement in
      var rows: [Row] = []
      while try statement.step() { rows.append(Row(key: statement.text(at: 0), value: statement.blob(at: 1))) }
      return rows
    }
  }

  static func delete(key: String, in collection: String, on database: SQLiteDatabase) throws -> Bool {
    try database.run("DELETE FROM entities WHERE collection = ? AND key = ?", [.text(collection), .text(key)]) > 0
  }

  static func deleteAll(in collection: String, on database: SQLiteDatabase) throws -> Int {
    try database.run("DELETE FROM entities WHERE collection = ?", [.text(collection)])
  }

  static func count(in collection: String, on database: SQLiteDatabase) throws -> Int {
    try database.withStatement("SELECT COUNT(*) FROM entities WHERE collection = ?", [.text(collection)]) {
      try $0.step() ? Int($0.int64(at: 0)) : 0
    }
  }
}

/// JSON with ISO-8601 dates and sorted keys.
enum EntityCodec {
  static func encode<T: Encodable>(_ value: T) throws -> Data {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys]
    do {
      return try encoder.encode(value)
    } catch {
      throw PersistenceError.encoding("\(error)")
    }
  }

  static func decode<T: Decodable>(_ type: T.Type, from data: Data, collection: String, key: String) throws -> T {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    do {
      return try decoder.decode(type, from: data)
    } catch {
      throw PersistenceError.decoding(collection: collection, key: key, reason: "\(error)")
    }
  }
}
