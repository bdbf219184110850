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
  /// The operating system failed a read or write of the file at `path` (any `SQLITE_IOERR`,
  /// `SQLITE_CANTOPEN` or `SQLITE_PROTOCOL`: a failing disk, a sync that did not complete, a file
  /// cut short under the store); `code` is SQLite's extended result code, `reason` its words.
  case io(path: String, code: Int32, reason: String)
  /// The store's file at `path` exists but holds no table: it is not a store, or it lost its
  /// content. It was left untouched, never taken for a new store.
  case noTables(path: String)
  /// The store's file at `path` is missing while its write-ahead log `log` holds data: the store
  /// existed, and was not made again over its log.
  case storeMissing(path: String, log: String)
  /// The write-ahead log at `path` is not one SQLite wrote (damaged or overwritten); nothing was
  /// read from it and it was left untouched.
  case damagedLog(path: String)
  /// The write-ahead log (or its index) at `path` was changed by another program while this one
  /// had it open, so that it no longer holds what was written to it; the change was not saved.
  case changed(path: String)
  /// The change was committed to the write-ahead log, but could not be copied into the database
  /// file at `path` itself (`reason`): it is saved, and the next write or open copies it.
  case notCopiedIntoFile(path: String, reason: String)
  /// A value read from `collection`/`key` of the store at `path` cannot be right (`reason`, e.g.
  /// a negative stock): the store's owner refuses it rather than act on it. See `CheckedEntity`.
  case impossibleValue(path: String, collection: String, key: String, reason: LocalizedText)
  /// A backup would overwrite the file at `path`; nothing was written.
  case backupExists(path: String)
  /// The backup at `path` could not be written (`reason`); nothing was left there.
  case backupFailed(path: String, reason: String)
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
    case .io(let path, _, let reason): Strings.errorIo(path: path, reason: reason)
    case .noTables(let path): Strings.errorNoTables(path: path)
    case .storeMissing(let path, let log): Strings.errorStoreMissing(path: path, log: log)
    case .damagedLog(let path): Strings.errorDamagedLog(path: path)
    case .changed(let path): Strings.errorChanged(path: path)
    case .notCopiedIntoFile(let path, let reason): Strings.errorNotCopiedIntoFile(path: path, reason: reason)
    case .impossibleValue(let path, let collection, let key, let reason):
      Strings.errorImpossibleValue(path: path, collection: collection, key: key, reason: reason)
    case .backupExists(let path): Strings.errorBackupExists(path: path)
    case .backupFailed(let path, let reason): Strings.errorBackupFailed(path: path, reason: reason)
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

  /// Disk full, a failed read or write, a file replaced, changed or lost under the store, a damaged
  /// file or log and a change not yet in the file are I/O (exit 74); busy is unavailable (69); a foreign,
  /// empty, uncreatable or read-only file, and a backup that cannot be written, cannot-create (73);
  /// an impossible value is rejected data (65).
  public var kind: ErrorKind {
    switch self {
    case .diskFull, .replaced, .io, .storeMissing, .damaged, .damagedLog, .changed, .notCopiedIntoFile: .io
    case .busy: .unavailable
    case .openFailed, .notAStore, .readOnly, .noTables, .backupExists, .backupFailed: .cannotCreate
    case .impossibleValue: .rejected
    case .sqlite, .encoding, .decoding, .schemaTooNew, .migrationFailed: .internal
    }
  }

  /// True when SQLite could not get disk space (SQLITE_FULL, or an I/O error with ENOSPC/EDQUOT).
  var isNoSpace: Bool {
    switch self {
    case .diskFull: true
    case .sqlite(let code, _), .io(_, let code, _): code & 0xFF == SQLITE_FULL || code == sqliteShmSizeError
    default: false
    }
  }

  /// True when the file (or its directory, or its `-wal`/`-shm`) cannot be written.
  var isReadOnly: Bool {
    switch self {
    case .readOnly: true
    case .sqlite(let code, _), .io(_, let code, _): code & 0xFF == SQLITE_READONLY || code & 0xFF == SQLITE_CANTOPEN
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
    if primary == SQLITE_IOERR || primary == SQLITE_CANTOPEN || primary == SQLITE_PROTOCOL
      || primary == SQLITE_NOLFS
    {
      // The system's words when SQLite has them: "disk I/O error (Input/output error)".
      let system = systemErrno != 0 ? " (" + String(cString: strerror(systemErrno)) + ")" : ""  // untranslated: the system's words, quoted
      return .io(path: path, code: code, reason: message + system)
    }
    return .sqlite(code: code, message: message)
  }
}
