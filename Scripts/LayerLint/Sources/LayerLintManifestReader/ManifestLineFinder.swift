/// Finds the line of a module's entry in Package.swift, so manifest findings point at it.
package struct ManifestLineFinder: Sendable {
  private var declarationLine: [String: Int] = [:]
  private var firstLiteralLine: [String: Int] = [:]
  private var anyLiteralLine: [String: Int] = [:]

  /// What marks a line as a product's (`.library(name: "X", targets: …)`) or a product dependency's.
  private static let productMarkers: [StaticString] = ["targets:", ".library(", ".executable(", ".product("]

  /// Indexes every string literal of `text` by the line it is on.
  package init(text: String) {
    var text = text
    text.withUTF8 { bytes in
      // Lines end at each `\n` that is a character of its own (a `\r\n` is one character, and ends none).
      var start = 0
      var number = 1
      for index in 0...bytes.count {
        guard
          index == bytes.count
            || (bytes[index] == UInt8(ascii: "\n") && (index == 0 || bytes[index - 1] != UInt8(ascii: "\r")))
        else { continue }
        let line = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if line.allSatisfy({ $0 < 0x80 }) {
          readASCII(line, number: number)
        } else {
          read(Substring(String(decoding: line, as: UTF8.self)), number: number)
        }
        start = index + 1
        number += 1
      }
    }
  }

  /// Indexes one line, read as characters.
  private mutating func read(_ line: Substring, number: Int) {
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    if trimmed.hasPrefix("//") { return }
    // `.target(name: "X", …)`, not a product (`.library(name: "X", targets: …)`) or a product dependency.
    let isProduct = Self.productMarkers.contains { line.contains($0.description) }
    if !isProduct, let range = line.range(of: "name: \""), let end = line[range.upperBound...].firstIndex(of: "\"") {
      let name = String(line[range.upperBound..<end])
      if declarationLine[name] == nil { declarationLine[name] = number }
    }
    let pieces = line.split(separator: "\"", omittingEmptySubsequences: false)
    var isFirst = true
    for index in stride(from: 1, to: pieces.count - 1, by: 2) {
      let literal = String(pieces[index])
      if isFirst, firstLiteralLine[literal] == nil { firstLiteralLine[literal] = number }
      if anyLiteralLine[literal] == nil { anyLiteralLine[literal] = number }
      isFirst = false
    }
  }

  /// Indexes one ASCII line as `read(_:number:)` does, byte by byte.
  private mutating func readASCII(_ line: UnsafeBufferPointer<UInt8>, number: Int) {
    let indent = line.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
    if Self.find("//", in: line, from: indent) == indent { return }
    let isProduct = Self.productMarkers.contains { Self.find($0, in: line) != nil }
    if !isProduct, let name = Self.find("name: \"", in: line),
      let end = line[(name + 7)...].firstIndex(of: UInt8(ascii: "\""))
    {
      let name = String(decoding: UnsafeBufferPointer(rebasing: line[(name + 7)..<end]), as: UTF8.self)
      if declarationLine[name] == nil { declarationLine[name] = number }
    }
    // The literals: what lies between the first and second quote, the third and fourth, …
    var isFirst = true
    var open: Int?
    for (position, byte) in line.enumerated() where byte == UInt8(ascii: "\"") {
      guard let start = open else {
        open = position
        continue
      }
      open = nil
      let literal = String(decoding: UnsafeBufferPointer(rebasing: line[(start + 1)..<position]), as: UTF8.self)
      if isFirst, firstLiteralLine[literal] == nil { firstLiteralLine[literal] = number }
      if anyLiteralLine[literal] == nil { anyLiteralLine[literal] = number }
      isFirst = false
    }
  }

  /// The offset of the first `needle` (ASCII) in `line` at or after `from`.
  private static func find(_ needle: StaticString, in line: UnsafeBufferPointer<UInt8>, from: Int = 0) -> Int? {
    let count = needle.utf8CodeUnitCount
    guard line.count >= count, from <= line.count - count else { return nil }
    let first = needle.utf8Start
    for start in from...(line.count - count) where line[start] == first[0] {
      if (1..<count).allSatisfy({ line[start + $0] == first[$0] }) { return start }
    }
    return nil
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
