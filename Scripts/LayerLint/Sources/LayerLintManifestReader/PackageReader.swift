import Foundation

/// Reads a package as SwiftPM sees it, asking SwiftPM as little as it can: the manifest's evaluation
/// (`swift package dump-package`: every target's declared dependencies with their conditions, its settings,
/// the traits) and the package's layout (`swift package describe`: each target's resolved path and sources).
///
/// Both answers are kept in `.build/layer-lint/` and reused while what they are made of is the same: the
/// evaluation while the manifests, the package's folder, the toolchain and the environment are
/// (`SettingsCache`, SwiftPM's own key for its manifest cache); the layout while the manifest's targets
/// (names, kinds, paths, sources, exclusions, resources, products), the toolchain and the shape of the
/// package's folder (`SourceTree`: every file and folder by name) are (`LayoutCache`). After a change of
/// the manifest SwiftPM evaluates it once (`dump-package`), and `describe` runs only when the targets or
/// the folder's shape changed too; when nothing changed, SwiftPM does not run at all.
package struct PackageReader: Sendable {
  /// The `swift` executable to run.
  package let swift: String
  /// The environment the manifest is evaluated in (part of the cache keys).
  package let environment: [String: String]
  /// Whether SwiftPM's commands use a scratch folder of their own: the plugin runs while SwiftPM holds `.build`.
  package let isolated: Bool

  package init(
    swift: String = ManifestLoader().swiftExecutable,
    environment: [String: String] = ProcessInfo.processInfo.environment, isolated: Bool = false
  ) {
    self.swift = swift
    self.environment = environment
    self.isolated = isolated
  }

  /// What was read, and how.
  package struct Reading: Sendable {
    /// The package's targets and products, with the dependencies its manifest declares for the lint's traits.
    package let manifest: PackageManifest
    /// The manifest's settings; `nil` when its evaluation could not be read.
    package let settings: PackageSettings?
    /// The SwiftPM commands that ran (`dump-package`, `describe`), for `LAYER_LINT_PROFILE`.
    package let ran: [String]
  }

  /// Reads the package at `packagePath` for a build with `traits`.
  package func read(packagePath: String, traits: TraitSelection) throws(ManifestLoadError) -> Reading {
    let cache = SettingsCache(packagePath: packagePath, swift: swift, environment: environment)
    var ran: [String] = []
    var evaluation = cache?.read()
    if evaluation == nil {
      let output = try run(["dump-package"], packagePath: packagePath, scratch: true)
      ran.append("dump-package")
      cache?.write(output)
      evaluation = output
    }
    let start = evaluation?.firstIndex(of: UInt8(ascii: "{")) ?? evaluation?.startIndex ?? 0
    guard let evaluation,
      let object = try? JSONSerialization.jsonObject(with: evaluation[start...]) as? [String: Any],
      let settings = PackageSettings.parse(dumpPackage: object)
    else {
      // An evaluation the lint cannot read: SwiftPM's description alone, with its own reading of the traits.
      let manifest = try ManifestLoader.decode(
        try run(["describe", "--type", "json"], packagePath: packagePath, options: traits.arguments))
      return Reading(manifest: manifest, settings: nil, ran: ran + ["describe"])
    }
    let layout = cache.map { LayoutCache(cache: $0, evaluation: object, packagePath: packagePath) }
    var description = layout?.read()
    if description == nil {
      let output = try run(["describe", "--type", "json"], packagePath: packagePath, scratch: isolated)
      ran.append("describe")
      layout?.write(output)
      description = output
    }
    let manifest = try ManifestLoader.decode(description ?? Data())
    return Reading(
      manifest: manifest.declaringDependencies(from: settings, traits: settings.enabledTraits(traits)),
      settings: settings, ran: ran)
  }

  /// Runs `swift package <arguments>` on the package; a failure is the manifest's (`ManifestLoader.classifyFailure`).
  /// With `scratch`, SwiftPM uses a temporary scratch folder (no lock shared with another SwiftPM).
  private func run(
    _ arguments: [String], packagePath: String, options: [String] = [], scratch: Bool = false
  ) throws(ManifestLoadError) -> Data {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layer-lint-\(UUID().uuidString)")
    defer { if scratch { try? FileManager.default.removeItem(at: folder) } }
    let started = ContinuousClock.now
    let output: ProcessOutput
    do {
      output = try ProcessRunner.run(
        swift,
        arguments: ["package", "--package-path", packagePath] + (scratch ? ["--scratch-path", folder.path] : [])
          + options + arguments)
    } catch {
      throw .failed("cannot run `\(swift) package \(arguments.first ?? "")`: \(error)")
    }
    if environment["LAYER_LINT_PROFILE"] != nil {
      FileHandle.standardError.write(Data("\(arguments.first ?? ""): \(ContinuousClock.now - started)\n".utf8))
    }
    guard output.status == 0 else {
      throw ManifestLoader.classifyFailure(standardError: output.standardError, command: arguments.first ?? "")
    }
    return output.standardOutput
  }
}

