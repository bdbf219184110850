import AppAnalytics
import FoundationEssentials
import Localization

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

  /// Creates `directory` (and its parents), or explains in one line why it cannot be (exit 73).
  static func create(_ directory: URL, fileManager: FileManager = .default) throws(DataDirectoryError) {
    var isDirectory = false
    if fileManager.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
      guard isDirectory else {
        throw DataDirectoryError(directory: directory, reason: Strings.dataDirectoryIsAFile(path: directory.path))
      }
    } else {
      // A parent that is a regular file makes every creation fail with an unhelpful message: name it.
      var parent = directory.deletingLastPathComponent()
      while parent.path != "/" && !parent.path.isEmpty {
        if fileManager.fileExists(atPath: parent.path, isDirectory: &isDirectory) {
          guard isDirectory else {
            throw DataDirectoryError(directory: directory, reason: Strings.dataDirectoryIsAFile(path: parent.path))
          }
          break
        }
        parent = parent.deletingLastPathComponent()
      }
      do {
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
      } catch {
        throw DataDirectoryError(directory: directory, reason: Strings.dataDirectoryCannotCreate)
      }
    }
    guard fileManager.isWritableFile(atPath: directory.path) else {
      throw DataDirectoryError(directory: directory, reason: Strings.dataDirectoryNotWritable(path: directory.path))
    }
  }
}

/// The data directory cannot be used (exit 73).
struct DataDirectoryError: ReportableError, TranslatedError, Equatable {
  let directory: URL
  let reason: LocalizedText

  var kind: ErrorKind { .cannotCreate }
  var translatedMessage: LocalizedText { Strings.errorDataDirectory(directory: directory.path, reason: reason) }
  var userMessage: String { translatedMessage.description }
}
