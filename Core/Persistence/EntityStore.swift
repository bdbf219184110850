import Dispatch
import FoundationEssentials
import JSONCoding
import Localization
import Logging

/// A Codable entity store on SQLite: JSON values addressed by (collection, key).
///
/// WAL journal, `synchronous=FULL`, busy timeout from the configuration. Every write is one
/// `BEGIN IMMEDIATE` transaction whose pages are copied into the database file, synced, before the
/// call returns, and the log is emptied: a returned write survives a crash, and is in the file a
/// person copies. Safe across threads (one connection, serialised by a lock) and across processes
/// (a read-modify-write in `transaction` holds the write lock throughout).
///
/// `@unchecked Sendable` is sound because the only mutable state, the SQLite connection and the
/// JSON codec, is touched exclusively while holding `lock` (the connection is opened with
/// `SQLITE_OPEN_NOMUTEX`). A lock rather than `Mutex<Connection>`: a transaction body is a caller's
/// closure that both uses the connection and returns a value, which `Mutex.withLock`'s `sending`
/// rules cannot express. The lock is recursive so that a store call made by mistake inside a
/// transaction body on the same thread joins that transaction (a nested `transaction` fails with
/// SQLite's error) instead of deadlocking.
public final class EntityStore: @unchecked Sendable {
  /// The configuration the store was opened with.
  public let configuration: StoreConfiguration
  /// Serialises every use of `database` and `codec` within this process.
  private let lock = RecursiveLock()
  /// The connection; only ever touched while holding `lock`.
  private let database: SQLiteDatabase
  /// One encoder and decoder for every value; only ever touched while holding `lock`.
  private let codec: EntityCodec
  /// Runs `perform` bodies: SQLite blocks (disk syncs, another process's write lock), which must
  /// never hold one of the few threads of Swift's cooperative pool.
  private let queue = DispatchQueue(label: "Persistence.EntityStore")
  private let logger: Logger
  /// The store's file when the connection reads a private copy of it (`StoreCopy`), or an empty
  /// store in memory in its stead (none in a read-only directory): writes are refused.
  private let readsACopyOf: String?

  /// Opens (creating the parent directory and file) the store and brings its schema up to date.
  ///
  /// A new store's file is made whole under a temporary name and then given its name
  /// (`StoreCreation`), so an existing file must be a store: an SQLite database of another program
  /// is refused with `notAStore`, a file with no table with `noTables`, a log that is not one SQLite
  /// wrote with `damagedLog`, a missing file whose log holds data with `storeMissing` — each left as
  /// it is, never taken for a new store. On a disk too full for SQLite's shared-memory file the
  /// store is opened in exclusive locking mode, so it can still be read (other processes wait).
  ///
  /// - Parameter configuration: where the store's file lives and how long it waits for another writer.
  /// - Parameter migrations: schema steps run in version order, each in its own transaction, once.
  /// - Parameter logger: where the store reports opening its file and migrating its schema.
  /// - Throws: `PersistenceError.openFailed`, `.notAStore`, `.noTables`, `.damagedLog`,
  ///   `.storeMissing`, `.schemaTooNew` when the file is newer than the highest migration version,
  ///   `.migrationFailed`, `.busy`, `.diskFull`, `.io`, or `.sqlite`.
  public init(
    configuration: StoreConfiguration, migrations: [Migration] = [],
    logger: Logger = .disabled(module: "Persistence")  // untranslated: a module name for logs
  ) throws {
    self.configuration = configuration
    self.logger = logger
    let url = configuration.fileURL
    codec = EntityCodec(path: url.path)
    do {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    } catch {
      throw PersistenceError.openFailed(path: url.path, reason: error.systemReason)
    }
    var copied: String?
    do {
      database = try EntityStore.open(url.path, configuration: configuration, migrations: migrations, exclusive: false)
    } catch let error as PersistenceError where error.isNoSpace {
      logger.warning("disk full: opening the store exclusively to read it", metadata: ["path": url.path])
      database = try EntityStore.open(url.path, configuration: configuration, migrations: migrations, exclusive: true)
    } catch  where EntityStore.cannotBeMade(url) && !EntityStore.existed(error) {
      // No store yet, in a directory that cannot take one: an empty store, read in memory.
      logger.notice("read-only: no store in a read-only directory, reading an empty one", metadata: ["path": url.path])
      database = try EntityStore.open(":memory:", configuration: configuration, migrations: migrations)
      copied = url.path
    } catch let error as PersistenceError where error.isReadOnly && !WriteAheadLog.holdsData(url.path + "-wal") {
      // A read-only directory where SQLite cannot make the log or its index, and no log that holds
      // anything (none, or the empty one every write leaves): the file holds everything.
      logger.notice("read-only: opening the store immutable to read it", metadata: ["path": url.path])
      database = try EntityStore.open(url.path, configuration: configuration, migrations: migrations, immutable: true)
    } catch let error as PersistenceError where error.isReadOnly {
      // A log without its index (-shm) in a read-only directory: SQLite cannot read it there, so the
      // file and its log are read from a private copy, and every write is refused.
      logger.notice("read-only: reading a private copy of the store and its log", metadata: ["path": url.path])
      let copy = try StoreCopy(of: url.path)
      defer { copy.remove() }
      database = try EntityStore.open(copy.path, configuration: configuration, migrations: migrations)
      copied = url.path
    }
    readsACopyOf = copied
    if isReadOnly { logger.notice("the store can only be read", metadata: ["path": url.path]) }
    logger.debug("opened store", metadata: ["path": url.path])
  }

