import Foundation

/// `swift package dump-package` output kept in the package's `.build/layer-lint/`, keyed as SwiftPM keys
/// its own manifest cache: the manifests' text, the package's folder, the `swift` that evaluates them,
/// and the environment (less the variables SwiftPM leaves out of its keys), since a manifest may read the
/// environment. A run whose key matches reads the file instead of running `dump-package`. A package
/// without a `.build` folder gets no new one: its cache goes to the user's cache folder
/// (`$XDG_CACHE_HOME` or `~/.cache`, `layer-lint/<hash of the package path>/`). The same folder keeps
/// the other answers of SwiftPM the lint reuses (`LayoutCache`, the resolved packages' descriptions).
package struct SettingsCache: Sendable {
  /// The cache file for the current key.
  package let file: URL
  /// The folder of the package's cache files.
  package var folder: URL { file.deletingLastPathComponent() }
  /// The key of the manifests' evaluation (a hash): equal keys, equal `dump-package` output.
  package let key: String
  /// Which `swift` evaluates the manifests (`toolchainStamp`), part of every key.
  package let toolchain: String

  /// The environment variables SwiftPM leaves out of its manifest cache keys, the lint's own, and the
  /// shell's record of where the lint was started.
  package static let volatileVariables: Set<String> = [
    "TERM", "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "TERM_SESSION_ID", "ITERM_PROFILE", "ITERM_SESSION_ID",
    "SECURITYSESSIONID", "LaunchInstanceID", "LC_TERMINAL", "LC_TERMINAL_VERSION", "CLICOLOR", "LS_COLORS",
    "VSCODE_IPC_HOOK_CLI", "HYPERFINE_RANDOMIZED_ENVIRONMENT_OFFSET", "SSH_AUTH_SOCK", "SWIFTPM_REGISTRY_PASSWORD",
    "SWIFTPM_SOURCE_CONTROL_TOKEN", "SWIFTPM_NETRC_DATA", "LAYER_LINT_PROFILE", "LAYER_LINT_BINARY",
    // What the shell sets about where and how the lint was started.
    "PWD", "OLDPWD", "SHLVL", "_",
  ]

  /// The cache of the package at `packagePath` evaluated by `swift`; `nil` when no manifest can be read
  /// or there is no place for it.
  package init?(packagePath: String, swift: String, environment: [String: String] = ProcessInfo.processInfo.environment)
  {
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
    var key = "layer-lint settings v2\n\(URL(fileURLWithPath: packagePath).standardizedFileURL.path)\u{0}"
    for name in names {
      guard
        let text = try? String(contentsOfFile: (packagePath as NSString).appendingPathComponent(name), encoding: .utf8)
      else { return nil }
      key += "\(name)\u{0}\(text)\u{0}"
    }
    guard !names.isEmpty else { return nil }
    toolchain = Self.toolchainStamp(swift: swift, path: environment["PATH"] ?? "")
    key += toolchain + "\u{0}"
    for (name, value) in environment.sorted(by: { $0.key < $1.key }) where !Self.volatileVariables.contains(name) {
      key += "\(name)=\(value)\u{0}"
    }
    self.key = Self.fnv1a(key)
    file = folder.appendingPathComponent("dump-package-\(self.key).json")
  }

  /// The cached output, if this key has one.
  package func read() -> Data? { FileManager.default.contents(atPath: file.path) }

  /// Keeps `output` for this key, and the three newest others; a failure to write is no error.
  package func write(_ output: Data) {
    Self.store(output, at: file, keeping: 3)
  }

  /// Writes `data` to `file` atomically and removes all but the `keeping` newest other files of its
  /// folder with the same prefix (the name up to its last `-`); a failure to write is no error.
  package static func store(_ data: Data, at file: URL, keeping: Int) {
    let folder = file.deletingLastPathComponent()
    let name = file.lastPathComponent
    let prefix = name.range(of: "-", options: .backwards).map { String(name[..<$0.upperBound]) } ?? name
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let others = ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
      .filter { $0.lastPathComponent.hasPrefix(prefix) && $0.lastPathComponent != name }
      .sorted { modified($0) > modified($1) }
    for old in others.dropFirst(keeping) { try? FileManager.default.removeItem(at: old) }
    try? data.write(to: file, options: .atomic)
  }

  private static func modified(_ url: URL) -> Date {
    ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date) ?? .distantPast
  }

  /// Which `swift` runs: its resolved path and modification time (a new toolchain evaluates anew).
  package static func toolchainStamp(swift: String, path: String) -> String {
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
  package static func fnv1a(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return String(hash, radix: 16)
  }
}
