import FoundationEssentials
import Localization

/// The store's table, its mark on the file, and its migrations.
enum StoreSchema {
  /// `PRAGMA application_id` of a store ("ISS1"), so another program's database is never taken for one.
  static let applicationID: Int32 = 0x4953_5331
  /// The columns of `entities`, in order.
  static let columns = ["collection", "key", "value", "updated_at"]

  /// Whether the file is a store (false) or still empty (true). Reads only: nothing is written
  /// to a file that turns out to belong to someone else.
  ///
  /// - Throws: `notAStore` for an SQLite database of another program; SQLite's error (e.g.
  ///   `SQLITE_NOTADB`) for a file that is not a database at all.
  static func checkIdentity(of database: SQLiteDatabase) throws -> Bool {
    let objects = try database.withStatement(
      "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
    ) { statement in
      var names: [String] = []
      while try statement.step() { names.append(statement.text(at: 0)) }
      return names
    }
    let application = Int32(truncatingIfNeeded: Int64(try database.pragma("application_id")) ?? 0)
    if application == applicationID { return false }
    if application != 0 {
      throw PersistenceError.notAStore(
        path: database.path, reason: "its application id is \(application), not \(applicationID)")  // untranslated: a technical detail quoted inside the translated message
    }
    if objects.isEmpty { return true }
    // Written before stores marked their files: the entities table, with exactly its columns.
    let tableColumns = try database.withStatement("SELECT name FROM pragma_table_info('entities') ORDER BY cid") {
      statement in
      var names: [String] = []
      while try statement.step() { names.append(statement.text(at: 0)) }
      return names
    }
    guard tableColumns == columns else {
      let listed = objects.prefix(5).joined(separator: ", ") + (objects.count > 5 ? ", …" : "")
      throw PersistenceError.notAStore(path: database.path, reason: "it holds \(listed)")  // untranslated: a technical detail quoted inside the translated message
    }
    return false
  }

  /// Creates the table and marks the file, unless another process did so first.
  static func create(in database: SQLiteDatabase) throws {
    try database.inTransaction {
      guard try checkIdentity(of: database) else { return }
      try database.execute(
        """
        CREATE TABLE entities(
          collection TEXT NOT NULL, key TEXT NOT NULL, value BLOB NOT NULL, updated_at REAL NOT NULL,
          PRIMARY KEY(collection, key));
        PRAGMA application_id = \(applicationID);
        """)
    }
  }

  /// Runs the migrations newer than the file's `user_version`, in order, each in its own transaction;
  /// returns whether one ran.
  @discardableResult
  static func migrate(_ database: SQLiteDatabase, migrations: [Migration]) throws -> Bool {
    let ordered = migrations.sorted { $0.version < $1.version }
    if let duplicate = zip(ordered, ordered.dropFirst()).first(where: { $0.version == $1.version }) {
      throw PersistenceError.migrationFailed(version: duplicate.0.version, reason: "duplicate migration version")  // untranslated: a programming error in the migrations, not for users
    }
    if let invalid = ordered.first(where: { $0.version < 1 }) {
      throw PersistenceError.migrationFailed(version: invalid.version, reason: "migration versions start at 1")  // untranslated: a programming error in the migrations, not for users
    }
    let supported = ordered.last?.version ?? 0
    let found = try database.userVersion()
    if found > supported { throw PersistenceError.schemaTooNew(found: found, supported: supported) }
    var ran = false
    for migration in ordered where migration.version > found {
      ran = true
      do {
        try database.inTransaction {
          // Another process may have migrated while we waited for the write lock.
          let current = try database.userVersion()
          if current > supported { throw PersistenceError.schemaTooNew(found: current, supported: supported) }
          guard current < migration.version else { return }
          for statement in migration.statements { try database.execute(statement) }
          try database.execute("PRAGMA user_version = \(migration.version)")
        }
      } catch let error as PersistenceError {
        switch error {
        case .schemaTooNew, .busy, .diskFull, .readOnly, .replaced, .io: throw error
        default: throw PersistenceError.migrationFailed(version: migration.version, reason: error.description)
        }
      } catch {
        throw PersistenceError.migrationFailed(
          version: migration.version, reason: DecodingError.readableLine(for: error))
      }
    }
    return ran
  }
}