  /// Stores `value` (as JSON) under `key`, replacing any previous value but keeping its position.
  public func put<T: Encodable>(_ value: T, key: String, in collection: String) throws {
    try withWritableDatabase(joining: true) { database in
      try EntityQueries.put(try codec.encode(value), key: key, in: collection, on: database)
    }
  }

  /// The value under `key`, or nil when there is none.
  public func get<T: Decodable>(_ type: T.Type, key: String, in collection: String) throws -> T? {
    try withDatabase { try StoreTransaction(database: $0, codec: codec).get(type, key: key, in: collection) }
  }

  /// The value under `key`, or nil when there is none; refused when it cannot be right.
  public func get<T: Decodable & CheckedEntity>(_ type: T.Type, key: String, in collection: String) throws -> T? {
    try withDatabase { try StoreTransaction(database: $0, codec: codec).get(type, key: key, in: collection) }
  }

  /// Every value in `collection`, in insertion order (of the first `put` of each key).
  public func all<T: Decodable>(_ type: T.Type, in collection: String) throws -> [(key: String, value: T)] {
    try withDatabase { try StoreTransaction(database: $0, codec: codec).all(type, in: collection) }
  }

  /// Every value in `collection`, in insertion order; refused when one cannot be right.
  public func all<T: Decodable & CheckedEntity>(
    _ type: T.Type, in collection: String
  ) throws -> [(
    key: String, value: T
  )] {
    try withDatabase { try StoreTransaction(database: $0, codec: codec).all(type, in: collection) }
  }

  /// The keys in `collection`, in insertion order.
  public func keys(in collection: String) throws -> [String] {
    try withDatabase { try EntityQueries.keys(in: collection, on: $0) }
  }

  /// The rows of `collection`, undecoded, in the order of the integer member `member` of their
  /// values (rows whose value is no JSON first, so that decoding them fails first), then of insertion.
  func rows(in collection: String, orderedBy member: String) throws -> [EntityQueries.Row] {
    try withDatabase { try EntityQueries.all(in: collection, orderedBy: member, on: $0) }
  }

  /// Removes `key`; returns whether it existed.
  @discardableResult
  public func delete(key: String, in collection: String) throws -> Bool {
    try withWritableDatabase(joining: true) { try EntityQueries.delete(key: key, in: collection, on: $0) }
  }

