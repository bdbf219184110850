import Foundation

/// Everything that can go wrong in the entity store. SQLite failures carry `sqlite3_errmsg`.
public enum PersistenceError: Error, Equatable, CustomStringConvertible {
  /// The database file (or its directory) could not be created or opened.
  case openFailed(path: String, reason: String)
  /// SQLite reported an error (`code` is the extended result code).
  case sqlite(code: Int32, message: String)
  /// A value could not be encoded as JSON.
  case encoding(String)
  /// A stored value could not be decoded as the requested type.
  case decoding(collection: String, key: String, reason: String)
  /// The database was written by newer code than this one knows.
  case schemaTooNew(found: Int, supported: Int)
  /// A migration failed; it was rolled back.
  case migrationFailed(version: Int, reason: String)

  /// One line describing the failure.
  public var description: String {
    switch self {
    case .openFailed(let path, let reason): "cannot open database at \(path): \(reason)"
    case .sqlite(let code, let message): "database error \(code): \(message)"
    case .encoding(let reason): "cannot encode value: \(reason)"
    case .decoding(let collection, let key, let reason): "cannot decode \(collection)/\(key): \(reason)"
    case .schemaTooNew(let found, let supported):
      "database schema version \(found) is newer than this program supports (\(supported)); update the program"
    case .migrationFailed(let version, let reason): "migration to schema version \(version) failed: \(reason)"
    }
  }
}
