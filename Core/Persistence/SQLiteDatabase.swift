import CSQLite
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value bound to a `?` parameter.
enum SQLValue {
  case text(String)
  case blob(Data)
  case real(Double)
  case integer(Int64)
}

/// `SQLITE_TRANSIENT`: SQLite copies bound text/blobs before the call returns.
private let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One open SQLite connection. Not thread-safe: `EntityStore` serialises every use under its lock.
///
/// Statements given as string literals are prepared once and kept (`cached`); the SQL parser is
/// among the hottest code of a store call otherwise.
final class SQLiteDatabase {
  /// The database file.
  let path: String
  private let handle: OpaquePointer
  /// Prepared statements by the address of their (static) SQL text.
  private var statements: [UnsafeRawPointer: OpaquePointer] = [:]
  /// The files as they were once the store was opened; nil until `recordFiles()`.
  private var files: StoreFiles?
  /// The busy timeout, which a checkpoint that waits for nobody puts back afterwards.
  private var busyMilliseconds: Int32 = 0
  /// Whether the connection was opened in exclusive locking mode (its log index in private memory).
  private let exclusive: Bool

  /// The size SQLite cuts a write-ahead log back to when it restarts it itself: 256 pages of
  /// 4 KiB, 1 MiB (`journal_size_limit`). The store's own checkpoint after every write empties it
  /// (after a run of `copying: .whenFull` writes, once the run ends or the log reaches this size).
  static let logLimitFrames: Int32 = 256

  /// Opens the database at `path` (creating it only with `create`: a store's file is made whole
  /// by `StoreCreation` first, so that SQLite never makes an empty one in its place).
  ///
  /// - Parameter exclusive: `PRAGMA locking_mode=EXCLUSIVE` before the first access, so a WAL
  ///   database needs no shared-memory file (which cannot be created on a full disk). Other
  ///   processes wait until this connection closes.
  /// - Parameter immutable: opens the file read-only as a file nothing changes (no locks, no
  ///   `-wal`, no `-shm`): for a database without a write-ahead log in a directory that cannot be
  ///   written, whose whole content is then in the file itself.
  init(path: String, exclusive: Bool = false, immutable: Bool = false, create: Bool = true) throws {
    var connection: OpaquePointer?
    let flags =
      immutable
      ? SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
      : SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
    let name = immutable ? "file:" + Self.uriEscaped(path) + "?immutable=1" : path
    _ = Self.pagesOnDemand
    let result = sqlite3_open_v2(name, &connection, flags, nil)
    guard result == SQLITE_OK, let connection else {
      var reason = connection.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(result))
      if let connection, sqlite3_system_errno(connection) != 0 {
        reason += " (" + String(cString: strerror(sqlite3_system_errno(connection))) + ")"  // untranslated: the system's words, quoted
      }
      sqlite3_close_v2(connection)
      throw PersistenceError.openFailed(path: path, reason: reason)
    }
    sqlite3_extended_result_codes(connection, 1)
    self.path = path
    self.exclusive = exclusive
    handle = connection
    // Keep the -wal and -shm files when the connection closes (the next open needs no new disk
    // space to read), and do not checkpoint then: every write has already copied the log into the
    // database file and emptied it (`copyLogIntoFile`), so SQLite's own checkpoints are switched off.
    var persist: Int32 = 1
    _ = sqlite3_file_control(connection, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
    _ = csqlite_disable_checkpoint_on_close(connection)
    sqlite3_wal_autocheckpoint(connection, 0)
    if exclusive { try execute("PRAGMA locking_mode=EXCLUSIVE") }
  }

  /// SQLite's page cache set to allocate as pages are read (`csqlite_allocate_pages_on_demand`),
  /// once, before the process's first open initializes SQLite.
  private static let pagesOnDemand: Int32 = csqlite_allocate_pages_on_demand()

  deinit {
    for statement in statements.values { sqlite3_finalize(statement) }
    sqlite3_close_v2(handle)
  }