  /// Removes every entity in `collection`; returns how many were removed.
  @discardableResult
  public func deleteAll(in collection: String) throws -> Int {
    try withWritableDatabase(joining: true) { try EntityQueries.deleteAll(in: collection, on: $0) }
  }

  /// The number of entities in `collection`.
  public func count(in collection: String) throws -> Int {
    try withDatabase { try EntityQueries.count(in: collection, on: $0) }
  }

  /// Runs `body` in one `BEGIN IMMEDIATE` transaction: commit on return, rollback on throw (the error is rethrown).
  ///
  /// Use the `StoreTransaction` handed to `body`; transactions do not nest. Other threads and
  /// processes wait (up to the busy timeout) until this one commits or rolls back. Once it returns,
  /// the change is in the database file.
  public func transaction<R>(_ body: (StoreTransaction) throws -> R) throws -> R {
    try withWritableDatabase { database in try body(StoreTransaction(database: database, codec: codec)) }
  }

  /// `transaction(_:)` for one of a run of writes whose caller calls `copyLogIntoFile()` when the
  /// run ends: the change is committed and synced in the log (it survives a crash, and the next
  /// write or opening copies it), and copied into the database file only once the log is full.
  func transactionInLog<R>(_ body: (StoreTransaction) throws -> R) throws -> R {
    try withWritableDatabase(copying: .whenFull) { database in
      try body(StoreTransaction(database: database, codec: codec))
    }
  }

  /// Copies into the database file what a run of `transactionInLog` writes left in the log, so that
  /// the file people copy holds them; throws `notCopiedIntoFile` when it cannot (they stay in the
  /// log, and the next write copies them).
  func copyLogIntoFile() throws {
    guard !isReadOnly else { return }
    try withDatabase { database in
      if let failure = database.copyLogIntoFile(waiting: true) { throw failure }
    }
  }

  /// Writes a copy of the store to a new file at `file` (creating its directory): a consistent
  /// snapshot (`VACUUM INTO`, in one read transaction, so other processes go on reading and
  /// writing meanwhile), a single file that opens as a store, written under a temporary name,
  /// synced, and then given its name, so that `file` never holds part of a copy.
  ///
  /// - Throws: `backupExists` when `file` exists (a backup never overwrites one), `diskFull` when
  ///   its disk is full, `backupFailed` otherwise; nothing is left at `file` then.
  public func backup(to file: URL) throws {
    try withDatabase { try StoreBackup.write(from: $0, to: file.path) }
    logger.info("backed up the store", metadata: ["path": configuration.fileURL.path, "backup": file.path])
  }

  /// `backup(to:)` into a new file in `directory` named as the store's file is (`cosmonaut.sqlite`),
  /// run off Swift's cooperative pool (`perform`); returns the file written.
  public func backup(into directory: URL) async throws -> URL {
    let file = directory.appendingPathComponent(configuration.fileURL.lastPathComponent)
    try await perform { try $0.backup(to: file) }
    return file
  }

  /// The error a store's owner throws for a value it read that cannot be right (a negative stock,
  /// a count that does not add up) — a check across values, which `CheckedEntity` cannot make: one
  /// line naming the store's file, the value and `reason`, and how to recover.
  public func impossibleValue(_ reason: some TextArgument, in collection: String, key: String) -> PersistenceError {
    .impossibleValue(path: configuration.fileURL.path, collection: collection, key: key, reason: reason.localizedText)
  }

  /// Runs `body` with this store and returns its result, so that blocking SQLite work never holds
  /// a thread of Swift's cooperative pool: on the store's own serial queue, or at once when the
  /// caller is the main actor (an app's flows), whose thread is not one of the pool's and waits for
  /// the result anyway. A one-shot command then runs on one thread from start to end: starting the
  /// threads a hop needs would take longer than its whole store work (`Scripts/bench`'s start-up
  /// rows).
  public func perform<R: Sendable>(
    isolation: isolated (any Actor)? = #isolation, _ body: @escaping @Sendable (EntityStore) throws -> R
  ) async throws -> R {
    if isolation === MainActor.shared { return try body(self) }
    return try await withCheckedThrowingContinuation { continuation in
      queue.async { continuation.resume(with: Result { try body(self) }) }
    }
  }

