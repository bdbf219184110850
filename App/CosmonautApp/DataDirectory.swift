import Foundation

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
}
