import Foundation
import LayerLintManifestReader
import LayerLintSwiftReader

/// `vocabulary`: lower layers hold mechanisms; each module above owns its vocabulary. No file of the
/// lower layers (`vocabulary.lowerLayers`, the two bottom layers by default) names a word a module of a
/// layer above declares:
///
/// - the words: each entry's `name` in the lists (`toggles`, `screens`) of every `PartnerVocabulary.json`
///   in an upper module's folder, and every `static let <name> = Destination(…)` in an upper module's sources;
/// - the files: the Swift sources of the lower modules, the JSON files in their folders (partner files,
///   resources), the sources build-tool plugins generated for them (`.build/plugins/outputs/…`, when the
///   package was built), and the sources of the build-tool plugins they use;
/// - a finding, in Swift code: `.word` or `case word`; a distinctive word (a toggle) anywhere, as an
///   identifier or a whole string; a value of a vocabulary type made from a literal (`StyleScreen("…")`);
///   in JSON: a key or a string equal to a word; in a plugin's sources: the name of the declaration file
///   (a build of a lower module that reads the files where modules above declare their words).
package struct VocabularyRule {
  let workspace: Workspace
  let packageRoot: String

  private var configuration: LayeringConfiguration { workspace.configuration }
  private var settings: VocabularyConfiguration { configuration.vocabulary }

  /// A declared word: what it is and which file declares it.
  struct Word: Equatable {
    let name: String
    let kind: String
    let owner: String
  }

  /// The lower layers' names.
  private var lowerLayers: Set<String> {
    Set(settings.lowerLayers ?? configuration.layers.suffix(2).map(\.name))
  }

  package func violations() -> [Violation] {
    guard configuration.isEnabled(.vocabulary), !configuration.layers.isEmpty else { return [] }
    let words = declaredWords()
    guard !words.isEmpty else { return [] }
    var owners: [String: Word] = [:]
    for word in words where owners[word.name] == nil { owners[word.name] = word }
    var found: [Violation] = []
    for module in workspace.modules where isLower(module.name) {
      for path in module.swiftSourcePaths {
        found += swiftFindings(in: path, shownAs: path, module: module, owners: owners)
      }
      found += jsonFindings(of: module, owners: owners)
      found += generatedFindings(of: module, owners: owners)
      found += pluginFindings(of: module)
    }
    return found
  }

  private func isLower(_ module: String) -> Bool {
    guard case .layer(let name, _) = workspace.placement(of: module) else { return false }
    return lowerLayers.contains(name)
  }

  private func isUpper(_ module: String) -> Bool {
    guard case .layer(let name, _) = workspace.placement(of: module) else { return false }
    return !lowerLayers.contains(name)
  }

  // MARK: The words

  /// Every word the upper modules declare, in their declaration files and destination constants.
  func declaredWords() -> [Word] {
    var words: [Word] = []
    for module in workspace.modules where isUpper(module.name) && !module.path.isEmpty {
      let file = module.path + "/" + settings.declarationFile
      if let data = FileManager.default.contents(atPath: absolute(file)),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
      {
        for (list, kind) in settings.declarationKinds.sorted(by: { $0.key < $1.key }) {
          for case let entry as [String: Any] in object[list] as? [Any] ?? [] {
            if let name = entry["name"] as? String, !name.isEmpty {
              words.append(Word(name: name, kind: kind, owner: file))
            }
          }
        }
      }
      for path in module.swiftSourcePaths {
        guard let data = FileManager.default.contents(atPath: absolute(path)) else { continue }
        for line in SwiftCodeLines(String(decoding: data, as: UTF8.self)).lines {
          for name in destinations(in: line.code) { words.append(Word(name: name, kind: "destination", owner: path)) }
        }
      }
    }
    return words
  }

  /// `static let <name> = Destination(` or `static let <name>: Destination = Destination(` on a line.
  private func destinations(in code: String) -> [String] {
    let words = SwiftCodeLines.identifiers(in: code).map(\.name)
    var names: [String] = []
    for index in words.indices where words[index] == "static" && index + 2 < words.count && words[index + 1] == "let" {
      let rest = words[(index + 3)...].prefix(2)
      if rest.contains(settings.destinationType) && code.contains(settings.destinationType + "(") {
        names.append(words[index + 2])
      }
    }
    return names
  }

  // MARK: Swift sources

  private func swiftFindings(
    in path: String, shownAs shown: String, module: ManifestTarget, owners: [String: Word]
  ) -> [Violation] {
    guard let data = FileManager.default.contents(atPath: path.hasPrefix("/") ? path : absolute(path)) else {
      return []
    }
    var found: [Violation] = []
    for line in SwiftCodeLines(String(decoding: data, as: UTF8.self)).lines {
      var named: Set<String> = []
      let identifiers = SwiftCodeLines.identifiers(in: line.code)
      for (index, identifier) in identifiers.enumerated() {
        guard let word = owners[identifier.name] else { continue }
        let afterCase = index > 0 && identifiers[index - 1].name == "case" && !identifiers[index - 1].afterDot
        if identifier.afterDot || afterCase || settings.distinctiveKinds.contains(word.kind) {
          named.insert(identifier.name)
        }
      }
      for string in line.strings {
        if let word = owners[string], settings.distinctiveKinds.contains(word.kind) { named.insert(string) }
      }
      for name in named.sorted() {
        found.append(finding(shown, line.number, module, word: owners[name]!))
      }
      for type in settings.vocabularyTypes where madeFromLiteral(type, in: line.code) {
        found.append(
          violation(
            shown, line.number, module, target: type,
            problem: "makes a \(type) of its own from a literal; a lower layer offers the mechanism",
            fix: "let the module that owns the word declare it, and take the value as a parameter here"))
      }
    }
    return found
  }

  /// `StyleScreen("…")`, `Destination(domain: "…"`: a value of `type` made from a string literal.
  private func madeFromLiteral(_ type: String, in code: String) -> Bool {
    var rest = Substring(code)
    while let range = rest.range(of: type + "(") {
      let before = rest[..<range.lowerBound].last
      let isWhole = before.map { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") } ?? true
      var after = rest[range.upperBound...].drop { $0 == " " }
      if let colon = after.firstIndex(of: ":"), after[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
      {
        after = after[after.index(after: colon)...].drop { $0 == " " }
      }
      if isWhole && after.hasPrefix("\"\"") { return true }
      rest = rest[range.upperBound...]
    }
    return false
  }

  // MARK: JSON, generated sources, plugins

  /// Every JSON file in the module's folder whose keys or strings name a word.
  private func jsonFindings(of module: ManifestTarget, owners: [String: Word]) -> [Violation] {
    guard !module.path.isEmpty, let files = FileManager.default.enumerator(atPath: absolute(module.path)) else {
      return []
    }
    var found: [Violation] = []
    while let relative = files.nextObject() as? String {
      guard relative.hasSuffix(".json") else { continue }
      let path = module.path + "/" + relative
      guard let data = FileManager.default.contents(atPath: absolute(path)) else { continue }
      for (line, string) in Self.jsonStrings(data) {
        if let word = owners[string] { found.append(finding(path, line, module, word: word)) }
      }
    }
    return found
  }

  /// The strings (keys and values) of a JSON text with their lines, escapes left as written.
  static func jsonStrings(_ data: Data) -> [(line: Int, text: String)] {
    var result: [(line: Int, text: String)] = []
    var line = 1
    var index = data.startIndex
    while index < data.endIndex {
      let byte = data[index]
      if byte == UInt8(ascii: "\n") { line += 1 }
      guard byte == UInt8(ascii: "\"") else {
        index += 1
        continue
      }
      var content: [UInt8] = []
      index += 1
      while index < data.endIndex && data[index] != UInt8(ascii: "\"") {
        if data[index] == UInt8(ascii: "\\"), index + 1 < data.endIndex {
          content += [data[index], data[index + 1]]
          index += 2
          continue
        }
        if data[index] == UInt8(ascii: "\n") { line += 1 }
        content.append(data[index])
        index += 1
      }
      result.append((line, String(decoding: content, as: UTF8.self)))
      index += 1
    }
    return result
  }

  /// The sources the package's build-tool plugins generated for the module, when the package was built:
  /// `.build/plugins/outputs/<package>/<module>/destination/<plugin>/…`.
  private func generatedFindings(of module: ManifestTarget, owners: [String: Word]) -> [Violation] {
    let outputs = absolute(".build/plugins/outputs")
    let packages = (try? FileManager.default.contentsOfDirectory(atPath: outputs)) ?? []
    var found: [Violation] = []
    for package in packages.sorted() {
      let folder = "\(outputs)/\(package)/\(module.name)/destination"
      guard let files = FileManager.default.enumerator(atPath: folder) else { continue }
      while let relative = files.nextObject() as? String {
        guard relative.hasSuffix(".swift") else { continue }
        let shown = ".build/plugins/outputs/\(package)/\(module.name)/destination/\(relative)"
        found += swiftFindings(in: "\(folder)/\(relative)", shownAs: shown, module: module, owners: owners)
      }
    }
    return found
  }

  /// The build-tool plugins of the package the module uses (and the tools they run) whose sources name the
  /// declaration file: a build of the module reads the files where modules above declare their words.
  private func pluginFindings(of module: ManifestTarget) -> [Violation] {
    var found: [Violation] = []
    for (plugin, parts) in workspace.buildToolPlugins(of: module) {
      for path in parts.flatMap(\.swiftSourcePaths) {
        guard let data = FileManager.default.contents(atPath: absolute(path)) else { continue }
        for line in SwiftCodeLines(String(decoding: data, as: UTF8.self)).lines
        where line.strings.contains(where: { $0.contains(settings.declarationFile) }) {
          found.append(
            violation(
              path, line.number, module, target: plugin.name,
              problem:
                "the build-tool plugin \(plugin.name), which \(module.name) uses, reads \(settings.declarationFile), "
                + "where modules of the layers above declare their words: a build of \(module.name) reads files "
                + "that layers above it own",
              fix:
                "move what the plugin makes from the modules' declarations to a module of a layer above, which "
                + "uses the plugin instead"))
        }
      }
    }
    return found
  }

  // MARK: Findings

  private func finding(_ path: String, _ line: Int, _ module: ManifestTarget, word: Word) -> Violation {
    violation(
      path, line, module, target: word.name,
      problem: "names the \(word.kind) \"\(word.name)\" that \(word.owner) declares; a lower layer offers the "
        + "mechanism, the owner declares the word",
      fix: "take the \(word.kind) as a value from the module that declares it (or move this code up to that layer)")
  }

  private func violation(
    _ path: String, _ line: Int, _ module: ManifestTarget, target: String, problem: String, fix: String
  ) -> Violation {
    Violation(
      rule: .vocabulary, file: path, line: line, source: module.name, sourceLayer: workspace.layerName(of: module.name),
      target: target, problem: problem, fix: fix)
  }

  private func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : (packageRoot as NSString).appendingPathComponent(path)
  }
}
