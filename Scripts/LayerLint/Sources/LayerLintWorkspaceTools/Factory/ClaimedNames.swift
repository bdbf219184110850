import Foundation

/// What the workspace's sources already claim that a new domain would claim too — read from the
/// sources, since nothing is built yet: the first words of the domains' commands (`Command("suit
/// status", …)`, `CommandGroup("suit", aliases: ["spacesuit"], …)`), their main-menu keys
/// (`MenuEntry(…, key: "h", …)`), and the vocabulary words partners and the lower layers see (screens
/// and toggles of every `PartnerVocabulary.json`, `static let x = Destination(…)` constants, members
/// `.x` in Core and Shared, which `Scripts/check-vocabulary` would report).
struct ClaimedNames {
  /// The words every app reads before any domain's: `open <link>` and `help <command>`.
  static let appWords: Set<String> = ["open", "help"]
  /// Keys of the main menu that Scaffold adds: the stage (`m`) and Quit (`q`).
  static let scaffoldKeys: Set<String> = ["m", "q"]

  /// The first word of every command and command group, and their one-word aliases → the module declaring it.
  private(set) var commandWords: [String: String] = [:]
  /// Main-menu keys → the modules declaring an entry with it.
  private(set) var menuKeys: [String: Set<String>] = [:]
  /// Screens, toggles and destinations of the upper layers → the file declaring them.
  private(set) var vocabulary: [String: String] = [:]

  private let root: URL
  private let lowerFolders: [String]

  /// Reads `domainFolders` (e.g. `Domain/Spacesuit`) for commands and menu keys, `upperFolders` (App,
  /// Domain, Service) for vocabulary; `lowerFolders` (Core, Shared) are searched on demand.
  init(root: URL, domainFolders: [String], upperFolders: [String], lowerFolders: [String]) {
    self.root = root
    self.lowerFolders = lowerFolders
    for folder in domainFolders {
      let module = (folder as NSString).lastPathComponent
      for text in Self.swiftSources(under: root.appendingPathComponent(folder)).map(\.text) {
        for word in Self.commandWords(in: text) where commandWords[word] == nil { commandWords[word] = module }
        for key in Self.menuKeys(in: text) { menuKeys[key, default: []].insert(module) }
      }
    }
    for folder in upperFolders {
      let base = root.appendingPathComponent(folder)
      let modules = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
      for module in modules.sorted() {
        let file = "\(folder)/\(module)/PartnerVocabulary.json"
        for word in Self.vocabularyWords(inDeclaration: root.appendingPathComponent(file)) where vocabulary[word] == nil
        {
          vocabulary[word] = file
        }
      }
      for source in Self.swiftSources(under: base) {
        for word in Self.destinations(in: source.text) where vocabulary[word] == nil {
          vocabulary[word] = "\(folder)/\(source.path)"
        }
      }
    }
  }

  /// The file of Core or Shared that names `.word` or `case word`, if any.
  func lowerLayerFile(naming word: String) -> String? {
    let pattern = try! NSRegularExpression(
      pattern: "(?<![A-Za-z0-9_])\\.\(word)(?![A-Za-z0-9_])|\\bcase\\s+\(word)\\b")
    for folder in lowerFolders {
      for source in Self.swiftSources(under: root.appendingPathComponent(folder)) {
        let text = source.text
        if pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil {
          return "\(folder)/\(source.path)"
        }
      }
    }
    return nil
  }

  // MARK: Reading sources

  private static let commandStart = try! NSRegularExpression(
    pattern: #"\b(Command|CommandGroup)(<[^>()]*>)?\(\s*(?://[^\n]*\n\s*)*"((?:[^"\\]|\\.)*)""#)
  private static let aliases = try! NSRegularExpression(pattern: #"^\s*,\s*aliases:\s*\[([^\]]*)\]"#)
  private static let menuKey = try! NSRegularExpression(pattern: #"MenuEntry\([^\n]*?\bkey:\s*"([^"]+)""#)
  private static let destination = try! NSRegularExpression(
    pattern: #"static\s+let\s+([A-Za-z_][A-Za-z0-9_]*)\s*(?::\s*Destination\s*)?=\s*Destination\s*\("#)

  /// The top-level words of the commands and groups declared in `text`.
  static func commandWords(in text: String) -> [String] {
    var words: [String] = []
    let whole = NSRange(text.startIndex..., in: text)
    for match in commandStart.matches(in: text, range: whole) {
      guard let pathRange = Range(match.range(at: 3), in: text) else { continue }
      let path = text[pathRange].split(separator: " ", omittingEmptySubsequences: true)
      guard let first = path.first else { continue }
      words.append(String(first.prefix { $0 != "\\" }))
      // Aliases name the path's last word: top-level ones only for a one-word path.
      guard path.count == 1, let end = Range(match.range, in: text)?.upperBound else { continue }
      let rest = String(text[end...].prefix(400))
      if let list = aliases.firstMatch(in: rest, range: NSRange(rest.startIndex..., in: rest)),
        let range = Range(list.range(at: 1), in: rest)
      {
        words += rest[range].split(separator: ",").map {
          $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
      }
    }
    return words.filter { !$0.isEmpty }
  }

  /// The keys of the main-menu entries declared in `text`.
  static func menuKeys(in text: String) -> [String] {
    menuKey.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
      Range($0.range(at: 1), in: text).map { String(text[$0]).lowercased() }
    }
  }

  /// The names of the `Destination` constants declared in `text`.
  static func destinations(in text: String) -> [String] {
    destination.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
      Range($0.range(at: 1), in: text).map { String(text[$0]) }
    }
  }

  /// The toggles' and screens' names of a `PartnerVocabulary.json` (none when it is missing or unreadable).
  static func vocabularyWords(inDeclaration url: URL) -> [String] {
    guard let data = FileManager.default.contents(atPath: url.path),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return [] }
    return ["toggles", "screens"].flatMap { kind in
      (object[kind] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }
  }

  /// Every `.swift` file under `folder`, with its path relative to it and its text.
  static func swiftSources(under folder: URL) -> [(path: String, text: String)] {
    guard let paths = FileManager.default.subpaths(atPath: folder.path) else { return [] }
    return paths.sorted().filter { $0.hasSuffix(".swift") }.compactMap { path in
      (try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)).map { (path, $0) }
    }
  }
}
