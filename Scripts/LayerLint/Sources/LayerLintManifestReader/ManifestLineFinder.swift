/// Finds the line of a module's entry in Package.swift, so manifest findings point at it.
package struct ManifestLineFinder {
  private var declarationLine: [String: Int] = [:]
  private var firstLiteralLine: [String: Int] = [:]
  private var anyLiteralLine: [String: Int] = [:]

  /// Indexes every string literal of `text` by the line it is on.
  package init(text: String) {
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.hasPrefix("//") { continue }
      // `.target(name: "X", …)`, not a product (`.library(name: "X", targets: …)`) or a product dependency.
      let isProduct = ["targets:", ".library(", ".executable(", ".product("].contains { line.contains($0) }
      if !isProduct, let range = line.range(of: "name: \""), let end = line[range.upperBound...].firstIndex(of: "\"") {
        let name = String(line[range.upperBound..<end])
        if declarationLine[name] == nil { declarationLine[name] = offset + 1 }
      }
      let pieces = line.split(separator: "\"", omittingEmptySubsequences: false)
      var isFirst = true
      for index in stride(from: 1, to: pieces.count - 1, by: 2) {
        let literal = String(pieces[index])
        if isFirst, firstLiteralLine[literal] == nil { firstLiteralLine[literal] = offset + 1 }
        if anyLiteralLine[literal] == nil { anyLiteralLine[literal] = offset + 1 }
        isFirst = false
      }
    }
  }

  /// The first line that declares a target `name` (`.target(name: "Name", …)`), else the first line
  /// whose first string literal is `name` (`.library("Name", …)`), else the first line that mentions
  /// `"name"`, else 1.
  package func line(of name: String) -> Int {
    declarationLine[name] ?? firstLiteralLine[name] ?? anyLiteralLine[name] ?? 1
  }

  /// Whether any string literal of the manifest is exactly `name`.
  package func mentions(_ name: String) -> Bool { anyLiteralLine[name] != nil }
}