/// `swift package describe` output kept in the package's cache folder for the manifest's targets and
/// products as evaluated (names, kinds, paths, sources, exclusions, resources, products; not their
/// dependencies or settings, which the lint takes from the evaluation itself) and the toolchain, with the
/// shape of the package's folder it was made for (`SourceTree`): equal targets and an equal shape, an
/// equal description. The shape is read once, when the cache is made (before `describe` runs, if it does).
package struct LayoutCache: Sendable {
  /// The cache file for this key.
  package let file: URL
  /// The shape of the package's folder now (`SourceTree.fingerprint`).
  private let shape: String

  /// The layout cache of the package at `packagePath` whose manifest evaluates to `evaluation`.
  package init(cache: SettingsCache, evaluation: [String: Any], packagePath: String) {
    let key = Self.layoutKey(evaluation: evaluation) + "\u{0}" + cache.toolchain
    file = cache.folder.appendingPathComponent("describe-\(SettingsCache.fnv1a(key)).json")
    shape = SourceTree.fingerprint(of: packagePath)
  }

  /// The kept description, when it was made for the folder's shape as it is now.
  package func read() -> Data? {
    guard let kept = FileManager.default.contents(atPath: file.path),
      let newline = kept.firstIndex(of: UInt8(ascii: "\n")),
      String(decoding: kept[..<newline], as: UTF8.self) == shape
    else { return nil }
    return kept[kept.index(after: newline)...]
  }

  /// Keeps `description` for this key and the folder's shape as it was read (replacing what was kept for
  /// another shape), and the three newest others.
  package func write(_ description: Data) {
    SettingsCache.store(Data((shape + "\n").utf8) + description, at: file, keeping: 3)
  }

  /// The parts of a `dump-package` evaluation that decide `describe`'s layout, as canonical text.
  static func layoutKey(evaluation root: [String: Any]) -> String {
    let layoutKeys: Set<String> = [
      "name", "type", "path", "sources", "exclude", "resources", "publicHeadersPath", "pluginCapability",
      "packageAccess", "pkgConfig", "providers", "url", "checksum",
    ]
    let targets = (root["targets"] as? [[String: Any]] ?? []).map { $0.filter { layoutKeys.contains($0.key) } }
    let kept: [String: Any] = [
      "name": root["name"] ?? "", "toolsVersion": root["toolsVersion"] ?? "", "products": root["products"] ?? [],
      "targets": targets, "platforms": root["platforms"] ?? [],
    ]
    var text = ""
    canonical(kept, into: &text)
    return text
  }

  /// Appends `value` (what `JSONSerialization` reads) as text that is equal for equal values and differs
  /// for different ones: keys sorted, strings quoted and escaped.
  private static func canonical(_ value: Any, into text: inout String) {
    switch value {
    case let object as [String: Any]:
      text += "{"
      for key in object.keys.sorted() {
        text += quoted(key) + ":"
        canonical(object[key] ?? NSNull(), into: &text)
        text += ","
      }
      text += "}"
    case let array as [Any]:
      text += "["
      for element in array {
        canonical(element, into: &text)
        text += ","
      }
      text += "]"
    case let string as String: text += quoted(string)
    default: text += "\(value)"
    }
  }

  /// `string` in quotes, escaped where it holds a quote, a backslash or a control character.
  private static func quoted(_ string: String) -> String {
    let isPlain = string.utf8.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    return isPlain ? "\"" + string + "\"" : string.debugDescription
  }
}