  /// Sets how long SQLite retries when another connection holds the lock.
  func setBusyTimeout(_ timeout: Duration) {
    let (seconds, attoseconds) = timeout.components
    let milliseconds = max(0, min(Int64(Int32.max), seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    busyMilliseconds = Int32(milliseconds)
    sqlite3_busy_timeout(handle, busyMilliseconds)
  }

  /// Whether the connection can only read (the file, its directory or its `-wal`/`-shm` cannot be
  /// written, or it was opened immutable).
  var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

  /// Copies every committed page of the write-ahead log into the database file, syncs it, and
  /// cuts the log to 0 bytes (a truncating checkpoint), waiting up to the busy timeout for other
  /// connections' writes, reads and checkpoints to end, or, without `waiting`, for nobody. Returns
  /// nil once everything committed is in the database file (also when a reader kept the log from
  /// being cut: what it holds is in the file then, and the next write starts it over), else
  /// `notCopiedIntoFile` with SQLite's words for what kept it out; the log keeps what it did not
  /// copy, and the next checkpoint copies it.
  func copyLogIntoFile(waiting: Bool) -> PersistenceError? {
    if !waiting { sqlite3_busy_timeout(handle, 0) }
    defer { if !waiting { sqlite3_busy_timeout(handle, busyMilliseconds) } }
    var pauses = BusyPauses(milliseconds: busyMilliseconds)
    while true {
      var frames: Int32 = -1
      var copied: Int32 = -1
      let result = sqlite3_wal_checkpoint_v2(handle, "main", SQLITE_CHECKPOINT_TRUNCATE, &frames, &copied)
      if result == SQLITE_OK || (result & 0xFF == SQLITE_BUSY && frames >= 0 && copied >= frames) { return nil }
      // Another connection's checkpoint holds the checkpoint lock, which SQLite takes without its
      // busy handler (and without saying how far the log is copied): wait for it as for a lock.
      guard waiting, result & 0xFF == SQLITE_BUSY, frames < 0, pauses.pause() else {
        var reason = String(cString: sqlite3_errmsg(handle))
        if sqlite3_system_errno(handle) != 0 {
          reason += " (" + String(cString: strerror(sqlite3_system_errno(handle))) + ")"  // untranslated: the system's words, quoted
        }
        return .notCopiedIntoFile(path: path, reason: reason)
      }
    }
  }

  /// Puts the database file in write-ahead-log mode (`PRAGMA journal_mode=WAL`) unless it is,
  /// waiting up to the busy timeout for other connections. SQLite makes the switch without its busy
  /// handler: it takes the write lock while it holds a read lock, which fails at once while another
  /// connection writes the file in rollback mode or switches it too (several processes opening a
  /// file in rollback mode at once), so the switch is tried again after a pause instead. Once
  /// another connection has switched the file, the next try finds it switched and writes nothing.
  func useWriteAheadLog() throws {
    var pauses = BusyPauses(milliseconds: busyMilliseconds)
    while true {
      do {
        if try pragma("journal_mode") != "wal" { try execute("PRAGMA journal_mode=WAL") }
        return
      } catch PersistenceError.busy where pauses.pause() {}
    }
  }

  /// The pauses between tries of a step SQLite takes without its busy handler: 0.5 ms, doubling up
  /// to 20 ms, until together they reach the busy timeout.
  private struct BusyPauses {
    /// The busy timeout, in microseconds.
    let limit: Int
    private var waited = 0
    private var next = 500

    init(milliseconds: Int32) {
      limit = Int(milliseconds) * 1000
    }

    /// Sleeps the next pause and returns true, or returns false once the pauses reached the busy timeout.
    mutating func pause() -> Bool {
      guard waited < limit else { return false }
      usleep(useconds_t(next))
      waited += next
      next = min(next * 2, 20_000)
      return true
    }
  }

  /// Empties a write-ahead log that holds anything when the store opens (left by a process that
  /// could not copy it, or by an older version of the store), waiting for nobody: a busy or full
  /// disk leaves it for the next write.
  func emptyLeftoverLog() {
    var status = stat()
    guard !isReadOnly, stat(path + "-wal", &status) == 0, status.st_size > 0 else { return }
    _ = copyLogIntoFile(waiting: false)
  }

  /// Remembers which files the store is: call once it is open (the `-wal` and `-shm` exist from
  /// the first read on).
  func recordFiles() {
    files = StoreFiles(database: path)
  }

  /// Throws `replaced` when the database, its `-wal` or its `-shm` on disk is no longer the file this
  /// connection has open (deleted, or another file moved into its place): a write would go to a file
  /// nobody reads again.
  func checkFilesInPlace() throws {
    var moved: Int32 = 0
    if sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK, moved != 0 {
      throw PersistenceError.replaced(path: path)
    }
    if let replaced = files?.replaced() { throw PersistenceError.replaced(path: replaced) }
  }

  /// Runs `body`, a write, in one `BEGIN IMMEDIATE` transaction between two `checkFilesInPlace()`
  /// (a write refused before it starts when a file was replaced, and reported as lost when one was
  /// replaced while it ran), refused before it changes anything when the log no longer holds what
  /// was written to it (`checkLogInPlace`), and copied into the database file once it
  /// commits: when `writing` returns, the change is in the file people copy, and the log is empty.
  ///
  /// Inside a transaction already open on this connection, `joining` runs `body` in it (the outer
  /// transaction's end copies it); otherwise the nested `BEGIN` fails with SQLite's error.
  ///
  /// `copying: .whenFull` leaves the committed change in the log (synced there, so it survives a
  /// crash, and copied by the next write or opening) until the log reaches `logLimitFrames`: for a
  /// run of writes whose owner copies the log once when the run ends (`copyLogIntoFile`).
  func writing<R>(
    joining: Bool = false, copying: LogCopy = .always, _ body: (SQLiteDatabase) throws -> R
  ) throws -> R {
    if isReadOnly { throw PersistenceError.readOnly(path: path) }
    if joining && isInTransaction { return try body(self) }
    try checkFilesInPlace()
    let value = try inTransaction {
      if !exclusive { try checkLogInPlace() }
      return try body(self)
    }
    try checkFilesInPlace()
    if copying == .always || logIsFull(), let failure = copyLogIntoFile(waiting: true) { throw failure }
    return value
  }

  /// When a write copies the log into the database file.
  enum LogCopy {
    /// Once it commits: the change is in the file when the write returns.
    case always
    /// Only once the log holds `logLimitFrames` pages or more.
    case whenFull
  }

  /// Whether the log holds `logLimitFrames` pages or more (its size on disk says so: a 32-byte
  /// header, then frames of a 24-byte header and a page).
  private func logIsFull() -> Bool {
    var status = stat()
    guard stat(path + "-wal", &status) == 0 else { return false }
    return Int(status.st_size) >= 32 + Int(Self.logLimitFrames) * (24 + 4096)
  }

  /// Throws `changed` (naming the log) when the log no longer holds frames its index counts and
  /// that are not in the database file yet (`WriteAheadLog.holdsWhatItsIndexSays`): it was cut or
  /// overwritten under the store. Reads the index where SQLite has it mapped (the database file's
  /// `xShmMap`) and the log through SQLite's descriptor (`SQLITE_FCNTL_JOURNAL_POINTER`): a
  /// descriptor of our own, closed, would drop this process's locks on the file, the write lock of
  /// the transaction in progress among them. Call it inside `BEGIN IMMEDIATE`, so that no other
  /// connection starts the log over meanwhile; not in exclusive locking mode (no shared index).
  func checkLogInPlace() throws {
    var databaseFile: UnsafeMutablePointer<sqlite3_file>?
    guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_FILE_POINTER, &databaseFile) == SQLITE_OK,
      let databaseFile, let methods = databaseFile.pointee.pMethods, methods.pointee.iVersion >= 2,
      let map = methods.pointee.xShmMap
    else { return }
    var region: UnsafeMutableRawPointer?
    guard map(databaseFile, 0, 32768, 0, &region) == SQLITE_OK, let region else { return }
    var logFile: UnsafeMutablePointer<sqlite3_file>?
    guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_JOURNAL_POINTER, &logFile) == SQLITE_OK, let logFile,
      let logMethods = logFile.pointee.pMethods, let fileSize = logMethods.pointee.xFileSize,
      let read = logMethods.pointee.xRead
    else { return }
    var size: sqlite3_int64 = 0
    if fileSize(logFile, &size) != SQLITE_OK { size = 0 }
    var header = [UInt8](repeating: 0, count: WriteAheadLog.headerSize)
    let result = header.withUnsafeMutableBytes { read(logFile, $0.baseAddress, Int32($0.count), 0) }
    let holds = WriteAheadLog.holdsWhatItsIndexSays(
      index: UnsafeRawBufferPointer(start: region, count: 136), logSize: Int(size),
      logHeader: result == SQLITE_OK ? header : nil)
    if !holds { throw PersistenceError.changed(path: path + "-wal") }
  }

