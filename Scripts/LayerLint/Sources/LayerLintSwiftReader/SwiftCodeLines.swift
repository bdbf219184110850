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
      code.removeAll(keepingCapacity: true)
      strings = []
      number += 1
    }
    func starts(_ text: StaticString, at position: Int) -> Bool {
      let count = text.utf8CodeUnitCount
      guard position + count <= bytes.count else { return false }
      let start = text.utf8Start
      for offset in 0..<count where bytes[position + offset] != start[offset] { return false }
      return true
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
      if byte == UInt8(ascii: "/") && starts("//", at: index) {
        while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
        continue
      }
      if byte == UInt8(ascii: "/") && starts("/*", at: index) {
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
            content.append(bytes[index])
            content.append(bytes[index + 1])
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
        code.append(UInt8(ascii: "\""))
        code.append(UInt8(ascii: "\""))
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
    var code = code
    return code.withUTF8 { bytes in
      var result: [(name: String, afterDot: Bool)] = []
      // Where the identifier being read starts; `nil` between identifiers.
      var start: Int?
      var lastSignificant: UInt8 = 0
      var dotBefore = false
      func end(at index: Int) {
        guard let first = start else { return }
        result.append((String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<index]), as: UTF8.self), dotBefore))
        start = nil
      }
      for (index, byte) in bytes.enumerated() {
        if continuesIdentifier(byte, started: start != nil) {
          if start == nil {
            start = index
            dotBefore = lastSignificant == UInt8(ascii: ".")
          }
          lastSignificant = byte
        } else {
          end(at: index)
          if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") { lastSignificant = byte }
        }
      }
      end(at: bytes.count)
      return result
    }
  }

  /// Whether `byte` belongs to an identifier: a letter, `_` or any byte of a non-ASCII character
  /// starts or continues one, a digit only continues one (`started`).
  private static func continuesIdentifier(_ byte: UInt8, started: Bool) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || byte == UInt8(ascii: "_") || byte >= 0x80
      || (started && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }

  /// Whether an identifier of `code` (as `identifiers(in:)` splits them out) passes `test`, given its UTF-8;
  /// no identifier is made a `String`.
  package static func hasIdentifier(in code: String, where test: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
    var code = code
    return code.withUTF8 { bytes in
      var start: Int?
      for (index, byte) in bytes.enumerated() {
        if continuesIdentifier(byte, started: start != nil) {
          if start == nil { start = index }
        } else if let first = start {
          if test(UnsafeBufferPointer(rebasing: bytes[first..<index])) { return true }
          start = nil
        }
      }
      guard let first = start else { return false }
      return test(UnsafeBufferPointer(rebasing: bytes[first...]))
    }
  }

  /// Whether `code` is ASCII alone.
  package static func isASCII(_ code: String) -> Bool {
    var code = code
    return code.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } }
  }

  /// Whether the UTF-8 of `code` holds the bytes of `part` (not empty): a quick test before `identifiers(in:)`,
  /// since an identifier of a line is in its bytes.
  package static func holds(_ part: String, in code: String) -> Bool {
    var part = part
    var code = code
    return part.withUTF8 { part in
      code.withUTF8 { bytes in
        guard let first = part.first, part.count <= bytes.count else { return false }
        for start in 0...(bytes.count - part.count) where bytes[start] == first {
          if UnsafeBufferPointer(rebasing: bytes[start..<start + part.count]).elementsEqual(part) { return true }
        }
        return false
      }
    }
  }

  /// The keywords that declare a type.
  private static let typeKeywords = ["struct", "class", "enum", "actor", "protocol", "typealias"]

  /// The types declared on a line: `struct`, `class`, `enum`, `actor`, `protocol` or `typealias` followed
  /// by a name (`class func` and `.class` are none).
  package static func declaredTypes(in code: String) -> [String] {
    guard typeKeywords.contains(where: { holds($0, in: code) }) else { return [] }
    let words = identifiers(in: code)
    var names: [String] = []
    for (index, word) in words.enumerated().dropLast() where !word.afterDot {
      guard typeKeywords.contains(word.name) else { continue }
      let next = words[index + 1]
      guard !next.afterDot, !["func", "var", "let", "init", "subscript", "case", "static", "final"].contains(next.name)
      else { continue }
      names.append(next.name)
    }
    return names
  }
}
