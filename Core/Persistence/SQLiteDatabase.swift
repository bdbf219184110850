import CSQLite
import Foundation

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
final class SQLiteDatabase {
  private let handle: OpaquePointer

  /// Opens (creating) the database at `path`.
  init(path: String) throws {
    var connection: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let result = sqlite3_open_v2(path, &connection, flags, nil)
    guard result == SQLITE_OK, let connection else {
      let reason = connection.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(result))
      sqlite3_close_v2(connection)
      throw PersistenceError.openFailed(path: path, reason: reason)
    }
    sqlite3_extended_result_codes(connection, 1)
    handle = connection
  }

  deinit { sqlite3_close_v2(handle) }

  /// Sets how long SQLite retries when another connection holds the lock.
  func setBusyTimeout(_ timeout: Duration) {
    let (seconds, attoseconds) = timeout.components
    let milliseconds = max(0, min(Int64(Int32.max), seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    sqlite3_busy_timeout(handle, Int32(milliseconds))
  }

  /// The current error of this connection.
  func lastError(_ code: Int32) -> PersistenceError {
    .sqlite(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
  }

  /// Runs one or more statements without parameters (schema changes, pragmas, BEGIN/COMMIT).
  func execute(_ sql: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    let result = sqlite3_exec(handle, sql, nil, nil, &message)
    defer { sqlite3_free(message) }
    guard result == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
      throw PersistenceError.sqlite(code: sqlite3_extended_errcode(handle), message: text)
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

  /// Runs a statement that returns no rows; returns the number of rows changed.
  @discardableResult
  func run(_ sql: String, _ bindings: [SQLValue] = []) throws -> Int {
    try withStatement(sql, bindings) { statement in
      while try statement.step() {}
      return Int(sqlite3_changes(handle))
    }
  }

  /// `PRAGMA user_version`.
  func userVersion() throws -> Int {
    try withStatement("PRAGMA user_version") { statement in
      try statement.step() ? Int(statement.int64(at: 0)) : 0
    }
  }

  /// Runs `body` inside `BEGIN IMMEDIATE` … `COMMIT`; rolls back and rethrows when `body` throws.
  func inTransaction<R>(_ body: () throws -> R) throws -> R {
    try execute("BEGIN IMMEDIATE")
    let value: R
    do {
      value = try body()
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
    do {
      try execute("COMMIT")
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
    return value
  }
}

/// A prepared statement, valid only inside `SQLiteDatabase.withStatement`.
struct SQLiteStatement {
  let pointer: OpaquePointer
  let database: SQLiteDatabase

  func bind(_ value: SQLValue, at index: Int32) throws {
    let result: Int32
    switch value {
    case .text(let text):
      // An explicit byte length: a C string would end at an embedded NUL, so "a\0b" would bind as "a".
      // The trailing NUL only gives an empty string a non-nil address (nil would bind SQL NULL).
      let characters = text.utf8.map { CChar(bitPattern: $0) } + [0]
      result = characters.withUnsafeBufferPointer { buffer in
        sqlite3_bind_text64(
          pointer, index, buffer.baseAddress, sqlite3_uint64(buffer.count - 1), transientDestructor,
          UInt8(SQLITE_UTF8))
      }
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
