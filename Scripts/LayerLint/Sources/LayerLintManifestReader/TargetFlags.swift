import Foundation
import LayerLintSwiftReader

/// The manifest's settings that decide `#if` conditions, as SwiftPM passes them to the compiler: each
/// target's defines (`swiftSettings: [.define("X")]`, `-DX` in `unsafeFlags`), the package's traits
/// (every enabled trait is a `-D` of every target) and each target's language mode (`-swift-version`).
/// `describe` reports none of them, so they are read from `swift package dump-package`: the first
/// time a condition needs one, or earlier with `start()` so that it runs while `describe` does.
package final class TargetFlags: @unchecked Sendable {
  /// Flags per target name: `.yes` when always defined, `.maybe` when the define has a condition.
  package typealias Table = [String: [String: Truth]]

  private let load: @Sendable () -> PackageSettings?
  /// Which traits the lint builds the package with.
  package let traits: TraitSelection
  private let lock = NSLock()
  private var settings: PackageSettings??
  private var pending: DispatchSemaphore?

  /// Creates a source that calls `load` once, on first use; `nil` from `load` means the settings are unknown.
  package init(traits: TraitSelection = .defaults, load: @escaping @Sendable () -> PackageSettings?) {
    self.traits = traits
    self.load = load
  }

  /// Settings already read (`PackageReader`): nothing is loaded later.
  package convenience init(traits: TraitSelection, settings: PackageSettings?) {
    self.init(traits: traits, load: { settings })
    self.settings = .some(settings)
  }

  /// The settings when they are read already (never starts reading them).
  package var loadedSettings: PackageSettings? {
    lock.lock()
    defer { lock.unlock() }
    return settings ?? nil
  }

  /// Flags fixed up front (no traits, tools-version language modes); tests use it.
  package convenience init(_ table: Table) {
    self.init(load: { PackageSettings(flagTable: table) })
  }

  /// Starts loading on a background thread now, so that a later `settings` waits less (or not at all).
  package func start() {
    lock.lock()
    defer { lock.unlock() }
    guard settings == nil, pending == nil else { return }
    let done = DispatchSemaphore(value: 0)
    pending = done
    Thread.detachNewThread { [self] in self.loadNow(signalling: done) }
  }

  private func loadNow(signalling done: DispatchSemaphore) {
    let loaded = load()
    lock.lock()
    settings = .some(loaded)
    pending = nil
    lock.unlock()
    done.signal()
  }

  /// The package's settings; `nil` when they cannot be read. Loads them (or waits for `start()`'s load).
  package var packageSettings: PackageSettings? {
    start()
    lock.lock()
    if let settings {
      lock.unlock()
      return settings
    }
    let waiting = pending
    lock.unlock()
    waiting?.wait()
    waiting?.signal()
    lock.lock()
    defer { lock.unlock() }
    return settings ?? nil
  }

  /// What the manifest says about `target`'s conditions, read when a condition first needs it.
  /// With `anyTraits`, a define of a trait this build does not enable may be set (another build may enable it).
  package func conditions(of target: String, toolsVersion: [Int], anyTraits: Bool = false) -> TargetConditions {
    TargetConditions { [self] in
      guard let settings = packageSettings else {
        return TargetConditions.Values(flags: nil, languageMode: nil)
      }
      let enabled = settings.enabledTraits(traits)
      return TargetConditions.Values(
        flags: settings.flags(of: target, traits: enabled, anyTraits: anyTraits),
        traits: TraitState(enabled: enabled, declared: settings.declaredTraits, enabledBy: traits.spelling),
        languageMode: settings.languageMode(of: target, toolsVersion: toolsVersion, traits: enabled))
    }
  }

  /// The environment `target`'s `#if` conditions are evaluated in: SwiftPM's own flags, and the
  /// manifest's settings of the target, read when a condition first needs them. With `anyTraits`, a
  /// trait the lint's build does not enable may still be set (another build may enable it).
  package func environment(of target: ManifestTarget, toolsVersion: [Int], anyTraits: Bool = false) -> BuildEnvironment
  {
    var environment = BuildEnvironment.lint(
      manifest: conditions(of: target.name, toolsVersion: toolsVersion, anyTraits: anyTraits),
      minimumCompiler: toolsVersion,
      hasResources: target.hasResources)
    environment.anyTraitMayBeEnabled = anyTraits
    return environment
  }

  /// Reads the settings of the package at `packagePath` with `swift package dump-package`. It runs with
  /// a scratch folder of its own, so it neither waits for a `describe` running at the same time (SwiftPM
  /// locks `.build`) nor for the `swift package` that runs the lint as a plugin. Its output is kept in
  /// `.build/layer-lint/` (`SettingsCache`) while the manifests, the toolchain and the environment stay the same.
  package static func dumpPackage(
    packagePath: String, traits: TraitSelection = .defaults, swift: String = ManifestLoader().swiftExecutable
  ) -> TargetFlags {
    TargetFlags(traits: traits) {
      let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("layer-lint-\(UUID().uuidString)")
      let started = ContinuousClock.now
      defer {
        try? FileManager.default.removeItem(at: scratch)
        if ProcessInfo.processInfo.environment["LAYER_LINT_PROFILE"] != nil {
          FileHandle.standardError.write(Data("dump-package: \(ContinuousClock.now - started)\n".utf8))
        }
      }
      let cache = SettingsCache(packagePath: packagePath, swift: swift)
      if let cached = cache?.read(), let settings = PackageSettings.parse(dumpPackage: cached) { return settings }
      guard
        let output = try? ProcessRunner.run(
          swift, arguments: ["package", "--package-path", packagePath, "--scratch-path", scratch.path, "dump-package"]),
        output.status == 0, let settings = PackageSettings.parse(dumpPackage: output.standardOutput)
      else { return nil }
      cache?.write(output.standardOutput)
      return settings
    }
  }

  /// `-DX` and `-D X` in compiler arguments.
  package static func definedFlags(in arguments: [String]) -> [String] {
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

/// Which traits a build enables, chosen as SwiftPM's `--traits`, `--disable-default-traits` and
/// `--enable-all-traits` choose them.
package enum TraitSelection: Sendable, Equatable {
  /// The package's default traits (no option).
  case defaults
  /// `--traits A,B`: exactly these (the defaults too only when `default` is listed); with
  /// `--disable-default-traits` alone, none.
  case listed(Set<String>)
  /// `--enable-all-traits`.
  case all

  /// The selection SwiftPM makes from its options.
  package init(traits: String?, disableDefaults: Bool, enableAll: Bool) {
    if enableAll {
      self = .all
    } else if let traits {
      self = .listed(Set(traits.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }))
    } else {
      self = disableDefaults ? .listed([]) : .defaults
    }
  }

  /// The same options for `swift package` (so that `describe` drops the dependencies of disabled traits).
  package var arguments: [String] {
    switch self {
    case .defaults: []
    case .listed(let names) where names.isEmpty: ["--disable-default-traits"]
    case .listed(let names): ["--traits", names.sorted().joined(separator: ",")]
    case .all: ["--enable-all-traits"]
    }
  }

  /// How a trait of this selection is on, for messages.
  package var spelling: String {
    switch self {
    case .defaults: "enabled by default"
    case .listed: "enabled by --traits"
    case .all: "enabled by --enable-all-traits"
    }
  }
}

/// The parts of `swift package dump-package` that decide conditions and product dependencies.
package struct PackageSettings: Sendable, Equatable {
  /// When a setting applies (`.when(platforms:configuration:traits:)`); empty parts do not restrict it.
  package struct Condition: Sendable, Equatable {
    package var platforms: [String] = []
    package var configuration: String?
    package var traits: [String] = []

    /// Whether the condition depends on the build beyond traits (a platform or a configuration).
    package var dependsOnBuild: Bool { !platforms.isEmpty || configuration != nil }
  }

  /// One Swift setting of a target that matters for conditions.
  package struct Setting: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
      case define(String)
      case languageMode(String)
    }

    package let kind: Kind
    package let condition: Condition?
  }

  /// Each trait and the traits it enables (`default` lists the default traits).
  package var traits: [String: [String]] = [:]
  /// The package's `swiftLanguageModes` (`swiftLanguageVersions`), as listed.
  package var languageModes: [String]?
  /// The Swift settings of each target.
  package var settings: [String: [Setting]] = [:]
  /// The package (as `.product(name:package:)` names it) of each product a target depends on.
  package var productPackages: [String: String] = [:]
  /// Each target's dependencies as the manifest declares them, with their conditions, in order.
  package var dependencies: [String: [DeclaredDependency]] = [:]
  /// The build-tool plugins of the package itself each target uses (`.plugin(name:)` without a package).
  package var localPlugins: [String: [String]] = [:]
  /// The names of the package's own targets.
  package var targetNames: Set<String> = []
  /// The packages the manifest depends on directly: identity → where it comes from (URL or path).
  package var directPackages: [String: String] = [:]
  /// The build-tool plugins of other packages each target uses (`.plugin(name:package:)`).
  package var foreignPlugins: [String: [String]] = [:]

  /// Settings with only unconditional defines; tests use it.
  package init(flagTable: [String: [String: Truth]]) {
    for (target, flags) in flagTable {
      settings[target] = flags.sorted { $0.key < $1.key }.map { name, truth in
        Setting(kind: .define(name), condition: truth == .yes ? nil : Condition(configuration: "debug"))
      }
    }
  }

  package init(
    traits: [String: [String]] = [:], languageModes: [String]? = nil, settings: [String: [Setting]] = [:],
    productPackages: [String: String] = [:]
  ) {
    self.traits = traits
    self.languageModes = languageModes
    self.settings = settings
    self.productPackages = productPackages
  }

  /// Every trait the package declares, `default` excluded.
  package var declaredTraits: Set<String> { Set(traits.keys).subtracting(["default"]) }

  /// The traits `selection` turns on, with the traits they enable in turn (SwiftPM's rules: `--traits`
  /// replaces the defaults unless it lists `default`).
  package func enabledTraits(_ selection: TraitSelection) -> Set<String> {
    var enabled: Set<String>
    switch selection {
    case .defaults: enabled = ["default"]
    case .listed(let names): enabled = names
    case .all: enabled = declaredTraits
    }
    var queue = Array(enabled)
    while let trait = queue.popLast() {
      for implied in traits[trait] ?? [] where enabled.insert(implied).inserted { queue.append(implied) }
    }
    enabled.remove("default")
    return enabled
  }

  /// The defines of `target` whose trait conditions hold: `.yes`, or `.maybe` when the define also
  /// depends on the platform or configuration. (Enabled traits are flags too; `TraitState` has them.)
  /// With `anyTraits`, a define whose traits this build does not enable may be set too (`.maybe`):
  /// another build may enable them (`swift build --traits T` compiles `#if X` of `.define("X", .when(traits: ["T"]))`).
  package func flags(of target: String, traits enabled: Set<String>, anyTraits: Bool = false) -> [String: Truth] {
    var flags: [String: Truth] = [:]
    for setting in settings[target] ?? [] {
      guard case .define(let name) = setting.kind else { continue }
      let truth: Truth
      if applies(setting, traits: enabled) {
        truth = setting.condition?.dependsOnBuild == true ? .maybe : .yes
      } else if anyTraits {
        truth = .maybe
      } else {
        continue
      }
      if flags[name] != .yes { flags[name] = truth }
    }
    return flags
  }

  /// The language mode SwiftPM compiles `target` in: its own `.swiftLanguageMode(…)`, else the newest of
  /// the package's `swiftLanguageModes` the compiler supports, else the tools version's (6 for 6.0 and
  /// later, 5 for 5.x, 4.2 or 4 before). `nil` when a setting with a platform or configuration makes it vary.
  package func languageMode(of target: String, toolsVersion: [Int], traits enabled: Set<String>) -> String? {
    let own = (settings[target] ?? []).filter { setting in
      if case .languageMode = setting.kind { return applies(setting, traits: enabled) }
      return false
    }
    if let last = own.last, case .languageMode(let mode) = last.kind {
      return own.contains { $0.condition?.dependsOnBuild == true } ? nil : mode
    }
    let supported = (languageModes ?? []).filter { !BuildEnvironment.isLess([6, 99], than: Self.version($0)) }
    if let newest = supported.max(by: { BuildEnvironment.isLess(Self.version($0), than: Self.version($1)) }) {
      return Self.modeName(newest)
    }
    guard let major = toolsVersion.first else { return nil }
    switch major {
    case ..<4: return "4"
    case 4: return toolsVersion.count > 1 && toolsVersion[1] >= 2 ? "4.2" : "4"
    case 5: return "5"
    default: return "6"
    }
  }

  private func applies(_ setting: Setting, traits enabled: Set<String>) -> Bool {
    guard let traits = setting.condition?.traits, !traits.isEmpty else { return true }
    return !enabled.isDisjoint(with: traits)
  }

  private static func version(_ text: String) -> [Int] { text.split(separator: ".").compactMap { Int($0) } }

  /// `"5.0"` → `"5"`, `"4.2"` stays: the mode names `-swift-version` takes.
  private static func modeName(_ text: String) -> String {
    let parts = version(text)
    return parts == [4, 2] ? "4.2" : parts.first.map(String.init) ?? text
  }

  /// The settings in `dump-package` JSON; `nil` when it is not a package.
  package static func parse(dumpPackage data: Data) -> PackageSettings? {
    let start = data.firstIndex(of: UInt8(ascii: "{")) ?? data.startIndex
    guard let root = try? JSONSerialization.jsonObject(with: data[start...]) as? [String: Any] else { return nil }
    return parse(dumpPackage: root)
  }

  /// The settings in `dump-package`'s JSON object; `nil` when it is not a package.
  package static func parse(dumpPackage root: [String: Any]) -> PackageSettings? {
    guard let targets = root["targets"] as? [[String: Any]] else { return nil }
    var result = PackageSettings()
    for trait in root["traits"] as? [[String: Any]] ?? [] {
      guard let name = trait["name"] as? String else { continue }
      result.traits[name] = trait["enabledTraits"] as? [String] ?? []
    }
    result.languageModes = root["swiftLanguageVersions"] as? [String]
    for dependency in root["dependencies"] as? [[String: Any]] ?? [] {
      for case let entries as [[String: Any]] in dependency.values {
        for entry in entries {
          guard let identity = entry["identity"] as? String else { continue }
          let remote = ((entry["location"] as? [String: Any])?["remote"] as? [[String: Any]])?.first?["urlString"]
          result.directPackages[identity] = (remote as? String) ?? (entry["path"] as? String) ?? identity
        }
      }
    }
    for target in targets {
      guard let name = target["name"] as? String else { continue }
      var settings: [Setting] = []
      for setting in target["settings"] as? [[String: Any]] ?? [] where setting["tool"] as? String == "swift" {
        let condition = (setting["condition"] as? [String: Any]).map(Self.condition(_:))
        let kind = setting["kind"] as? [String: Any] ?? [:]
        if let define = kind["define"] as? [String: Any], let flag = define["_0"] as? String {
          settings.append(Setting(kind: .define(String(flag.prefix { $0 != "=" })), condition: condition))
        }
        for key in ["swiftLanguageMode", "swiftLanguageVersion"] {
          if let mode = kind[key] as? [String: Any], let value = mode["_0"] as? String {
            settings.append(Setting(kind: .languageMode(modeName(value)), condition: condition))
          }
        }
        if let unsafe = kind["unsafeFlags"] as? [String: Any], let arguments = unsafe["_0"] as? [String] {
          for flag in TargetFlags.definedFlags(in: arguments) {
            settings.append(Setting(kind: .define(String(flag.prefix { $0 != "=" })), condition: condition))
          }
          if let index = arguments.lastIndex(of: "-swift-version"), index + 1 < arguments.count {
            settings.append(Setting(kind: .languageMode(modeName(arguments[index + 1])), condition: condition))
          }
        }
      }
      result.settings[name] = settings
      result.targetNames.insert(name)
      for usage in target["pluginUsages"] as? [[String: Any]] ?? [] {
        guard let plugin = usage["plugin"] as? [Any], let pluginName = plugin.first as? String else { continue }
        if plugin.count > 1, plugin[1] is String {
          result.foreignPlugins[name, default: []].append(pluginName)
        } else {
          result.localPlugins[name, default: []].append(pluginName)
        }
      }
      for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
        if let product = dependency["product"] as? [Any], let productName = product.first as? String,
          product.count > 1, let package = product[1] as? String
        {
          result.productPackages[productName] = package
        }
        if let declared = DeclaredDependency(dumpPackage: dependency) {
          result.dependencies[name, default: []].append(declared)
        }
      }
    }
    return result
  }

  private static func condition(_ json: [String: Any]) -> Condition {
    Condition(
      platforms: json["platformNames"] as? [String] ?? [], configuration: json["config"] as? String,
      traits: json["traits"] as? [String] ?? [])
  }
}