  /// `path` for a `file:` URI: the characters a URI gives meaning to, percent-encoded.
  private static func uriEscaped(_ path: String) -> String {
    var escaped = ""
    for character in path {
      switch character {
      case "%": escaped += "%25"
      case "?": escaped += "%3f"
      case "#": escaped += "%23"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// The error for the connection's last failure: disk full and busy get their own cases.
  func lastError(_ result: Int32) -> PersistenceError {
    let code = sqlite3_extended_errcode(handle)
    return PersistenceError.classify(
      code: code == SQLITE_OK ? result : code, systemErrno: sqlite3_system_errno(handle),
      message: String(cString: sqlite3_errmsg(handle)), path: path)
  }

  /// Runs one or more statements without parameters (schema changes, pragmas, BEGIN/COMMIT).
  func execute(_ sql: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    let result = sqlite3_exec(handle, sql, nil, nil, &message)
    defer { sqlite3_free(message) }
    guard result == SQLITE_OK else {
      let error = lastError(result)
      if case .sqlite(let code, _) = error, let message {
        throw PersistenceError.sqlite(code: code, message: String(cString: message))
      }
      throw error
    }
  }

  /// Prepares `sql`, binds `bindings` to its `?` parameters, calls `body` and always finalizes.
  func withStatement<R>(_ sql: String, _ bindings: [SQLValue] = [], _ body: (SQLiteStatement) throws -> R) throws -> R {
    var pointer: OpaquePointer?
    let prepared = sqlite3_prepare_v2(handle, sql, -1, &pointer, nil)
    guard prepared == SQLITE_OK, let pointer else {
      let error = lastError(prepared)
      sqlite3_finalize(pointer)
      throw error
    }
    defer { sqlite3_finalize(pointer) }
    let statement = SQLiteStatement(pointer: pointer, database: self)
    for (offset, value) in bindings.enumerated() {
      try statement.bind(value, at: Int32(offset + 1))
    }
    return try body(statement)
  }

  /// Like `withStatement`, but the statement is prepared once per connection and reset after use.
  func cached<R>(_ sql: StaticString, _ bindings: [SQLValue] = [], _ body: (SQLiteStatement) throws -> R) throws -> R {
    let key = UnsafeRawPointer(sql.utf8Start)
    let pointer: OpaquePointer
    if let existing = statements[key] {
      pointer = existing
    } else {
      var prepared: OpaquePointer?
      let result = sql.withUTF8Buffer { text in
        text.withMemoryRebound(to: CChar.self) { characters in
          sqlite3_prepare_v3(
            handle, characters.baseAddress, Int32(characters.count), UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        }
      }
      guard result == SQLITE_OK, let prepared else {
        let error = lastError(result)
        sqlite3_finalize(prepared)
        throw error
      }
      statements[key] = prepared
      pointer = prepared
    }
    defer {
      sqlite3_reset(pointer)
      sqlite3_clear_bindings(pointer)
    }
    let statement = SQLiteStatement(pointer: pointer, database: self)
    for (offset, value) in bindings.enumerated() {
      try statement.bind(value, at: Int32(offset + 1))
    }
    return try body(statement)
  }

  /// Runs a statement that returns no rows; returns the number of rows changed.
  @discardableResult
  func run(_ sql: StaticString, _ bindings: [SQLValue] = []) throws -> Int {
    try cached(sql, bindings) { statement in
      while try statement.step() {}
      return Int(sqlite3_changes(handle))
    }
  }

  /// `PRAGMA user_version`.
  func userVersion() throws -> Int {
    try cached("PRAGMA user_version") { statement in
      try statement.step() ? Int(statement.int64(at: 0)) : 0
    }
  }

  /// The value of the single-valued `PRAGMA name` as text ("wal", "2", …).
  func pragma(_ name: String) throws -> String {
    try withStatement("PRAGMA \(name)") { try $0.step() ? $0.text(at: 0) : "" }
  }

  /// Whether the connection is inside a transaction.
  var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  /// Runs `body` inside `BEGIN IMMEDIATE` … `COMMIT`; rolls back and rethrows when `body` throws.
  func inTransaction<R>(_ body: () throws -> R) throws -> R {
    try run("BEGIN IMMEDIATE")
    let value: R
    do {
      value = try body()
    } catch {
      rollback()
      throw error
    }
    do {
      try run("COMMIT")
    } catch {
      rollback()
      throw error
    }
    return value
  }

  /// Rolls back the open transaction, if SQLite has not already done so (it does on SQLITE_FULL).
  private func rollback() {
    if isInTransaction { _ = try? run("ROLLBACK") }
  }
}

/// A prepared statement, valid only inside `SQLiteDatabase.withStatement` or `cached`.
struct SQLiteStatement {
  let pointer: OpaquePointer
  let database: SQLiteDatabase

  func bind(_ value: SQLValue, at index: Int32) throws {
    let result: Int32
    switch value {
    case .text(let text):
      result = SQLiteStatement.bindText(text, to: pointer, at: index)
    case .blob(let data):
      // 64-bit length: `Int32(count)` would trap for values over 2 GiB (SQLite then reports SQLITE_TOOBIG).
      result = data.withUnsafeBytes { bytes in
        sqlite3_bind_blob64(
          pointer, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), sqlite3_uint64(bytes.count),
          transientDestructor)
      }
    case .real(let number):
      result = sqlite3_bind_double(pointer, index, number)
    case .integer(let number):
      result = sqlite3_bind_int64(pointer, index, number)
    }
    guard result == SQLITE_OK else { throw database.lastError(result) }
  }

  /// Binds `text` with an explicit byte length: a C string would end at an embedded NUL, so "a\0b"
  /// would bind as "a". An empty string gets a non-nil address (nil would bind SQL NULL).
  private static func bindText(_ text: String, to pointer: OpaquePointer, at index: Int32) -> Int32 {
    func bind(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
      let address = bytes.baseAddress.map { UnsafeRawPointer($0) } ?? UnsafeRawPointer(bitPattern: 1)
      return sqlite3_bind_text64(
        pointer, index, address?.assumingMemoryBound(to: CChar.self), sqlite3_uint64(bytes.count),
        transientDestructor, UInt8(SQLITE_UTF8))
    }
    if let result = text.utf8.withContiguousStorageIfAvailable(bind) { return result }
    return Array(text.utf8).withUnsafeBufferPointer(bind)
  }

  /// Advances; true when a row is available, false when done.
  func step() throws -> Bool {
    let result = sqlite3_step(pointer)
    switch result {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw database.lastError(result)
    }
  }

  func int64(at column: Int32) -> Int64 { sqlite3_column_int64(pointer, column) }

  /// The column as UTF-8 text, embedded NULs included.
  func text(at column: Int32) -> String {
    guard let text = sqlite3_column_text(pointer, column) else { return "" }
    let count = Int(sqlite3_column_bytes(pointer, column))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  func blob(at column: Int32) -> Data {
    let count = Int(sqlite3_column_bytes(pointer, column))
    guard count > 0, let bytes = sqlite3_column_blob(pointer, column) else { return Data() }
    return Data(bytes: bytes, count: count)
  }
}