  /// The schema version (`PRAGMA user_version`).
  public func schemaVersion() throws -> Int {
    try withDatabase { try $0.userVersion() }
  }

  /// The value of `PRAGMA <name>` as text (e.g. "wal" for journal_mode), for diagnostics.
  func pragma(_ name: String) throws -> String {
    try withDatabase { try $0.pragma(name) }
  }

  private func withDatabase<R>(_ body: (SQLiteDatabase) throws -> R) throws -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(database)
  }

  /// `withDatabase` for a write (`SQLiteDatabase.writing`: one transaction, in the database file
  /// when it returns): refused (`readOnly`) when the store can only be read, and (`replaced`,
  /// `changed`) when one of its files was deleted, replaced or changed on disk before or while it
  /// ran. `joining`: inside a transaction of this thread, the write joins it.
  private func withWritableDatabase<R>(
    joining: Bool = false, copying: SQLiteDatabase.LogCopy = .always, _ body: (SQLiteDatabase) throws -> R
  ) throws -> R {
    if let readsACopyOf { throw PersistenceError.readOnly(path: readsACopyOf) }
    return try withDatabase { try $0.writing(joining: joining, copying: copying, body) }
  }

  /// Whether `error` says the store existed (its file is gone, its log is not), so that no empty
  /// store may stand in for it.
  private static func existed(_ error: any Error) -> Bool {
    if case .storeMissing = error as? PersistenceError { return true }
    return false
  }

  /// Whether there is no store file at `url`, and its directory cannot take one (read-only).
  private static func cannotBeMade(_ url: URL) -> Bool {
    !FileManager.default.fileExists(atPath: url.path)
      && !FileManager.default.isWritableFile(atPath: url.deletingLastPathComponent().path)
  }

  /// Whether the store can only be read (`readOnly` for every write).
  var isReadOnly: Bool { readsACopyOf != nil || database.isReadOnly }

  /// Makes the store's file when there is none (whole: `StoreCreation`), checks its log is one
  /// SQLite wrote before SQLite reads it, opens the connection, checks the file is a store, brings
  /// the schema up to date, and copies into the file whatever the log holds: the file people copy
  /// holds everything from the start.
  private static func open(
    _ path: String, configuration: StoreConfiguration, migrations: [Migration], exclusive: Bool = false,
    immutable: Bool = false
  ) throws -> SQLiteDatabase {
    let inMemory = path == ":memory:"
    if !inMemory && !immutable {
      try StoreCreation.createIfMissing(at: path)
      try WriteAheadLog.checkHeader(path + "-wal")
    }
    let database = try SQLiteDatabase(path: path, exclusive: exclusive, immutable: immutable, create: inMemory)
    database.setBusyTimeout(configuration.busyTimeout)
    if try StoreSchema.checkIdentity(of: database) {
      // An existing file without a table: never a new store (those are made whole), so one that lost its content.
      guard inMemory else { throw PersistenceError.noTables(path: path) }
      try StoreSchema.create(in: database)
    }
    if !immutable { try database.useWriteAheadLog() }
    // A log SQLite restarts (after a checkpoint of another program) is cut back to this size.
    try database.execute("PRAGMA synchronous=FULL; PRAGMA journal_size_limit=\(SQLiteDatabase.logLimitFrames * 4096)")
    if try StoreSchema.migrate(database, migrations: migrations), !database.isReadOnly {
      if let failure = database.copyLogIntoFile(waiting: true) { throw failure }
    } else {
      database.emptyLeftoverLog()
    }
    database.recordFiles()
    return database
  }
}

/// The operations available inside `EntityStore.transaction`; only valid during the body.
public struct StoreTransaction {
  let database: SQLiteDatabase
  let codec: EntityCodec

