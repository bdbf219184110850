import FoundationEssentials
import Logging

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A store's backup: a consistent copy in a new single file that is never seen half-written, and
/// never overwrites anything.
enum StoreBackup {
  /// Copies the database `database` has open into a new file at `path`: `VACUUM INTO` a temporary
  /// name beside it (one read transaction: a snapshot, while other connections go on reading and
  /// writing), synced, then linked to `path` (which fails when a file is there), and the directory
  /// synced. The copy is a single file in rollback-journal mode that opens as a store.
  ///
  /// - Throws: `backupExists`, `diskFull` (naming `path`), or `backupFailed`; nothing is left at
  ///   `path` or under the temporary name then.
  static func write(from database: SQLiteDatabase, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    if FileManager.default.fileExists(atPath: path) { throw PersistenceError.backupExists(path: path) }
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw PersistenceError.backupFailed(path: path, reason: error.systemReason)
    }
    let temporary =
      directory + "/." + url.lastPathComponent + "." + String(getpid()) + "-" + UUID().uuidString.prefix(8) + ".backup"
    unlink(temporary)
    defer { unlink(temporary) }
    do {
      try database.withStatement("VACUUM INTO ?", [.text(temporary)]) { statement in
        while try statement.step() {}
      }
    } catch let error as PersistenceError {
      if error.isNoSpace { throw PersistenceError.diskFull(path: path) }
      throw PersistenceError.backupFailed(path: path, reason: error.description)
    }
    try sync(temporary, naming: path)
    if link(temporary, path) != 0 {
      let code = errno
      if code == EEXIST { throw PersistenceError.backupExists(path: path) }
      throw failure(code, path: path)
    }
    StoreCreation.syncDirectory(directory)
  }

  /// Syncs the file at `temporary` to its disk; a failure names `path`.
  private static func sync(_ temporary: String, naming path: String) throws {
    let descriptor = open(temporary, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(errno, path: path) }
    defer { close(descriptor) }
    if fsync(descriptor) != 0 { throw failure(errno, path: path) }
  }

  private static func failure(_ code: Int32, path: String) -> PersistenceError {
    if code == ENOSPC || code == EDQUOT { return .diskFull(path: path) }
    return .backupFailed(path: path, reason: String(cString: strerror(code)))  // untranslated: the system's words
  }
}
