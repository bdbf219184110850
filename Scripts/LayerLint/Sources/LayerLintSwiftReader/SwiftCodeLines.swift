/// A Swift file read line by line as code and strings: each line's code with comments left out and every
/// string literal as `""`, and the contents of the string literals that start on it. A simpler reading than
/// the lexer's (an interpolation is part of its string), for rules that look for names in code.
package struct SwiftCodeLines: Sendable {
  /// One line of the file.
  package struct Line: Sendable, Equatable {
    /// The 1-based line number.
    package let number: Int
    /// The line's code, comments left out, each string literal as `""`.
    package let code: String
    /// The contents of the string literals that start on this line (escapes as written).
    package let strings: [String]
  }

  package let lines: [Line]

  /// Reads `text`.
  package init(_ text: String) {
    var lines: [Line] = []
    var code: [UInt8] = []
    var strings: [String] = []
    var number = 1
    var bytes = Array(text.utf8)
    bytes.append(UInt8(ascii: "\n"))
    var index = 0
    var commentDepth = 0
    func flush() {
      lines.append(Line(number: number, code: String(decoding: code, as: UTF8.self), strings: strings))
      code = []
      strings = []
      number += 1
    }
    func starts(_ text: StaticString, at position: Int) -> Bool {
      let count = text.utf8CodeUnitCount
      guard position + count <= bytes.count else { return false }
      return text.withUTF8Buffer { text in (0..<count).allSatisfy { bytes[position + $0] == text[$0] } }
    }
    while index < bytes.count {
      let byte = bytes[index]
      if commentDepth > 0 {
        if starts("/*", at: index) {
          commentDepth += 1
          index += 2
        } else if starts("*/", at: index) {
          commentDepth -= 1
          index += 2
        } else {
          if byte == UInt8(ascii: "\n") { flush() }
          index += 1
        }
        continue
      }
      if starts("//", at: index) {
        while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
        continue
      }
      if starts("/*", at: index) {
        commentDepth = 1
        index += 2
        continue
      }
      if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "#") && Self.opensRawString(bytes, at: index)) {
        var hashes = 0
        while bytes[index] == UInt8(ascii: "#") {
          hashes += 1
          index += 1
        }
        let multiline = starts("\"\"\"", at: index)
        index += multiline ? 3 : 1
        var content: [UInt8] = []
        while index < bytes.count {
          if bytes[index] == UInt8(ascii: "\\") && hashes == 0 && index + 1 < bytes.count {
            content += bytes[index...index + 1]
            index += 2
            continue
          }
          if Self.closes(bytes, at: index, multiline: multiline, hashes: hashes) {
            index += (multiline ? 3 : 1) + hashes
            break
          }
          if bytes[index] == UInt8(ascii: "\n") {
            if !multiline { break }
            flush()
          }
          content.append(bytes[index])
          index += 1
        }
        code += [UInt8(ascii: "\""), UInt8(ascii: "\"")]
        strings.append(String(decoding: content, as: UTF8.self))
        continue
      }
      if byte == UInt8(ascii: "\n") {
        flush()
      } else {
        code.append(byte)
      }
      index += 1
    }
    self.lines = lines
  }

  private static func opensRawString(_ bytes: [UInt8], at index: Int) -> Bool {
    var position = index
    while position < bytes.count && bytes[position] == UInt8(ascii: "#") { position += 1 }
    return position < bytes.count && bytes[position] == UInt8(ascii: "\"")
  }

  private static func closes(_ bytes: [UInt8], at index: Int, multiline: Bool, hashes: Int) -> Bool {
    let quotes = multiline ? 3 : 1
    guard index + quotes + hashes <= bytes.count else { return false }
    for offset in 0..<quotes where bytes[index + offset] != UInt8(ascii: "\"") { return false }
    for offset in 0..<hashes where bytes[index + quotes + offset] != UInt8(ascii: "#") { return false }
    return true
  }

  /// The identifiers of a line's code, with whether a `.` comes right before each (`.name`).
  package static func identifiers(in code: String) -> [(name: String, afterDot: Bool)] {
    var result: [(name: String, afterDot: Bool)] = []
    var current: [UInt8] = []
    var lastSignificant: UInt8 = 0
    var dotBefore = false
    func end() {
      guard !current.isEmpty else { return }
      result.append((String(decoding: current, as: UTF8.self), dotBefore))
      current = []
    }
    for byte in code.utf8 {
      let isHead =
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || byte == UInt8(ascii: "_") || byte >= 0x80
      let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
      if isHead || (isDigit && !current.isEmpty) {
        if current.isEmpty { dotBefore = lastSignificant == UInt8(ascii: ".") }
        current.append(byte)
        lastSignificant = byte
      } else {
        end()
        if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") { lastSignificant = byte }
      }
    }
    end()
    return result
  }

  /// The types declared on a line: `struct`, `class`, `enum`, `actor`, `protocol` or `typealias` followed
  /// by a name (`class func` and `.class` are none).
  package static func declaredTypes(in code: String) -> [String] {
    let words = identifiers(in: code)
    var names: [String] = []
    for (index, word) in words.enumerated().dropLast() where !word.afterDot {
      guard ["struct", "class", "enum", "actor", "protocol", "typealias"].contains(word.name) else { continue }
      let next = words[index + 1]
      guard !next.afterDot, !["func", "var", "let", "init", "subscript", "case", "static", "final"].contains(next.name)
      else { continue }
      names.append(next.name)
    }
    return names
  }
}
