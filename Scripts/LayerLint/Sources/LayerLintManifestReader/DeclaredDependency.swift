/// One dependency of a target as its manifest declares it (`dump-package`), with its condition.
package struct DeclaredDependency: Sendable, Equatable {
  /// How the manifest names the dependency.
  package enum Kind: Sendable, Equatable {
    /// `.target(name:)`.
    case target
    /// `.product(name:package:)`.
    case product(package: String)
    /// A bare name (`"Foo"`): a target of the package when it has one of that name, else a product.
    case byName
  }

  /// The target's or product's name.
  package let name: String
  package let kind: Kind
  /// The platforms it is declared for (SwiftPM's names: `macos`, `linux`); empty: every platform.
  package let platforms: [String]
  /// The traits it is declared with (`.when(traits:)`); empty: always. One enabled trait is enough.
  package let traits: [String]

  package init(name: String, kind: Kind, platforms: [String] = [], traits: [String] = []) {
    self.name = name
    self.kind = kind
    self.platforms = platforms
    self.traits = traits
  }

  /// One entry of a target's `dependencies` in `dump-package` JSON: `{"target": [name, condition]}`,
  /// `{"product": [name, package, moduleAliases, condition]}` or `{"byName": [name, condition]}`.
  init?(dumpPackage entry: [String: Any]) {
    func condition(_ value: Any?) -> (platforms: [String], traits: [String]) {
      let object = value as? [String: Any]
      return (object?["platformNames"] as? [String] ?? [], object?["traits"] as? [String] ?? [])
    }
    if let parts = entry["target"] as? [Any], let name = parts.first as? String {
      let (platforms, traits) = condition(parts.count > 1 ? parts[1] : nil)
      self.init(name: name, kind: .target, platforms: platforms, traits: traits)
    } else if let parts = entry["product"] as? [Any], let name = parts.first as? String {
      let (platforms, traits) = condition(parts.count > 3 ? parts[3] : nil)
      let package = parts.count > 1 ? parts[1] as? String : nil
      self.init(name: name, kind: .product(package: package ?? name), platforms: platforms, traits: traits)
    } else if let parts = entry["byName"] as? [Any], let name = parts.first as? String {
      let (platforms, traits) = condition(parts.count > 1 ? parts[1] : nil)
      self.init(name: name, kind: .byName, platforms: platforms, traits: traits)
    } else {
      return nil
    }
  }

  /// Whether a build with `enabled` traits has this dependency (on the platforms it is declared for).
  package func isEnabled(traits enabled: Set<String>) -> Bool {
    traits.isEmpty || !enabled.isDisjoint(with: traits)
  }

  /// Whether a build for `platform` (SwiftPM's name) has it, its traits aside.
  package func applies(toPlatform platform: String) -> Bool {
    platforms.isEmpty || platforms.contains(platform.lowercased())
  }

  /// `.when(platforms: [.macOS])`, `.when(traits: ["T"])`: how the condition reads in a message.
  package var conditionSpelling: String {
    var parts: [String] = []
    if !platforms.isEmpty {
      parts.append("platforms: [\(platforms.map { "." + Platform.spelling(of: $0) }.joined(separator: ", "))]")
    }
    if !traits.isEmpty { parts.append("traits: [\(traits.map { "\"\($0)\"" }.joined(separator: ", "))]") }
    return ".when(\(parts.joined(separator: ", ")))"
  }
}

/// The platforms SwiftPM builds for, by the names its manifests use (`macos`) and `#if os(…)` uses (`macOS`).
package enum Platform {
  /// SwiftPM's platform name → the `os(…)` name of its builds (Mac Catalyst builds are `os(iOS)`).
  package static let operatingSystems: [String: String] = [
    "macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS",
    "maccatalyst": "iOS", "driverkit": "DriverKit", "linux": "Linux", "windows": "Windows", "android": "Android",
    "wasi": "WASI", "openbsd": "OpenBSD", "freebsd": "FreeBSD",
  ]

  /// How the manifest spells a platform (`.macOS`, `.linux`).
  package static func spelling(of name: String) -> String {
    let spellings = [
      "macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS",
      "maccatalyst": "macCatalyst", "driverkit": "driverKit", "openbsd": "openbsd", "freebsd": "freebsd",
    ]
    return spellings[name] ?? name
  }

  /// The platform this lint runs on: the one `swift build` here builds for.
  package static var host: String {
    #if os(macOS)
      "macos"
    #elseif os(Windows)
      "windows"
    #elseif os(FreeBSD)
      "freebsd"
    #elseif os(OpenBSD)
      "openbsd"
    #elseif os(Android)
      "android"
    #else
      "linux"
    #endif
  }
}
