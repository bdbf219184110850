import Foundation

/// The compilation flags each target defines in the manifest (`swiftSettings: [.define("X")]`,
/// `.unsafeFlags(["-DX"])`), read from `swift package dump-package` the first time a condition needs
/// one; `describe` does not report settings, and most packages never need them.
final class TargetFlags: @unchecked Sendable {
  /// Flags per target name: `.yes` when always defined, `.maybe` when the define has a condition.
  typealias Table = [String: [String: Truth]]

  private let load: @Sendable () -> Table?
  private let lock = NSLock()
  private var table: Table??

  /// Creates a source that calls `load` once, on first use; `nil` from `load` means the settings are unknown.
  init(load: @escaping @Sendable () -> Table?) {
    self.load = load
  }

  /// Flags fixed up front; tests use it.
  convenience init(_ table: Table) {
    self.init(load: { table })
  }

  /// The flags of `target`; `nil` when the manifest's settings cannot be read (then any flag may be set).
  func flags(of target: String) -> [String: Truth]? {
    lock.lock()
    defer { lock.unlock() }
    if table == nil { table = .some(load()) }
    guard let known = table ?? nil else { return nil }
    return known[target] ?? [:]
  }

  /// Reads the settings of the package at `packagePath` with `swift package dump-package`.
  static func dumpPackage(packagePath: String, swift: String = ManifestLoader().swiftExecutable) -> TargetFlags {
    TargetFlags {
      guard
        let output = try? ProcessRunner.run(
          swift, arguments: ["package", "--package-path", packagePath, "dump-package"]),
        output.status == 0
      else { return nil }
      return parse(dumpPackage: output.standardOutput)
    }
  }

  /// The flag table of `dump-package` JSON.
  static func parse(dumpPackage data: Data) -> Table? {
    let start = data.firstIndex(of: UInt8(ascii: "{")) ?? data.startIndex
    guard let root = try? JSONSerialization.jsonObject(with: data[start...]) as? [String: Any],
      let targets = root["targets"] as? [[String: Any]]
    else { return nil }
    var table: Table = [:]
    for target in targets {
      guard let name = target["name"] as? String else { continue }
      var flags: [String: Truth] = [:]
      for setting in target["settings"] as? [[String: Any]] ?? [] where setting["tool"] as? String == "swift" {
        let truth: Truth = setting["condition"] == nil ? .yes : .maybe
        let kind = setting["kind"] as? [String: Any] ?? [:]
        var names: [String] = []
        if let define = kind["define"] as? [String: Any], let flag = define["_0"] as? String {
          names.append(flag)
        }
        if let unsafe = kind["unsafeFlags"] as? [String: Any], let arguments = unsafe["_0"] as? [String] {
          names += definedFlags(in: arguments)
        }
        for flag in names.map({ String($0.prefix { $0 != "=" }) }) where flags[flag] != .yes { flags[flag] = truth }
      }
      table[name] = flags
    }
    return table
  }

  /// `-DX` and `-D X` in compiler arguments.
  static func definedFlags(in arguments: [String]) -> [String] {
    var flags: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "-D", index + 1 < arguments.count {
        flags.append(arguments[index + 1])
        index += 1
      } else if argument.hasPrefix("-D") && argument.count > 2 {
        flags.append(String(argument.dropFirst(2)))
      }
      index += 1
    }
    return flags
  }
}
