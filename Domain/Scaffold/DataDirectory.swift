import AppAnalytics
import FoundationEssentials
import Localization
import Logging

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where an app keeps its data: `--data-dir`, else `$ISS_DATA_DIR` (both read by the option), else
/// `$XDG_DATA_HOME/iss`, else `~/.local/share/iss`.
enum DataDirectory {
  static func resolve(option: String?, environment: [String: String], home: String) -> URL {
    if let option, !option.isEmpty { return URL(fileURLWithPath: expand(option, home: home), isDirectory: true) }
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("iss", isDirectory: true)
    }
    return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share/iss", isDirectory: true)
  }

  private static func expand(_ path: String, home: String) -> String {
    if path == "~" { return home }
    if path.hasPrefix("~/") { return home + path.dropFirst() }
    return path
  }

  /// Creates `directory` (and its parents), or explains in one line why it cannot be, naming the
  /// system's reason (a symbolic link loop, a file in the way, a read-only file system, a full disk,
  /// permissions, …): exit 73, or 74 for an I/O error. A directory that exists but cannot be written
  /// is used as it is: reads work there, and the stores refuse writes with their own line.
  static func create(_ directory: URL) throws(DataDirectoryError) {
    let path = directory.path
    // Up from the directory to the first part of the path that exists; it must be a directory.
    var missing: [String] = []
    var current = path
    while true {
      var status = stat()
      if stat(current, &status) == 0 {
        guard status.st_mode & S_IFMT == S_IFDIR else {
          throw DataDirectoryError(directory: directory, reason: Strings.dataDirectoryIsAFile(path: current))
        }
        break
      }
      let code = errno
      let parent = parentPath(of: current)
      guard code == ENOENT || code == ENOTDIR, parent != current, !parent.isEmpty else {
        throw failure(code, at: current, of: directory, creating: false)
      }
      missing.append(current)
      current = parent
    }
    for part in missing.reversed() where mkdir(part, 0o755) != 0 {
      let code = errno
      var status = stat()
      let isDirectory = stat(part, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
      if code == EEXIST && isDirectory { continue }  // created by another process meanwhile
      if code == EEXIST, let target = danglingLinkTarget(part) {
        throw DataDirectoryError(
          directory: directory, reason: Strings.dataDirectoryDanglingLink(path: part, target: target))
      }
      throw failure(code == EEXIST ? ENOTDIR : code, at: part, of: directory, creating: true)
    }
    guard access(path, R_OK | X_OK) == 0 else { throw failure(errno, at: path, of: directory, creating: false) }
  }

  /// Where the symbolic link at `path` points, when it is one that leads nowhere; nil otherwise.
  private static func danglingLinkTarget(_ path: String) -> String? {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return nil }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `path` without its last component ("/a/b" → "/a", "/a" → "/"); `path` itself for "/".
  private static func parentPath(of path: String) -> String {
    let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
    return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
  }

  /// The line for `code`, met creating (`mkdir`) or opening (`stat`, `access`) `path`.
  static func failure(_ code: Int32, at path: String, of directory: URL, creating: Bool) -> DataDirectoryError {
    let reason: LocalizedText =
      switch code {
      case ENOTDIR, EEXIST: Strings.dataDirectoryIsAFile(path: path)
      case ELOOP: Strings.dataDirectoryLinkLoop(path: path)
      case ENAMETOOLONG: Strings.dataDirectoryNameTooLong
      case EROFS: Strings.dataDirectoryReadOnlyFileSystem(path: path)
      case ENOSPC: Strings.dataDirectoryDiskFull(path: path)
      case EDQUOT: Strings.dataDirectoryQuota(path: path)
      case EACCES, EPERM:
        creating ? Strings.dataDirectoryMayNotCreate(path: path) : Strings.dataDirectoryMayNotOpen(path: path)
      case EIO: Strings.dataDirectoryIoError(path: path)
      default: Strings.dataDirectorySystemError(path: path, reason: String(cString: strerror(code)))
      }
    return DataDirectoryError(directory: directory, reason: reason, kind: code == EIO ? .io : .cannotCreate)
  }
}

extension DataDirectory {
  /// The line file `name` in `directory` (the log, analytics), opened for appending; nil — left out,
  /// never stopping the app — when it cannot be opened (a read-only data directory). Something other
  /// than a plain file in its place (a symbolic link that would send the lines elsewhere, a FIFO
  /// that would hold the app) is refused with one line (73).
  static func lineFile(_ name: String, in directory: URL) throws(DataDirectoryError) -> RotatingLineFile? {
    do {
      return try RotatingLineFile(url: directory.appendingPathComponent(name))
    } catch let error as LogFileError {
      guard let found = error.found else { return nil }
      throw DataDirectoryError(
        directory: directory, reason: Strings.dataDirectoryNotAPlainFile(path: error.path, found: found.text))
    } catch {
      return nil
    }
  }
}

extension LogFileError.Found {
  /// What is there, in the reader's language.
  var text: LocalizedText {
    switch self {
    case .symbolicLink: Strings.foundSymbolicLink
    case .fifo: Strings.foundFifo
    case .socket: Strings.foundSocket
    case .device: Strings.foundDevice
    case .directory: Strings.foundDirectory
    }
  }
}

/// The data directory cannot be used (exit 73; 74 for an I/O error).
struct DataDirectoryError: ReportableError, TranslatedError, Equatable {
  let directory: URL
  let reason: LocalizedText
  var kind: ErrorKind = .cannotCreate

  var translatedMessage: LocalizedText { Strings.errorDataDirectory(directory: directory.path, reason: reason) }
  var userMessage: String { translatedMessage.description }
}
