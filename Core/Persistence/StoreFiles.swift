#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The store's files (the database, its `-wal` and `-shm`) as the connection opened them, by
/// device and inode. A connection goes on writing to a file that was deleted or replaced on disk,
/// and every write "succeeds" into a file nobody will read again; comparing the files on disk with
/// these identities around a write tells it apart.
struct StoreFiles {
  /// A file's device and inode.
  struct Identity: Equatable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the file at `path` now; nil when there is none.
    init?(path: String) {
      var status = stat()
      guard stat(path, &status) == 0 else { return nil }
      device = UInt64(status.st_dev)
      inode = UInt64(status.st_ino)
    }
  }

  /// The files that existed when the store was opened, with their identities then.
  private let opened: [(path: String, identity: Identity)]

  /// Records the database file at `database` and those of its `-wal` and `-shm` that exist now.
  init(database: String) {
    opened = [database, database + "-wal", database + "-shm"].compactMap { path in
      Identity(path: path).map { (path, $0) }
    }
  }

  /// The first of the files that is no longer the one opened (deleted, or another file in its
  /// place); nil while every one is.
  func replaced() -> String? {
    opened.first { Identity(path: $0.path) != $0.identity }?.path
  }
}
