import Foundation

/// A part of `swift package dump-package` that an exported manifest cannot reproduce; one line.
struct ExportError: Error, Equatable {
  let message: String
}

/// Writes a plain SwiftPM manifest for some targets of a package, from `swift package dump-package`:
/// tools version, platforms, the products made only of those targets, and each target with its
/// dependencies, path, excludes, sources, resources, settings, build-tool plugins (the plugin targets
/// and their use) and system-library details.
struct ManifestWriter {
  /// The dump-package JSON, decoded.
  let dump: [String: Any]

  /// Parses dump-package output (anything printed before the JSON is skipped).
  init(dumpPackage data: Data) throws {
    let start = data.firstIndex(of: UInt8(ascii: "{")) ?? data.startIndex
    guard let object = try? JSONSerialization.jsonObject(with: data[start...]) as? [String: Any] else {
      throw ExportError(message: "`swift package dump-package` printed no package description")
    }
    dump = object
  }

  /// The dump's targets by name.
  var targets: [String: [String: Any]] {
    var result: [String: [String: Any]] = [:]
    for target in dump["targets"] as? [[String: Any]] ?? [] {
      if let name = target["name"] as? String { result[name] = target }
    }
    return result
  }

  /// The package's name.
  var packageName: String { dump["name"] as? String ?? "Package" }

