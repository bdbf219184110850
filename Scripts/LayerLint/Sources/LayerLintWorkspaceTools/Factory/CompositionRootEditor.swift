/// Adds a domain to an app's composition root (`App/<App>/<App>.swift`): its `import`, in order, and
/// one entry at the end of the `domains: [ … ]` list the app hands Scaffold's `AppLauncher` — the
/// main menu's order, so the new domain comes last.
enum CompositionRootEditor {
  /// `source` importing `module` and listing `entry` (e.g. `.domain { _ in GreenhouseDomain() },`) last
  /// in its `domains:` list; `nil` when the source has no `domains: [` list.
  static func hosting(_ module: String, entry: String, in source: String) -> String? {
    var lines = source.components(separatedBy: "\n")
    guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasSuffix("domains: [") }),
      let end = closingLine(of: start, in: lines)
    else { return nil }
    let items = lines[(start + 1)..<end].filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    let indentation =
      items.first.map { String($0.prefix { $0 == " " }) }
      ?? String(repeating: " ", count: lines[start].prefix { $0 == " " }.count + 2)
    if let last = (start + 1..<end).last(where: { !lines[$0].trimmingCharacters(in: .whitespaces).isEmpty }),
      !lines[last].trimmingCharacters(in: .whitespaces).hasSuffix(",")
    {
      lines[last] += ","
    }
    lines.insert(indentation + entry, at: end)
    return importing(module, into: lines).joined(separator: "\n")
  }

  /// The line of the `]` that closes the list opened on line `start` (brackets outside strings counted).
  private static func closingLine(of start: Int, in lines: [String]) -> Int? {
    var depth = 0
    for index in start..<lines.count {
      var inString = false
      var previous: Character = " "
      for character in lines[index] {
        if character == "\"" && previous != "\\" { inString.toggle() }
        if !inString {
          if character == "[" { depth += 1 }
          if character == "]" {
            depth -= 1
            if depth == 0 { return index }
          }
        }
        previous = character
      }
    }
    return nil
  }

  /// `lines` with `import module` among the file's first block of imports, in alphabetical order.
  private static func importing(_ module: String, into lines: [String]) -> [String] {
    var lines = lines
    let imports = lines.indices.filter { lines[$0].hasPrefix("import ") }
    if imports.contains(where: { lines[$0] == "import \(module)" }) { return lines }
    guard let first = imports.first else {
      lines.insert(contentsOf: ["import \(module)", ""], at: 0)
      return lines
    }
    let block = imports.prefix { $0 - first == imports.firstIndex(of: $0)! }
    let position = block.first { String(lines[$0].dropFirst("import ".count)) > module } ?? (block.last! + 1)
    lines.insert("import \(module)", at: position)
    return lines
  }
}
