import AppAnalytics
import CSQLite
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `SQLITE_IOERR_SHMSIZE`, which Swift does not import: the shared-memory file could not grow.
private let sqliteShmSizeError = SQLITE_IOERR | (19 << 8)

/// Everything that can go wrong in the entity store. SQLite failures carry `sqlite3_errmsg`.
public enum PersistenceError: ReportableError, Equatable, CustomStringConvertible {
  /// The database file (or its directory) could not be created or opened.
  case openFailed(path: String, reason: String)
  /// SQLite reported an error (`code` is the extended result code).
  case sqlite(code: Int32, message: String)
  /// The disk holding the database is full (or the user's quota is spent); the write was rolled back.
  case diskFull(path: String)
  /// Another connection held the lock for longer than the busy timeout; nothing was changed.
  case busy(path: String)
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

  /// One line describing the failure and what to do about it.
  public var description: String {
    switch self {
    case .openFailed(let path, let reason): "cannot open database at \(path): \(reason)"
    case .sqlite(let code, let message): "database error \(code): \(message)"
    case .diskFull(let path):
      "the disk holding \(path) is full; nothing was changed. Free some space on it, then try again"
    case .busy(let path):
      "the database \(path) is busy: another process is writing to it; try again in a moment"
    case .notAStore(let path, let reason):
      "\(path) is not a store of this program (\(reason)); it was left untouched. Use another location"
    case .damaged(let path, let reason):
      "the database \(path) is damaged or not a database (\(reason)); it was left untouched. "
        + "Restore it from a backup, or use another location"
    case .encoding(let reason): "cannot encode value: \(reason)"
    case .decoding(let collection, let key, let reason): "cannot decode \(collection)/\(key): \(reason)"
    case .schemaTooNew(let found, let supported):
      "database schema version \(found) is newer than this program supports (\(supported)); update the program"
    case .migrationFailed(let version, let reason): "migration to schema version \(version) failed: \(reason)"
    }
  }

  /// Same as `description`.
  public var userMessage: String { description }

  /// Disk full is I/O (exit 74), busy is unavailable (69), a foreign or uncreatable file cannot-create (73).
  public var kind: ErrorKind {
    switch self {
    case .diskFull: .io
    case .busy: .unavailable
    case .openFailed, .notAStore: .cannotCreate
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

  /// The error for an SQLite result code, its system errno and message.
  static func classify(code: Int32, systemErrno: Int32, message: String, path: String) -> PersistenceError {
    let primary = code & 0xFF
    if primary == SQLITE_FULL || (primary == SQLITE_IOERR && (systemErrno == ENOSPC || systemErrno == EDQUOT)) {
      return .diskFull(path: path)
    }
    if primary == SQLITE_BUSY || primary == SQLITE_LOCKED { return .busy(path: path) }
    if primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB { return .damaged(path: path, reason: message) }
    return .sqlite(code: code, message: message)
  }
}
