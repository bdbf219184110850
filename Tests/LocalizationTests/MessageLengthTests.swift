import Foundation
import Testing

/// No output line is longer than 300 bytes: a line that would be is shortened by cutting the values
/// it echoes (`LocalizedText.resolvedLine`), never its sentence. So every one-line message template
/// — an error, a refusal, a warning, a note, a rule, a prompt's complaint — leaves room for its values:
/// its own text, without its placeholders, is at most 200 bytes of UTF-8, in every language.
///
/// Not held to the budget, because the help renderer wraps them at its width:
/// - the help texts: keys of the `option.` and `help.` groups; keys whose last part is (or ends in)
///   `abstract`, `discussion` or `help`, or is `option` (`app.abstract`, `backup.discussion`,
///   `command.sync-discussion`, `open.link-help`, `mission-control.option`); the `command.` keys of
///   the Domain and App layers, which are the commands' summaries;
/// - texts of several lines (a screen's body, a discussion with a list).
@Suite struct MessageLengthTests {
  static let budget = 200

  @Test("every one-line message template, without its placeholders, is at most 200 bytes in every language")
  func everyOneLineTemplateLeavesRoomForItsValues() throws {
    let tables = Self.stringTables()
    // The walk works: it finds a table known to be there (an export of some layers may not hold it).
    let known = "Core/Persistence/Strings/ru.json"
    if FileManager.default.fileExists(atPath: Self.repositoryRoot.appendingPathComponent(known).path) {
      #expect(tables.contains { $0.path == known }, "found under \(Self.repositoryRoot.path): \(tables.map(\.path))")
    }
    var offenders: [String] = []
    for table in tables {
      for (key, text) in try Self.texts(of: table) where !Self.isHelpOrBody(key: key, text: text, in: table.path) {
        let bytes = Self.withoutPlaceholders(text).utf8.count
        if bytes > Self.budget { offenders.append("\(table.path) \(key): \(bytes) bytes") }
      }
    }
    if !offenders.isEmpty {
      Issue.record("one-line templates over \(Self.budget) bytes:\n\(offenders.sorted().joined(separator: "\n"))")
    }
  }

  @Test("the rules tell a help text or a body from a message")
  func theRulesTellHelpFromMessages() {
    let domain = "Domain/Cosmonaut/Strings/en.json"
    let service = "Service/SpacesuitServiceInterface/Strings/en.json"
    for key in [
      "option.houston-purpose", "help.item", "app.abstract", "backup.discussion", "open.link-help",
      "command.sync-discussion", "command.start-abstract", "mission-control.option", "device.help", "command.sync",
    ] {
      #expect(Self.isHelpOrBody(key: key, text: "x", in: domain), "\(key)")
    }
    for key in [
      "error.damaged-log", "refusal.occupied", "connection.unknown-option", "rule.wings-not-feathered",
      "mission-control.offline-note", "prompt.not-valid", "completion.shell-option",
    ] {
      #expect(!Self.isHelpOrBody(key: key, text: "x", in: domain), "\(key)")
    }
    #expect(!Self.isHelpOrBody(key: "command.needs-number", text: "x", in: service), "a service's command message")
    #expect(Self.isHelpOrBody(key: "error.any", text: "first line\nsecond line", in: service), "a body")
    #expect(Self.withoutPlaceholders("{count} left of {item}: ${variable}") == " left of : $")
  }

  /// A help text or a multi-line body, which the help renderer wraps: see the suite's rules.
  static func isHelpOrBody(key: String, text: String, in path: String) -> Bool {
    if text.contains("\n") { return true }
    let group = key.prefix { $0 != "." }
    if group == "option" || group == "help" { return true }
    if group == "command" && (path.hasPrefix("Domain/") || path.hasPrefix("App/")) { return true }
    let last = key.split(separator: ".").last.map(String.init) ?? key
    if last == "option" { return true }
    return ["abstract", "discussion", "help"].contains { last == $0 || last.hasSuffix("-" + $0) }
  }

  /// `text` without its `{placeholder}`s.
  static func withoutPlaceholders(_ text: String) -> String {
    text.replacingOccurrences(of: #"\{[A-Za-z0-9_.-]+\}"#, with: "", options: .regularExpression)
  }

  /// The folder holding the package's `Package.swift`, above this file.
  static let repositoryRoot: URL = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/"
      && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
    {
      folder.deleteLastPathComponent()
    }
    return folder
  }()

  /// Every `Strings/en.json` and `Strings/ru.json` of the repository (hidden folders such as `.build`
  /// skipped), by its path from the root.
  static func stringTables() -> [(path: String, url: URL)] {
    let root = repositoryRoot.standardizedFileURL.path
    guard
      let walk = FileManager.default.enumerator(
        at: repositoryRoot, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
    else { return [] }
    var tables: [(path: String, url: URL)] = []
    for case let url as URL in walk
    where ["en.json", "ru.json"].contains(url.lastPathComponent)
      && url.deletingLastPathComponent().lastPathComponent == "Strings"
    {
      let path = url.standardizedFileURL.path
      tables.append((String(path.dropFirst(root.count).drop { $0 == "/" }), url))
    }
    return tables.sorted { $0.path < $1.path }
  }

  /// The key → text pairs of one string table.
  static func texts(of table: (path: String, url: URL)) throws -> [(key: String, text: String)] {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: table.url))
    let texts = try #require(object as? [String: String], "\(table.path) is no object of strings")
    return texts.map { (key: $0.key, text: $0.value) }.sorted { $0.key < $1.key }
  }
}
