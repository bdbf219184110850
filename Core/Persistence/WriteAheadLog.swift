#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the store reads of its write-ahead log (`path-wal`) and of the log's index (`path-shm`)
/// itself, in the formats SQLite documents (https://www.sqlite.org/walformat.html), to tell a log
/// SQLite wrote from one that was damaged, overwritten or cut under the store. SQLite does not: it
/// takes a log whose header is not one for an empty log (and starts it over at the next write,
/// losing whatever it held), and a connection that has the log open goes on writing after the
/// frames its index remembers, even when the file was cut to 0 bytes meanwhile.
///
/// Under an open connection the index and the log are read through SQLite's own file objects
/// (`SQLiteDatabase.checkLogInPlace`), never through a descriptor of our own: closing any descriptor
/// of a file drops every POSIX lock the process holds on it, SQLite's locks on the index included.
enum WriteAheadLog {
  /// The size of the log's header.
  static let headerSize = 32
  /// The size of a frame's header, before its page.
  static let frameHeaderSize = 24

  /// Whether the log at `path` holds anything (exists and is not empty).
  static func holdsData(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_size > 0
  }

  /// Throws `damagedLog` when the log at `path` holds bytes but does not start with a header SQLite
  /// wrote (its magic number, format version, page size and checksum): a log of random bytes, or
  /// another file in its place. An absent or empty log is fine (every command empties it).
  static func checkHeader(_ path: String) throws {
    // Read again after a moment before refusing: another process may be writing a new header over
    // an old one at this very instant (SQLite starting its log over), and a read may see part of it.
    for attempt in 0..<3 {
      guard holdsData(path) else { return }
      if let header = read(headerSize, at: 0, of: path), isValidHeader(header) { return }
      if attempt < 2 { usleep(2_000) }
    }
    throw PersistenceError.damagedLog(path: path)
  }

  /// Whether `header` (the log's first 32 bytes) is one SQLite writes.
  static func isValidHeader(_ header: [UInt8]) -> Bool {
    guard header.count == headerSize else { return false }
    let magic = bigEndian(header, at: 0)
    guard magic == 0x377F_0682 || magic == 0x377F_0683, bigEndian(header, at: 4) == 3_007_000 else { return false }
    let pageSize = bigEndian(header, at: 8)
    guard pageSize >= 512 && pageSize <= 65536 && pageSize & (pageSize - 1) == 0 else { return false }
    // The checksum of the first 24 bytes, as 32-bit words in the byte order the magic number names.
    var first: UInt32 = 0
    var second: UInt32 = 0
    for offset in stride(from: 0, to: 24, by: 8) {
      let one = magic & 1 == 1 ? bigEndian(header, at: offset) : littleEndian(header, at: offset)
      let two = magic & 1 == 1 ? bigEndian(header, at: offset + 4) : littleEndian(header, at: offset + 4)
      first = first &+ one &+ second
      second = second &+ two &+ first
    }
    return first == bigEndian(header, at: 24) && second == bigEndian(header, at: 28)
  }

  /// Whether the log still holds what its index says it holds and what is not in the database
  /// file yet: false when the log was cut shorter than the frames the index counts, or its header
  /// overwritten (another salt), under the store. Writing on then would put the new frames after a
  /// hole, and the next checkpoint would copy zeros or garbage into the database. True when every
  /// frame is in the database file already (the next write starts the log over), or when `index`
  /// is not a consistent index header.
  ///
  /// - Parameter index: the index's first 136 bytes: its header twice (48 bytes each, in the
  ///   machine's byte order), then the checkpoint's progress (`nBackfill` at 96).
  /// - Parameter logSize: the log's size in bytes.
  /// - Parameter logHeader: the log's first 32 bytes; nil when it is shorter.
  static func holdsWhatItsIndexSays(index: UnsafeRawBufferPointer, logSize: Int, logHeader: [UInt8]?) -> Bool {
    guard index.count >= 136, index[0..<48].elementsEqual(index[48..<96]), index[12] == 1 else { return true }
    let frames = index.loadUnaligned(fromByteOffset: 16, as: UInt32.self)
    let copied = index.loadUnaligned(fromByteOffset: 96, as: UInt32.self)
    guard frames > copied else { return true }
    let storedPageSize = index.loadUnaligned(fromByteOffset: 14, as: UInt16.self)  // 65536 is stored as 1
    let pageSize = storedPageSize == 1 ? 65536 : Int(storedPageSize)
    guard logSize >= headerSize + Int(frames) * (frameHeaderSize + pageSize), let logHeader else { return false }
    return logHeader[16..<24].elementsEqual(index[32..<40])
  }

  /// `count` bytes of the file at `path` from `offset`; nil when it cannot be read or is shorter.
  /// Only for a file SQLite holds no lock on (the log, before the store opens it): see above.
  private static func read(_ count: Int, at offset: Int, of path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: count)
    let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
    return got == count ? bytes : nil
  }

  private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
      | UInt32(bytes[offset + 3])
  }

  private static func littleEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    UInt32(bytes[offset + 3]) << 24 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 1]) << 8
      | UInt32(bytes[offset])
  }
}
