import FoundationEssentials
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Appends whole lines to a file that rotates by size: when a line would take the file past
/// `maxBytes`, `name` becomes `name.1`, `name.1` becomes `name.2`, … and `name.<keep>` is dropped.
///
/// Every line is written whole or not at all: a write the disk cannot take (full, quota) is cut
/// back off the file, so a half line is never glued to the next one. Writers in this process are
/// serialised by a lock, writers in other processes by `flock(2)` on the file (each checks, under
/// the lock, that the path still names the file it holds, so a rotation by one is seen by all).
///
/// A file can hold its lines (``hold()``): a short program (one command) then writes what it logged
/// with one `write(2)` under one lock when it ends (``flush()``), not a locked write per line. Held
/// lines go out at once with a line that must not wait (``append(_:urgent:)``: a warning, an
/// error), once they are many (``heldLineLimit`` lines or ``heldByteLimit`` bytes) or the first of
/// them has waited ``heldSecondsLimit`` seconds when another comes, and when the file is released
/// (``release()``) or closed.
public final class RotatingLineFile: Sendable {
  /// When a file rotates and how many old files it keeps.
  public struct Rotation: Sendable, Equatable {
    /// The most bytes a file holds before it rotates (a single longer line still fits, alone).
    public var maxBytes: Int
    /// How many rotated files are kept (`name.1` … `name.<keep>`), at least 1.
    public var keep: Int

    /// Creates a rotation policy.
    public init(maxBytes: Int, keep: Int) {
      self.maxBytes = max(1, maxBytes)
      self.keep = max(1, keep)
    }

    /// 1 MiB per file, 3 old files: at most 4 MiB.
    public static let standard = Rotation(maxBytes: 1 << 20, keep: 3)
  }

  /// The file appended to.
  public let url: URL
  /// Its path, which every line checks under the lock (`URL.path` is worked out anew each time).
  private let path: String
  /// The rotation policy.
  public let rotation: Rotation
  private let descriptor: Mutex<Int32>
  private let system: SystemCalls
  /// Lines kept for one write, when the file holds its lines.
  private let held = Mutex(HeldLines())

  /// The most lines a file holds before it writes them.
  public static let heldLineLimit = 64
  /// The most bytes a file holds before it writes them.
  public static let heldByteLimit = 32 * 1024
  /// The longest a held line waits once another line comes.
  public static let heldSecondsLimit: Double = 1

  private struct HeldLines {
    var holding = false
    var bytes: [UInt8] = []
    var count = 0
    /// When the first held line came (monotonic seconds).
    var since: Double = 0
  }

  /// Opens (creating it and its parent directory if needed) `url` for appending.
  /// - Throws: `LogFileError` when the directory or file cannot be created or opened.
  public convenience init(url: URL, rotation: Rotation = .standard) throws {
    try self.init(url: url, rotation: rotation, system: .live)
  }