  /// A manifest named `name` with `targetNames` (in the dump's order); `header` lines become comments.
  func manifest(name: String, targetNames: Set<String>, header: [String]) throws -> String {
    let tools = ((dump["toolsVersion"] as? [String: Any])?["_version"] as? String) ?? "5.9.0"
    let toolsVersion = tools.split(separator: ".").prefix(2).joined(separator: ".")
    var lines =
      ["// swift-tools-version: \(toolsVersion)"] + header.map { "// \($0)" } + ["import PackageDescription", ""]
    lines.append("let package = Package(")
    lines.append("  name: \(quoted(name)),")
    let platforms = try (dump["platforms"] as? [[String: Any]] ?? []).map(platform)
    if !platforms.isEmpty { lines.append("  platforms: [\(platforms.joined(separator: ", "))],") }
    let products = try (dump["products"] as? [[String: Any]] ?? []).compactMap { try product($0, targetNames) }
    lines.append("  products: [")
    lines += products.map { "    \($0)," }
    lines.append("  ],")
    lines.append("  targets: [")
    for target in dump["targets"] as? [[String: Any]] ?? [] {
      guard let targetName = target["name"] as? String, targetNames.contains(targetName) else { continue }
      lines.append("    \(try self.target(target)),")
    }
    lines.append("  ]\(try languageModes())")
    lines.append(")")
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: Package-level

  private func platform(_ entry: [String: Any]) throws -> String {
    guard let name = entry["platformName"] as? String, let version = entry["version"] as? String else {
      throw ExportError(message: "a platform entry of the manifest is not understood")
    }
    return ".\(Self.platformCase(name))(\(quoted(version)))"
  }

  private func product(_ entry: [String: Any], _ exported: Set<String>) throws -> String? {
    guard let name = entry["name"] as? String, let targets = entry["targets"] as? [String],
      !targets.isEmpty, targets.allSatisfy(exported.contains), let type = entry["type"] as? [String: Any]
    else { return nil }
    let list = targets.map(quoted).joined(separator: ", ")
    if type["executable"] != nil { return ".executable(name: \(quoted(name)), targets: [\(list)])" }
    if let library = type["library"] as? [String] {
      let kind = library.first.map { $0 == "automatic" ? "" : "type: .\($0), " } ?? ""
      return ".library(name: \(quoted(name)), \(kind)targets: [\(list)])"
    }
    throw ExportError(message: "product \(name) is of a kind the export cannot write")
  }

  private func languageModes() throws -> String {
    guard let modes = dump["swiftLanguageVersions"] as? [String], !modes.isEmpty else { return "" }
    return ",\n  swiftLanguageModes: [\(modes.map { ".version(\(quoted($0)))" }.joined(separator: ", "))]"
  }

  // MARK: Targets

  private func target(_ target: [String: Any]) throws -> String {
    let name = target["name"] as? String ?? ""
    let type = target["type"] as? String ?? ""
    var arguments = ["name: \(quoted(name))"]
    if type == "system" {
      if let path = target["path"] as? String { arguments.append("path: \(quoted(path))") }
      if let pkgConfig = target["pkgConfig"] as? String { arguments.append("pkgConfig: \(quoted(pkgConfig))") }
      let providers = try (target["providers"] as? [[String: Any]] ?? []).map { entry in
        try provider(entry, of: name)
      }
      if !providers.isEmpty { arguments.append("providers: [\(providers.joined(separator: ", "))]") }
      return ".systemLibrary(\(arguments.joined(separator: ", ")))"
    }
    let factory: String
    switch type {
    case "regular": factory = "target"
    case "executable": factory = "executableTarget"
    case "test": factory = "testTarget"
    case "plugin":
      factory = "plugin"
      guard let capability = target["pluginCapability"] as? [String: Any], capability.keys.contains("buildTool") else {
        throw ExportError(message: "plugin \(name) is no build-tool plugin, which the export cannot write")
      }
      arguments.append("capability: .buildTool()")
    default: throw ExportError(message: "target \(name) is a \(type) target, which the export cannot write")
    }
    let dependencies = try (target["dependencies"] as? [[String: Any]] ?? []).map { entry in
      try dependency(entry, of: name)
    }
    if !dependencies.isEmpty { arguments.append("dependencies: [\(dependencies.joined(separator: ", "))]") }
    if let path = target["path"] as? String { arguments.append("path: \(quoted(path))") }
    if let exclude = target["exclude"] as? [String], !exclude.isEmpty {
      arguments.append("exclude: [\(exclude.map(quoted).joined(separator: ", "))]")
    }
    if let sources = target["sources"] as? [String] {
      arguments.append("sources: [\(sources.map(quoted).joined(separator: ", "))]")
    }
    let resources = try (target["resources"] as? [[String: Any]] ?? []).map { entry in
      try resource(entry, of: name)
    }
    if !resources.isEmpty { arguments.append("resources: [\(resources.joined(separator: ", "))]") }
    if let headers = target["publicHeadersPath"] as? String {
      arguments.append("publicHeadersPath: \(quoted(headers))")
    }
    arguments += try settings(target["settings"] as? [[String: Any]] ?? [], of: name)
    if target["packageAccess"] as? Bool == false && type != "test" && type != "plugin" {
      arguments.append("packageAccess: false")
    }
    let plugins = try (target["pluginUsages"] as? [[String: Any]] ?? []).map { entry in
      try pluginUsage(entry, of: name)
    }
    if !plugins.isEmpty { arguments.append("plugins: [\(plugins.joined(separator: ", "))]") }
    return ".\(factory)(\(arguments.joined(separator: ", ")))"
  }

  /// `"Plugin"` for `{"plugin": ["Plugin", null]}`; a plugin of another package cannot be written.
  private func pluginUsage(_ entry: [String: Any], of target: String) throws -> String {
    guard let parts = entry["plugin"] as? [Any], let name = parts.first as? String else {
      throw ExportError(message: "a plugin use of \(target) is not understood")
    }
    if parts.count > 1, let package = parts[1] as? String {
      throw ExportError(
        message: "\(target) uses plugin \(name) of package \(package); the export writes no package dependencies")
    }
    return quoted(name)
  }

  private func dependency(_ entry: [String: Any], of target: String) throws -> String {
    for kind in ["byName", "target"] {
      guard let parts = entry[kind] as? [Any], let name = parts.first as? String else { continue }
      let condition = try self.condition(parts.count > 1 ? parts[1] as? [String: Any] : nil, of: target)
      if condition.isEmpty { return quoted(name) }
      return ".\(kind == "byName" ? "byName" : "target")(name: \(quoted(name)), condition: \(condition))"
    }
    if let parts = entry["product"] as? [Any], let name = parts.first as? String {
      throw ExportError(
        message: "\(target) depends on product \(name) of package \(parts.count > 1 ? "\(parts[1])" : "?"); "
          + "the export writes no package dependencies")
    }
    throw ExportError(message: "a dependency of \(target) is of a kind the export cannot write")
  }

  private func provider(_ entry: [String: Any], of target: String) throws -> String {
    for manager in ["apt", "brew", "yum", "nuget"] {
      if let lists = entry[manager] as? [[String]], let packages = lists.first {
        return ".\(manager)([\(packages.map(quoted).joined(separator: ", "))])"
      }
    }
    throw ExportError(message: "a system-package provider of \(target) is not understood")
  }

  private func resource(_ entry: [String: Any], of target: String) throws -> String {
    guard let path = entry["path"] as? String, let rule = entry["rule"] as? [String: Any] else {
      throw ExportError(message: "a resource of \(target) is not understood")
    }
    for kind in ["process", "copy", "embedInCode"] where rule[kind] != nil {
      if let options = rule[kind] as? [String: Any], !options.isEmpty {
        throw ExportError(message: "resource \(path) of \(target) has options the export cannot write")
      }
      return ".\(kind)(\(quoted(path)))"
    }
    throw ExportError(message: "resource \(path) of \(target) has a rule the export cannot write")
  }

  /// `swiftSettings: […]`, `cSettings: […]`, `cxxSettings: […]`, `linkerSettings: […]`.
  private func settings(_ entries: [[String: Any]], of target: String) throws -> [String] {
    var byTool: [String: [String]] = [:]
    for entry in entries {
      guard let tool = entry["tool"] as? String, let kind = entry["kind"] as? [String: Any],
        let (name, value) = kind.first.map({ ($0.key, ($0.value as? [String: Any])?["_0"]) })
      else { throw ExportError(message: "a setting of \(target) is not understood") }
      let argument: String
      switch (name, value) {
      case ("define", let flag as String),
        ("enableUpcomingFeature", let flag as String), ("enableExperimentalFeature", let flag as String),
        ("headerSearchPath", let flag as String), ("linkedLibrary", let flag as String),
        ("linkedFramework", let flag as String):
        argument = quoted(flag)
      case ("unsafeFlags", let flags as [String]):
        argument = "[\(flags.map(quoted).joined(separator: ", "))]"
      default:
        throw ExportError(message: "setting \(name) of \(target) is one the export cannot write")
      }
      let condition = try self.condition(entry["condition"] as? [String: Any], of: target)
      let call = ".\(name)(\(argument)\(condition.isEmpty ? "" : ", \(condition)"))"
      byTool[tool, default: []].append(call)
    }
    return ["swift", "c", "cxx", "linker"].compactMap { tool in
      byTool[tool].map { "\(tool)Settings: [\($0.joined(separator: ", "))]" }
    }
  }

  /// `.when(platforms: [.linux], configuration: .debug)`, or empty for no condition.
  private func condition(_ entry: [String: Any]?, of target: String) throws -> String {
    guard let entry else { return "" }
    var parts: [String] = []
    if let platforms = entry["platformNames"] as? [String], !platforms.isEmpty {
      parts.append("platforms: [\(platforms.map { ".\(Self.platformCase($0))" }.joined(separator: ", "))]")
    }
    if let configuration = entry["config"] as? String { parts.append("configuration: .\(configuration)") }
    if let traits = entry["traits"] as? [String], !traits.isEmpty {
      throw ExportError(message: "\(target) has a trait condition, which the export cannot write")
    }
    return parts.isEmpty ? "" : ".when(\(parts.joined(separator: ", ")))"
  }

  /// PackageDescription's spelling of a platform name as dump-package writes it.
  static func platformCase(_ name: String) -> String {
    let known = [
      "macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS",
      "maccatalyst": "macCatalyst", "driverkit": "driverKit", "linux": "linux", "windows": "windows",
      "android": "android", "wasi": "wasi", "openbsd": "openbsd", "freebsd": "freebsd",
    ]
    return known[name] ?? name
  }

  private func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }
}
