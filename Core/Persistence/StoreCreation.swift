import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a new store file comes to be: whole, under a temporary name in its directory (its table
/// made and the file marked, in one synced transaction, then put in write-ahead-log mode), then
/// linked to its name, which fails when another process made the store first. A file at a store's
/// path is therefore always a store that existed — SQLite itself would leave an empty file there
/// when a process is killed before its first commit, and an empty file cannot be told from a store
/// that lost its content — and the store refuses one that holds no table (`noTables`) instead of
/// starting over in it.
enum StoreCreation {
  /// Makes the store at `path` when there is no file there.
  ///
  /// - Throws: `storeMissing` when the store's log there still holds data (the store existed and
  ///   was deleted or moved without its log); the errors of making the file (`diskFull`,
  ///   `readOnly`, `openFailed`, …), naming `path`.
  static func createIfMissing(at path: String) throws {
    var status = stat()
    guard stat(path, &status) != 0, errno == ENOENT else { return }
    if WriteAheadLog.holdsData(path + "-wal") {
      throw PersistenceError.storeMissing(path: path, log: path + "-wal")
    }
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    let prefix = "." + url.lastPathComponent + "."
    removeLeftovers(in: directory, prefix: prefix)
    // Unique per call: two threads of one process may make the same store at once.
    let temporary = directory + "/" + prefix + String(getpid()) + "-" + UUID().uuidString.prefix(8) + ".new"
    do {
      let database = try SQLiteDatabase(path: temporary)
      try database.execute("PRAGMA journal_mode=DELETE; PRAGMA synchronous=FULL")
      try StoreSchema.create(in: database)
      // In write-ahead-log mode before it has its name, so that none of the processes opening the
      // new store at once has to switch it (`SQLiteDatabase.useWriteAheadLog`).
      try database.execute("PRAGMA journal_mode=WAL")
    } catch let error as PersistenceError {
      remove(temporary)
      throw error.naming(path, insteadOf: temporary)
    }
    // EEXIST: another process made the store first, and theirs is the store. On a file system
    // without hard links, a rename, which could replace only a store made in the same instant.
    if link(temporary, path) != 0, case let code = errno, code != EEXIST, rename(temporary, path) != 0 {
      remove(temporary)
      throw PersistenceError.openFailed(path: path, reason: String(cString: strerror(code)))  // untranslated: the system's words
    }
    remove(temporary)
    syncDirectory(directory)
  }

  /// Removes the temporary files (`.<name>.<pid>-<random>.new`) of processes that were killed
  /// while making the store.
  private static func removeLeftovers(in directory: String, prefix: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".new") {
      let process = name.dropFirst(prefix.count).prefix { $0 != "-" && $0 != "." }
      guard let process = pid_t(process), kill(process, 0) != 0, errno == ESRCH else { continue }
      remove(directory + "/" + name)
    }
  }

  /// Removes `path` and the journal, log and log index SQLite may have left beside it.
  private static func remove(_ path: String) {
    for file in [path, path + "-journal", path + "-wal", path + "-shm"] { unlink(file) }
  }

  /// Makes a new name in `directory` durable: its entry is synced (best effort).
  static func syncDirectory(_ directory: String) {
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    close(descriptor)
  }
}

extension PersistenceError {
  /// The same error naming `path` where it named `other` (a temporary file the user never sees).
  func naming(_ path: String, insteadOf other: String) -> PersistenceError {
    switch self {
    case .openFailed(other, let reason): .openFailed(path: path, reason: reason)
    case .diskFull(other): .diskFull(path: path)
    case .busy(other): .busy(path: path)
    case .readOnly(other): .readOnly(path: path)
    case .io(other, let code, let reason): .io(path: path, code: code, reason: reason)
    case .damaged(other, let reason): .damaged(path: path, reason: reason)
    default: self
    }
  }
}
