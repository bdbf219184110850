import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A private copy of a store file and its write-ahead log, in a new directory under the temporary
/// directory: for reading a store whose log SQLite cannot index where it lies (no `-shm` file, and a
/// directory where none can be made). The copy is a snapshot; the store refuses writes while it reads it.
struct StoreCopy {
  /// The copy of the database file (its log beside it, as `path-wal`).
  let path: String
  private let directory: String

  /// Copies the database at `original` and its `-wal`; `openFailed` when the temporary directory
  /// cannot take them.
  init(of original: String) throws {
    var template = Array((FileManager.default.temporaryDirectory.path + "/iss-store-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw PersistenceError.openFailed(path: original, reason: String(cString: strerror(errno)))  // untranslated: the system's words
    }
    directory = String(cString: made)
    path = directory + "/" + URL(fileURLWithPath: original).lastPathComponent
    do {
      try FileManager.default.copyItem(atPath: original, toPath: path)
      try FileManager.default.copyItem(atPath: original + "-wal", toPath: path + "-wal")
    } catch {
      try? FileManager.default.removeItem(atPath: directory)
      throw PersistenceError.openFailed(path: original, reason: String(describing: error))  // untranslated: the system's words
    }
  }

  /// Removes the copy; a connection that has it open goes on reading it.
  func remove() {
    try? FileManager.default.removeItem(atPath: directory)
  }
}
