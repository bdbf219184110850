import AppAnalytics
import CSQLite
import FoundationEssentials
import Localization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `SQLITE_IOERR_SHMSIZE`, which Swift does not import: the shared-memory file could not grow.
private let sqliteShmSizeError = SQLITE_IOERR | (19 << 8)
/// `SQLITE_READONLY_DBMOVED`, which Swift does not import: the database file was moved or deleted.
private let sqliteDatabaseMovedError = SQLITE_READONLY | (4 << 8)

/// Everything that can go wrong in the entity store. SQLite failures carry `sqlite3_errmsg`.
public enum PersistenceError: ReportableError, TranslatedError, Equatable, CustomStringConvertible {
  /// The database file (or its directory) could not be created or opened.
  case openFailed(path: String, reason: String)
  /// SQLite reported an error (`code` is the extended result code).
  case sqlite(code: Int32, message: String)
  /// The disk holding the database is full (or the user's quota is spent); the write was rolled back.
  case diskFull(path: String)
  /// Another connection held the lock for longer than the busy timeout; nothing was changed.
  case busy(path: String)
  /// The database file, its directory or its `-wal`/`-shm` cannot be written (a read-only file
  /// system, or permissions); reads work, nothing was changed.
  case readOnly(path: String)
  /// The file at `path` (the database, its `-wal` or `-shm`) was deleted or replaced on disk while
  /// the store had it open; the change was not saved, and no later one will be until the program restarts.
  case replaced(path: String)
  /// The file is an SQLite database of another program (or another kind of store); it was left untouched.
  case notAStore(path: String, reason: String)
  /// The file is damaged or not a database at all (`SQLITE_CORRUPT`, `SQLITE_NOTADB`); it was left untouched.
  case damaged(path: String, reason: String)
  /// A value could not be encoded as JSON.
  case encoding(String)
  /// A stored value could not be decoded as the requested type.
  case decoding(collection: String, key: String, reason: String)
  /// The database was written by newer code than this one knows.
  case schemaTooNew(found: Int, supported: Int)
  /// A migration failed; it was rolled back.
  case migrationFailed(version: Int, reason: String)

  /// One line describing the failure and what to do about it, in every language.
  public var translatedMessage: LocalizedText {
    switch self {
    case .openFailed(let path, let reason): Strings.errorOpenFailed(path: path, reason: reason)
    case .sqlite(let code, let message): Strings.errorSqlite(code: Int(code), message: message)
    case .diskFull(let path): Strings.errorDiskFull(path: path)
    case .busy(let path): Strings.errorBusy(path: path)
    case .readOnly(let path): Strings.errorReadOnly(path: path)
    case .replaced(let path): Strings.errorReplaced(path: path)
    case .notAStore(let path, let reason): Strings.errorNotAStore(path: path, reason: reason)
    case .damaged(let path, let reason): Strings.errorDamaged(path: path, reason: reason)
    case .encoding(let reason): Strings.errorEncoding(reason: reason)
    case .decoding(let collection, let key, let reason):
      Strings.errorDecoding(collection: collection, key: key, reason: reason)
    case .schemaTooNew(let found, let supported): Strings.errorSchemaTooNew(found: found, supported: supported)
    case .migrationFailed(let version, let reason): Strings.errorMigrationFailed(version: version, reason: reason)
    }
  }

  /// The message in English.
  public var description: String { translatedMessage.description }

  /// Same as `description`.
  public var userMessage: String { description }

  /// Disk full and a file replaced under the store are I/O (exit 74), busy is unavailable (69), a
  /// foreign, uncreatable or read-only file cannot-create (73).
  public var kind: ErrorKind {
    switch self {
    case .diskFull, .replaced: .io
    case .busy: .unavailable
    case .openFailed, .notAStore, .readOnly: .cannotCreate
    case .sqlite, .damaged, .encoding, .decoding, .schemaTooNew, .migrationFailed: .internal
    }
  }

  /// True when SQLite could not get disk space (SQLITE_FULL, or an I/O error with ENOSPC/EDQUOT).
  var isNoSpace: Bool {
    switch self {
    case .diskFull: true
    case .sqlite(let code, _): code & 0xFF == SQLITE_FULL || code == sqliteShmSizeError
    default: false
    }
  }

  /// True when the file (or its directory, or its `-wal`/`-shm`) cannot be written.
  var isReadOnly: Bool {
    switch self {
    case .readOnly: true
    case .sqlite(let code, _): code & 0xFF == SQLITE_READONLY || code & 0xFF == SQLITE_CANTOPEN
    default: false
    }
  }

  /// The error for an SQLite result code, its system errno and message.
  static func classify(code: Int32, systemErrno: Int32, message: String, path: String) -> PersistenceError {
    let primary = code & 0xFF
    if primary == SQLITE_FULL || (primary == SQLITE_IOERR && (systemErrno == ENOSPC || systemErrno == EDQUOT)) {
      return .diskFull(path: path)
    }
    if primary == SQLITE_BUSY || primary == SQLITE_LOCKED { return .busy(path: path) }
    if code == sqliteDatabaseMovedError { return .replaced(path: path) }
    if primary == SQLITE_READONLY { return .readOnly(path: path) }
    if primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB { return .damaged(path: path, reason: message) }
    return .sqlite(code: code, message: message)
  }
}