  /// Stores `value` under `key`, replacing any previous value but keeping its position.
  public func put<T: Encodable>(_ value: T, key: String, in collection: String) throws {
    try EntityQueries.put(try codec.encode(value), key: key, in: collection, on: database)
  }

  /// The value under `key`, or nil.
  public func get<T: Decodable>(_ type: T.Type, key: String, in collection: String) throws -> T? {
    try get(type, key: key, in: collection, checking: EntityCodec.unchecked)
  }

  /// The value under `key`, or nil; refused when it cannot be right.
  public func get<T: Decodable & CheckedEntity>(_ type: T.Type, key: String, in collection: String) throws -> T? {
    try get(type, key: key, in: collection, checking: \.impossibility)
  }

  /// Every value in `collection`, in insertion order.
  public func all<T: Decodable>(_ type: T.Type, in collection: String) throws -> [(key: String, value: T)] {
    try all(type, in: collection, checking: EntityCodec.unchecked)
  }

  /// Every value in `collection`, in insertion order; refused when one cannot be right.
  public func all<T: Decodable & CheckedEntity>(
    _ type: T.Type, in collection: String
  ) throws -> [(
    key: String, value: T
  )] {
    try all(type, in: collection, checking: \.impossibility)
  }

  private func get<T: Decodable>(
    _ type: T.Type, key: String, in collection: String, checking check: (T) -> LocalizedText?
  ) throws -> T? {
    try EntityQueries.get(key: key, in: collection, on: database).map {
      try codec.decode(type, from: $0, collection: collection, key: key, checking: check)
    }
  }

  private func all<T: Decodable>(
    _ type: T.Type, in collection: String, checking check: (T) -> LocalizedText?
  ) throws -> [(key: String, value: T)] {
    try EntityQueries.all(in: collection, on: database).map { row in
      (
        key: row.key,
        value: try codec.decode(type, from: row.value, collection: collection, key: row.key, checking: check)
      )
    }
  }

  /// The keys in `collection`, in insertion order.
  public func keys(in collection: String) throws -> [String] {
    try EntityQueries.keys(in: collection, on: database)
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

  /// The error for a value read in this transaction that cannot be right: see
  /// `EntityStore.impossibleValue(_:in:key:)`.
  public func impossibleValue(_ reason: some TextArgument, in collection: String, key: String) -> PersistenceError {
    .impossibleValue(path: codec.path, collection: collection, key: key, reason: reason.localizedText)
  }

  /// Removes the oldest entities of `collection` (by first insertion) beyond the newest `limit`.
  @discardableResult
  func trim(_ collection: String, keepingNewest limit: Int) throws -> Int {
    try EntityQueries.trim(collection, keepingNewest: limit, on: database)
  }
}

/// The SQL of the store, always with bound parameters; every statement is prepared once per connection.
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
    try database.cached(
      "SELECT value FROM entities WHERE collection = ? AND key = ?", [.text(collection), .text(key)]
    ) { statement in
      try statement.step() ? statement.blob(at: 0) : nil
    }
  }

  static func all(in collection: String, on database: SQLiteDatabase) throws -> [Row] {
    try database.cached(
      "SELECT key, value FROM entities WHERE collection = ? ORDER BY rowid", [.text(collection)]
    ) { try rows(of: $0) }
  }

  static func all(in collection: String, orderedBy member: String, on database: SQLiteDatabase) throws -> [Row] {
    try database.cached(
      """
      SELECT key, value FROM entities WHERE collection = ?1 ORDER BY
        CASE WHEN json_valid(CAST(value AS TEXT)) THEN json_extract(CAST(value AS TEXT), '$.' || ?2) END, rowid
      """, [.text(collection), .text(member)]
    ) { try rows(of: $0) }
  }

  /// Every row a `SELECT key, value …` statement yields.
  private static func rows(of statement: SQLiteStatement) throws -> [Row] {
    var rows: [Row] = []
    while try statement.step() { rows.append(Row(key: statement.text(at: 0), value: statement.blob(at: 1))) }
    return rows
  }

  static func keys(in collection: String, on database: SQLiteDatabase) throws -> [String] {
    try database.cached("SELECT key FROM entities WHERE collection = ? ORDER BY rowid", [.text(collection)]) {
      statement in
      var keys: [String] = []
      while try statement.step() { keys.append(statement.text(at: 0)) }
      return keys
    }
  }

  static func delete(key: String, in collection: String, on database: SQLiteDatabase) throws -> Bool {
    try database.run("DELETE FROM entities WHERE collection = ? AND key = ?", [.text(collection), .text(key)]) > 0
  }

  static func deleteAll(in collection: String, on database: SQLiteDatabase) throws -> Int {
    try database.run("DELETE FROM entities WHERE collection = ?", [.text(collection)])
  }

  static func count(in collection: String, on database: SQLiteDatabase) throws -> Int {
    try database.cached("SELECT COUNT(*) FROM entities WHERE collection = ?", [.text(collection)]) {
      try $0.step() ? Int($0.int64(at: 0)) : 0
    }
  }

  static func trim(_ collection: String, keepingNewest limit: Int, on database: SQLiteDatabase) throws -> Int {
    try database.run(
      """
      DELETE FROM entities WHERE collection = ?1 AND rowid NOT IN
        (SELECT rowid FROM entities WHERE collection = ?1 ORDER BY rowid DESC LIMIT ?2)
      """, [.text(collection), .integer(Int64(max(0, limit)))])
  }
}

