import AppAnalytics
import Foundation
import Scaffold

/// Where the app keeps its data: `--data-dir`, else `$ISS_DATA_DIR`, else `$XDG_DATA_HOME/iss`,
/// else `~/.local/share/iss`.
enum DataDirectory {
  static func resolve(option: String?, environment: [String: String], home: String) -> URL {
    if let option, !option.isEmpty { return URL(fileURLWithPath: expand(option, home: home), isDirectory: true) }
    if let explicit = environment["ISS_DATA_DIR"], !explicit.isEmpty {
      return URL(fileURLWithPath: expand(explicit, home: home), isDirectory: true)
    }
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

  /// Creates `directory` (and its parents), or explains in one line why it cannot be (exit 73).
  static func create(_ directory: URL, fileManager: FileManager = .default) throws(CompositionError) {
    var isDirectory: ObjCBool = false
    if fileManager.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw cannotCreate(directory, "\(directory.path) is a file, not a directory")
      }
    } else {
      // A parent that is a regular file makes every creation fail with an unhelpful message: name it.
      var parent = directory.deletingLastPathComponent()
      while parent.path != "/" && !parent.path.isEmpty {
        if fileManager.fileExists(atPath: parent.path, isDirectory: &isDirectory) {
          guard isDirectory.boolValue else {
            throw cannotCreate(directory, "\(parent.path) is a file, not a directory")
          }
          break
        }
        parent = parent.deletingLastPathComponent()
      }
      do {
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
      } catch {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        throw cannotCreate(directory, underlying?.localizedDescription ?? "permission denied or read-only file system")
      }
    }
    guard fileManager.isWritableFile(atPath: directory.path) else {
      throw cannotCreate(directory, "\(directory.path) is not writable")
    }
  }

  private static func cannotCreate(_ directory: URL, _ reason: String) -> CompositionError {
    CompositionError(
      message: "cannot use the data directory \(directory.path): \(reason). Pass --data-dir DIR",
      exitCode: ExitCode.cannotCreate)
  }

  /// The one line (and exit code) for a database that cannot be opened: the store's own message
  /// (disk full, busy, damaged, another program's file, …) and the exit code of its kind.
  static func storeError(_ error: any Error, file: URL) -> CompositionError {
    guard let error = error as? any ReportableError else {
      return CompositionError(
        message: "cannot open the database \(file.path): \(error); pass --data-dir DIR to use another directory",
        exitCode: ExitCode.internalError)
    }
    return CompositionError(message: error.userMessage, exitCode: ExitCode.forKind(error.kind))
  }
}
