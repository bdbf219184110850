import Foundation

/// `swift package dump-package` output kept in the package's `.build/layer-lint/`, keyed as SwiftPM keys
/// its own manifest cache: the manifests' text, the `swift` that evaluates them, and the environment
/// (less the variables SwiftPM leaves out of its keys), since a manifest may read the environment.
/// A run whose key matches reads the file instead of running `dump-package`. A package without a
/// `.build` folder gets no new one: its cache goes to the user's cache folder (`$XDG_CACHE_HOME` or
/// `~/.cache`, `layer-lint/<hash of the package path>/`).
struct SettingsCache: Sendable {
  /// The cache file for the current key.
  let file: URL

  /// The environment variables SwiftPM leaves out of its manifest cache keys, the lint's own, and the
  /// shell's record of where the lint was started.
  static let volatileVariables: Set<String> = [
    "TERM", "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "TERM_SESSION_ID", "ITERM_PROFILE", "ITERM_SESSION_ID",
    "SECURITYSESSIONID", "LaunchInstanceID", "LC_TERMINAL", "LC_TERMINAL_VERSION", "CLICOLOR", "LS_COLORS",
    "VSCODE_IPC_HOOK_CLI", "HYPERFINE_RANDOMIZED_ENVIRONMENT_OFFSET", "SSH_AUTH_SOCK", "SWIFTPM_REGISTRY_PASSWORD",
    "SWIFTPM_SOURCE_CONTROL_TOKEN", "SWIFTPM_NETRC_DATA", "LAYER_LINT_PROFILE", "LAYER_LINT_BINARY",
    // What the shell sets about where and how the lint was started.
    "PWD", "OLDPWD", "SHLVL", "_",
  ]

  /// The cache of the package at `packagePath` evaluated by `swift`; `nil` when no manifest can be read
  /// or there is no place for it.
  init?(packagePath: String, swift: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
    let build = URL(fileURLWithPath: packagePath).appendingPathComponent(".build")
    var folder = build.appendingPathComponent("layer-lint")
    var isFolder: ObjCBool = false
    if !FileManager.default.fileExists(atPath: build.path, isDirectory: &isFolder) || !isFolder.boolValue {
      guard let home = environment["XDG_CACHE_HOME"] ?? environment["HOME"].map({ "\($0)/.cache" }) else { return nil }
      let packageKey = Self.fnv1a(URL(fileURLWithPath: packagePath).standardizedFileURL.path)
      folder = URL(fileURLWithPath: home).appendingPathComponent("layer-lint/\(packageKey)")
    }
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: packagePath)) ?? []).filter {
      $0 == "Package.swift" || ($0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift"))
    }.sorted()
    var key = "layer-lint settings v1\n"
    for name in names {
      guard
        let text = try? String(contentsOfFile: (packagePath as NSString).appendingPathComponent(name), encoding: .utf8)
      else { return nil }
      key += "\(name)\u{0}\(text)\u{0}"
    }
    guard !names.isEmpty else { return nil }
    key += Self.toolchainStamp(swift: swift, path: environment["PATH"] ?? "") + "\u{0}"
    for (name, value) in environment.sorted(by: { $0.key < $1.key }) where !Self.volatileVariables.contains(name) {
      key += "\(name)=\(value)\u{0}"
    }
    file = folder.appendingPathComponent("dump-package-\(Self.fnv1a(key)).json")
  }

  /// The cached output, if this key has one.
  func read() -> Data? { FileManager.default.contents(atPath: file.path) }

  /// Keeps `output` for this key, and the three newest others; a failure to write is no error.
  func write(_ output: Data) {
    let folder = file.deletingLastPathComponent()
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let others = ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
      .filter { $0.lastPathComponent.hasPrefix("dump-package-") && $0.lastPathComponent != file.lastPathComponent }
      .sorted { Self.modified($0) > Self.modified($1) }
    for old in others.dropFirst(3) { try? FileManager.default.removeItem(at: old) }
    try? output.write(to: file, options: .atomic)
  }

  private static func modified(_ url: URL) -> Date {
    ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date) ?? .distantPast
  }

  /// Which `swift` runs: its resolved path and modification time (a new toolchain evaluates anew).
  static func toolchainStamp(swift: String, path: String) -> String {
    let candidates =
      swift.contains("/") ? [swift] : path.split(separator: ":").map { "\($0)/\(swift)" }
    for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
      let resolved = (candidate as NSString).resolvingSymlinksInPath
      let modified = (try? FileManager.default.attributesOfItem(atPath: resolved)[.modificationDate] as? Date)
      return "\(resolved) \(modified?.timeIntervalSince1970 ?? 0)"
    }
    return swift
  }

  /// The 64-bit FNV-1a hash of `text`'s UTF-8 bytes, in hex.
  static func fnv1a(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return String(hash, radix: 16)
  }
}