  init(url: URL, rotation: Rotation, system: SystemCalls) throws {
    self.url = url
    path = url.path
    self.rotation = rotation
    self.system = system
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw LogFileError(path: directory.path, reason: error.systemReason)
    }
    descriptor = Mutex(try Self.openForAppending(path))
  }

  deinit {
    flush()
    descriptor.withLock { _ = close($0) }
  }

  /// Appends `line` and a newline as one whole line; false when it could not be written (nothing was).
  /// `line` should not contain a newline of its own. While the file holds its lines, the line is
  /// kept for the next write (true), unless `urgent`: then it goes out at once, after those held.
  @discardableResult
  public func append(_ line: String, urgent: Bool = false) -> Bool {
    // Held lines are written under the holding lock, so two threads' writes keep their order.
    let written = held.withLock { held -> Bool? in
      guard held.holding else { return nil }
      let now = Self.monotonicSeconds()
      if held.count == 0 { held.since = now }
      held.bytes.append(contentsOf: line.utf8)
      held.bytes.append(UInt8(ascii: "\n"))
      held.count += 1
      guard urgent || held.count >= Self.heldLineLimit || held.bytes.count >= Self.heldByteLimit
        || now - held.since >= Self.heldSecondsLimit
      else { return true }
      defer { (held.bytes, held.count) = ([], 0) }
      return write(held.bytes)
    }
    if let written { return written }
    var bytes = Array(line.utf8)
    bytes.append(UInt8(ascii: "\n"))
    return write(bytes)
  }

  /// Keeps the lines appended from now on for one write (``flush()``), instead of a write per line.
  public func hold() {
    held.withLock { $0.holding = true }
  }

  /// Writes the lines held so far and every line from now on at once; false when the held lines
  /// could not be written.
  @discardableResult
  public func release() -> Bool {
    held.withLock { held in
      held.holding = false
      defer { (held.bytes, held.count) = ([], 0) }
      return held.bytes.isEmpty || write(held.bytes)
    }
  }

  /// Writes the lines held so far, whole, with one write; false when they could not be written.
  @discardableResult
  public func flush() -> Bool {
    held.withLock { held in
      defer { (held.bytes, held.count) = ([], 0) }
      return held.bytes.isEmpty || write(held.bytes)
    }
  }

  /// Seconds of a clock that only moves forward.
  private static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  /// Appends `bytes` (whole lines) with one write under the file's lock, rotating first when they
  /// would take the file past its size.
  private func write(_ bytes: [UInt8]) -> Bool {
    descriptor.withLock { descriptor in
      guard lockCurrentFile(&descriptor) else { return false }
      defer { _ = flock(descriptor, LOCK_UN) }
      var status = stat()
      guard fstat(descriptor, &status) == 0 else { return false }
      var size = Int(status.st_size)
      // Another writer may have written to the fresh file before this one locked it: the size is
      // read again after each rotation (a few at most). A file that cannot rotate (a rename refused)
      // takes the line as it is; a line too long for any file goes out alone.
      for _ in 0..<3 where size > 0 && size + bytes.count > rotation.maxBytes {
        guard rotate(&descriptor) else { break }
        guard fstat(descriptor, &status) == 0 else { return false }
        size = Int(status.st_size)
      }
      return writeWhole(bytes, to: descriptor, restoringSize: size)
    }
  }

  /// Takes the `flock` of the file the path names now, reopening when another writer rotated it.
  private func lockCurrentFile(_ descriptor: inout Int32) -> Bool {
    for _ in 0..<3 {
      guard flock(descriptor, LOCK_EX) == 0 else { return false }
      var held = stat()
      var named = stat()
      if fstat(descriptor, &held) == 0, stat(path, &named) == 0, held.st_ino == named.st_ino,
        held.st_dev == named.st_dev
      {
        return true
      }
      _ = flock(descriptor, LOCK_UN)
      guard let reopened = try? Self.openForAppending(path) else { return false }
      _ = close(descriptor)
      descriptor = reopened
    }
    return false
  }

  /// Shifts `name` → `name.1` → … → `name.<keep>`, then holds the lock of the file the path names
  /// now (a fresh one, or one another writer opened first); false, holding the file it held, when
  /// the file could not be renamed or a fresh one opened.
  private func rotate(_ descriptor: inout Int32) -> Bool {
    for index in stride(from: rotation.keep - 1, through: 1, by: -1) {
      _ = rename("\(path).\(index)", "\(path).\(index + 1)")
    }
    guard rename(path, "\(path).1") == 0, let fresh = try? Self.openForAppending(path) else { return false }
    _ = flock(descriptor, LOCK_UN)
    _ = close(descriptor)
    descriptor = fresh
    return lockCurrentFile(&descriptor)
  }

  /// Writes every byte (``WholeWrite``); on failure cuts the file back to `size`.
  private func writeWhole(_ bytes: [UInt8], to descriptor: Int32, restoringSize size: Int) -> Bool {
    let written = bytes.withUnsafeBytes { buffer in
      do throws(WholeWrite.Failure) {
        try WholeWrite.all(buffer) { system.write(descriptor, $0, $1) }
        return true
      } catch {
        return false
      }
    }
    if !written { _ = ftruncate(descriptor, off_t(size)) }
    return written
  }

  /// Opens `path` for appending without following a symbolic link and without blocking (a FIFO
  /// with no reader would hold the program before it does anything); a path that names anything
  /// but a regular file is refused, saying what is there.
  private static func openForAppending(_ path: String) throws -> Int32 {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
    guard descriptor >= 0 else {
      let reason = String(cString: strerror(errno))
      var status = stat()
      if lstat(path, &status) == 0, let found = LogFileError.Found(mode: status.st_mode) {
        throw LogFileError(path: path, reason: reason, found: found)
      }
      throw LogFileError(path: path, reason: reason)
    }
    var status = stat()
    if fstat(descriptor, &status) == 0, let found = LogFileError.Found(mode: status.st_mode) {
      _ = close(descriptor)
      throw LogFileError(path: path, reason: "not a regular file", found: found)
    }
    return descriptor
  }
}

/// The system calls a line file makes that tests replace (to fail a write half-way, as a full disk does).
struct SystemCalls: Sendable {
  var write: @Sendable (Int32, UnsafeRawPointer, Int) -> Int

  static let live = SystemCalls(write: { descriptor, bytes, count in systemWrite(descriptor, bytes, count) })
}
