import FoundationEssentials
import Localization
import Logging
import SpacesuitServiceInterface

#if canImport(Glibc)
  import Glibc
#endif

/// Where a simulated suit keeps its state between processes: a small JSON file, replaced
/// atomically (written beside it, synced, renamed over it, directory synced), so a kill -9 at any
/// moment leaves either the old state or the new one. Processes sharing the file take turns under
/// an advisory lock on `FILE.lock`, and each picks up what the others saved.
final class SuitStateFile {
  /// The file's content.
  struct Document: Codable, Equatable {
    var version = 1
    /// Wall-clock time of the save; suit time moves on from here when the file is read again.
    var savedAt: Date
    var suit: SuitSimulator
  }

  /// Why the state could not be read or kept.
  struct Failure: Error, CustomStringConvertible {
    /// What could not be done to the file.
    enum Action: String { case create, write, replace, open, lock }
    let action: Action
    let path: String
    /// The system's reason, verbatim.
    let reason: String

    /// "write /path/.suit-state.json.12.tmp: No space left on device" (only the system's words and the path).
    var description: String { "\(action.rawValue) \(path): \(reason)" }
  }

  /// A saved state of a version this build cannot read.
  struct UnsupportedVersion: Error, CustomStringConvertible {
    let version: Int
    var description: String { "version \(version)" }
  }

  let url: URL
  /// The file as last read or written by us (identity and modification time), to notice others' saves.
  private var seen: Stamp?

  init(url: URL) {
    self.url = url
  }

  /// Whether the file differs from what this process last read or wrote.
  func changedSinceSeen() -> Bool {
    Stamp(path: url.path) != seen
  }

  /// The saved state; nil when there is none. A file that cannot be read as a suit state is moved
  /// aside to `FILE.corrupt` (`FILE.corrupt-2`, `-3`, … when that name is taken: no copy is ever
  /// overwritten or deleted) and nil returned, with the reason and the new name (nil: it could not be
  /// moved) in `setAside`.
  func load(setAside: (_ path: String, _ reason: String, _ movedTo: String?) -> Void) -> Document? {
    let stamp = Stamp(path: url.path)
    seen = stamp
    guard stamp != nil else { return nil }
    do {
      let data = try Data(contentsOf: url)
      let document = try JSONDecoder().decode(Document.self, from: data)
      guard document.version == 1 else { throw UnsupportedVersion(version: document.version) }
      return document
    } catch {
      seen = nil
      setAside(url.path, DecodingError.readableLine(for: error), moveAside())
      return nil
    }
  }

  /// Moves the file to the first free name of `FILE.corrupt`, `FILE.corrupt-2`, …; the name is
  /// reserved first (created exclusively), so a copy set aside earlier, by this or another process,
  /// is never replaced. Returns where the file went; nil when it could not be moved (it stays).
  private func moveAside() -> String? {
    let base = url.appendingPathExtension("corrupt").path
    for number in 1...10_000 {
      let aside = number == 1 ? base : "\(base)-\(number)"
      let reserved = open(aside, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      guard reserved >= 0 else {
        if errno == EEXIST { continue }
        return nil
      }
      close(reserved)
      guard rename(url.path, aside) == 0 else {
        unlink(aside)
        return nil
      }
      return aside
    }
    return nil
  }

  /// Replaces the file with `document`, durably.
  func save(_ document: Document) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(document)
    let directory = url.deletingLastPathComponent().path
    let temporary = "\(directory)/.\(url.lastPathComponent).\(getpid()).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw failure(.create, temporary) }
    var writeError: Int32 = 0
    let ok = data.withUnsafeBytes { raw -> Bool in
      do throws(WholeWrite.Failure) {
        try WholeWrite.all(raw, to: fd)
      } catch {
        writeError = error.code
        return false
      }
      guard fsync(fd) == 0 else {
        writeError = errno
        return false
      }
      return true
    }
    close(fd)
    guard ok else {
      unlink(temporary)
      throw failure(.write, temporary, code: writeError)
    }
    guard rename(temporary, url.path) == 0 else {
      let code = errno
      unlink(temporary)
      throw failure(.replace, url.path, code: code)
    }
    let directoryFD = open(directory, O_RDONLY | O_CLOEXEC)
    if directoryFD >= 0 {
      fsync(directoryFD)
      close(directoryFD)
    }
    seen = Stamp(path: url.path)
  }

  /// Runs `body` holding the exclusive lock that processes sharing the file take turns with.
  func locked<R>(_ body: () throws -> R) throws -> R {
    let lockPath = url.path + ".lock"
    let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw failure(.open, lockPath) }
    defer { close(fd) }
    while flock(fd, LOCK_EX) != 0 {
      guard errno == EINTR else { throw failure(.lock, lockPath) }
    }
    defer { flock(fd, LOCK_UN) }
    return try body()
  }

  private func failure(_ action: Failure.Action, _ path: String, code: Int32 = errno) -> Failure {
    Failure(action: action, path: path, reason: String(cString: strerror(code)))
  }

  /// A file's identity and last change, nil when it does not exist.
  private struct Stamp: Equatable {
    let inode: UInt64
    let size: Int64
    let seconds: Int
    let nanoseconds: Int

    init?(path: String) {
      var status = stat()
      guard stat(path, &status) == 0 else { return nil }
      inode = UInt64(status.st_ino)
      size = Int64(status.st_size)
      seconds = Int(status.st_mtim.tv_sec)
      nanoseconds = Int(status.st_mtim.tv_nsec)
    }
  }
}
