import Dispatch
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
package struct VocabularyRule: Sendable {
  let workspace: Workspace
  let packageRoot: String
  /// The run's sources, where the modules' and plugins' Swift files are read.
  let files: SourceFiles

  package init(workspace: Workspace, packageRoot: String, files: SourceFiles? = nil) {
    self.workspace = workspace
    self.packageRoot = packageRoot
    self.files = files ?? SourceFiles(root: packageRoot)
  }

  private var configuration: LayeringConfiguration { workspace.configuration }
  private var settings: VocabularyConfiguration { configuration.vocabulary }

  /// A declared word: what it is and which file declares it.
  struct Word: Equatable, Sendable {
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
    let owners = Dictionary(words.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let shapes = Set(owners.keys.map(Self.shape))
    let lowerModules = workspace.modules.filter { isLower($0.name) }
    // The lower modules' Swift files, each read on its own: on all cores.
    let sources = lowerModules.flatMap { module in module.swiftSourcePaths.map { (module, $0) } }
    let sourceFindings = IndexedResults<[Violation]>(count: sources.count)
    DispatchQueue.concurrentPerform(iterations: sources.count) { index in
      let (module, path) = sources[index]
      sourceFindings.store(
        swiftFindings(in: path, shownAs: path, module: module, owners: owners, shapes: shapes), at: index)
    }
    let outputPackages = generatedOutputPackages()
    var found: [Violation] = []
    var index = 0
    for module in lowerModules {
      for _ in module.swiftSourcePaths {
        found += sourceFindings.value(at: index) ?? []
        index += 1
      }
      found += jsonFindings(of: module, owners: owners)
      found += generatedFindings(of: module, packages: outputPackages, owners: owners, shapes: shapes)
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
    let upperModules = workspace.modules.filter { isUpper($0.name) && !$0.path.isEmpty }
    files.prepare(upperModules.flatMap(\.swiftSourcePaths)) { files, path in _ = files.codeLines(of: path) }
    for module in upperModules {
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
        for line in files.codeLines(of: path)?.lines ?? [] {
          for name in destinations(in: line.code) { words.append(Word(name: name, kind: "destination", owner: path)) }
        }
      }
    }
    return words
  }

  /// `static let <name> = Destination(` or `static let <name>: Destination = Destination(` on a line.
  private func destinations(in code: String) -> [String] {
    // Most lines have no `static`: their identifiers are not worth splitting out.
    guard SwiftCodeLines.holds("static", in: code) else { return [] }
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

  /// The findings in the Swift file at `path` of `module`, shown as `shown`; `shapes` are the words' `shape`s.
  private func swiftFindings(
    in path: String, shownAs shown: String, module: ManifestTarget, owners: [String: Word], shapes: Set<Int>
  ) -> [Violation] {
    guard let codeLines = files.codeLines(of: path) else { return [] }
    let settings = settings
    var found: [Violation] = []
    for line in codeLines.lines {
      var named: Set<String> = []
      // Most lines have no identifier of a word's shape: their identifiers are not made strings.
      let mayNameAWord = SwiftCodeLines.hasIdentifier(in: line.code) { shapes.contains(Self.shape(of: $0)) }
      let identifiers = mayNameAWord ? SwiftCodeLines.identifiers(in: line.code) : []
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
      // An ASCII line without a literal (`""` in its code) makes no value from one.
      let mayMakeAValue = !SwiftCodeLines.isASCII(line.code) || SwiftCodeLines.holds("\"\"", in: line.code)
      for type in settings.vocabularyTypes where mayMakeAValue && madeFromLiteral(type, in: line.code) {
        found.append(
          violation(
            shown, line.number, module, target: type,
            problem: "makes a \(type) of its own from a literal; a lower layer offers the mechanism",
            fix: "let the module that owns the word declare it, and take the value as a parameter here"))
      }
    }
    return found
  }

  /// A word's length with its first and last bytes: an identifier of another shape is no word.
  private static func shape(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let first = bytes.first, let last = bytes.last else { return 0 }
    return bytes.count << 16 | Int(first) << 8 | Int(last)
  }

  private static func shape(_ word: String) -> Int {
    var word = word
    return word.withUTF8 { shape(of: $0) }
  }

  /// `StyleScreen("…")`, `Destination(domain: "…"`: a value of `type` made from a string literal.
  private func madeFromLiteral(_ type: String, in code: String) -> Bool {
    // ASCII code holds an ASCII `type(` only as those bytes: most lines are done without Foundation's search.
    if SwiftCodeLines.isASCII(code) && SwiftCodeLines.isASCII(type) && !SwiftCodeLines.holds(type + "(", in: code) {
      return false
    }
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
    data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
      let bytes = raw.bindMemory(to: UInt8.self)
      var result: [(line: Int, text: String)] = []
      var line = 1
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\n") { line += 1 }
        guard byte == UInt8(ascii: "\"") else {
          index += 1
          continue
        }
        var content: [UInt8] = []
        index += 1
        while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
          if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
            content.append(bytes[index])
            content.append(bytes[index + 1])
            index += 2
            continue
          }
          if bytes[index] == UInt8(ascii: "\n") { line += 1 }
          content.append(bytes[index])
          index += 1
        }
        result.append((line, String(decoding: content, as: UTF8.self)))
        index += 1
      }
      return result
    }
  }

  /// Where SwiftPM keeps what build-tool plugins generate, below the package root.
  private static let outputsFolder = ".build/plugins/outputs"

  /// The folders of `.build/plugins/outputs` (one per package), sorted; none when the package was not built.
  private func generatedOutputPackages() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: absolute(Self.outputsFolder))) ?? []).sorted()
  }

  /// The sources the package's build-tool plugins generated for the module, when the package was built:
  /// `.build/plugins/outputs/<package>/<module>/destination/<plugin>/…`, of the plugins the module uses
  /// now (an earlier build's outputs of a plugin it no longer uses are no part of its build).
  private func generatedFindings(
    of module: ManifestTarget, packages: [String], owners: [String: Word], shapes: Set<Int>
  ) -> [Violation] {
    let outputs = absolute(Self.outputsFolder)
    let plugins = Set(workspace.buildToolPlugins(of: module).map(\.plugin.name))
    var found: [Violation] = []
    for package in packages {
      let folder = "\(outputs)/\(package)/\(module.name)/destination"
      guard FileManager.default.fileExists(atPath: folder), let files = FileManager.default.enumerator(atPath: folder)
      else { continue }
      while let relative = files.nextObject() as? String {
        guard relative.hasSuffix(".swift"), let plugin = relative.split(separator: "/").first,
          plugins.contains(String(plugin))
        else { continue }
        let shown = ".build/plugins/outputs/\(package)/\(module.name)/destination/\(relative)"
        found += swiftFindings(
          in: "\(folder)/\(relative)", shownAs: shown, module: module, owners: owners, shapes: shapes)
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
        for line in files.codeLines(of: path)?.lines ?? []
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