/// JSON with ISO-8601 dates (Logging's `UTCTimestamp`, which reads and writes what `.iso8601` does
/// without loading ICU's time-zone data) and sorted keys, through JSONCoding's encoder and decoder:
/// the bytes `JSONEncoder` wrote with `.sortedKeys` and `.utcTimestamp`, at a tenth of its cost (the
/// generic Codable machinery of FoundationEssentials was most of a delivery round's instructions).
/// A value read whose type is a `CheckedEntity` is checked as it is decoded: the reads of such a
/// type are overloads of their own, so that the check is chosen where the type is known, not asked of
/// the runtime for each type read (its first `as? any CheckedEntity` scans every conformance the app
/// has: a tenth of a `supplies list`).
final class EntityCodec {
  private let encoder = JSONTextEncoder(dates: .utcTimestamp)
  private let decoder = JSONTextDecoder(dates: .utcTimestamp)
  /// The store's file, named by the errors of values read from it.
  let path: String

  init(path: String) {
    self.path = path
  }

  func encode<T: Encodable>(_ value: T) throws -> Data {
    do {
      return try encoder.encode(value)
    } catch {
      throw PersistenceError.encoding("\(error)")
    }
  }

  /// `data` as a `type`, refused with `check`'s reason when there is one.
  func decode<T: Decodable>(
    _ type: T.Type, from data: Data, collection: String, key: String,
    checking check: (T) -> LocalizedText? = EntityCodec.unchecked
  ) throws -> T {
    let value: T
    do {
      value = try decoder.decode(type, from: data)
    } catch {
      throw PersistenceError.decoding(collection: collection, key: key, reason: DecodingError.readableLine(for: error))
    }
    if let reason = check(value) {
      throw PersistenceError.impossibleValue(path: path, collection: collection, key: key, reason: reason)
    }
    return value
  }

  /// The check of a type that is no `CheckedEntity`. A debug build stops a read of one that is,
  /// through a generic function that lost its `CheckedEntity` (its check would be skipped).
  static func unchecked<T>(_ value: T) -> LocalizedText? {
    assert(
      !(value is any CheckedEntity), "\(T.self) is a CheckedEntity read as a plain Decodable: its check is skipped")
    return nil
  }
}

extension JSONDateText {
  /// Dates as the `.utcTimestamp` strategies of `JSONEncoder` and `JSONDecoder` write and read them
  /// (Logging's `UTCTimestamp`), refused in their words.
  static let utcTimestamp = JSONDateText(write: UTCTimestamp.string(from:), read: UTCTimestamp.date(from:))
}
