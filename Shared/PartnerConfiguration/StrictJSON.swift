/// A strict check of JSON text as RFC 8259 writes it, before anything is decoded: what a lenient
/// parser lets through — a comma before `}` or `]`, a key given twice (where a decoder silently keeps
/// one of them), a comment, `NaN`, a leading zero — is refused with the line and column where it
/// stands, so a partner file means exactly one thing.
///
/// It checks syntax only (no values are built): the decoding that follows reads the values.
enum StrictJSON {
  /// Where and how `data` breaks strict JSON, nil when it does not.
  static func violation(in data: some Collection<UInt8>) -> StrictJSONViolation? {
    var reader = Reader(bytes: Array(data))
    do throws(StrictJSONViolation) {
      reader.skipByteOrderMark()
      reader.skipWhitespace()
      try reader.value(depth: 0)
      reader.skipWhitespace()
      guard reader.atEnd else { throw reader.failure(.unexpected(reader.peekText)) }
      return nil
    } catch {
      return error
    }
  }

  /// Reads JSON text byte by byte, keeping the line and column (in characters) of where it is.
  private struct Reader {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var column = 1

    /// The deepest nesting read; deeper is refused rather than risk the stack.
    static let maximumDepth = 256

    var atEnd: Bool { index >= bytes.count }

    /// The next character as a person sees it (`end of file` at the end), for an error line.
    var peekText: String {
      guard !atEnd else { return "" }
      var end = index + 1
      while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
      return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    func failure(_ kind: StrictJSONViolation.Kind, line: Int? = nil, column: Int? = nil) -> StrictJSONViolation {
      StrictJSONViolation(line: line ?? self.line, column: column ?? self.column, kind: kind)
    }

    mutating func advance() {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }

    mutating func skipByteOrderMark() {
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func skipWhitespace() {
      while !atEnd, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { advance() }
    }

    mutating func expect(_ character: UInt8) throws(StrictJSONViolation) {
      guard !atEnd, bytes[index] == character else {
        throw failure(atEnd ? .endOfFile : .unexpected(peekText))
      }
      advance()
    }

    mutating func value(depth: Int) throws(StrictJSONViolation) {
      guard depth < Self.maximumDepth else { throw failure(.tooDeep(Self.maximumDepth)) }
      guard !atEnd else { throw failure(.endOfFile) }
      switch bytes[index] {
      case UInt8(ascii: "{"): try object(depth: depth)
      case UInt8(ascii: "["): try array(depth: depth)
      case UInt8(ascii: "\""): _ = try string()
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
      case UInt8(ascii: "t"): try literal("true")
      case UInt8(ascii: "f"): try literal("false")
      case UInt8(ascii: "n"): try literal("null")
      default: throw failure(.unexpected(peekText))
      }
    }

    mutating func object(depth: Int) throws(StrictJSONViolation) {
      try expect(UInt8(ascii: "{"))
      skipWhitespace()
      if !atEnd, bytes[index] == UInt8(ascii: "}") {
        advance()
        return
      }
      var keys: [String: Int] = [:]
      while true {
        skipWhitespace()
        let (keyLine, keyColumn) = (line, column)
        guard !atEnd, bytes[index] == UInt8(ascii: "\"") else {
          throw failure(atEnd ? .endOfFile : .expectedKey(peekText))
        }
        let key = try string()
        if let first = keys[key] {
          throw failure(.duplicateKey(key, firstLine: first), line: keyLine, column: keyColumn)
        }
        keys[key] = keyLine
        skipWhitespace()
        try expect(UInt8(ascii: ":"))
        skipWhitespace()
        try value(depth: depth + 1)
        skipWhitespace()
        guard !atEnd else { throw failure(.endOfFile) }
        if bytes[index] == UInt8(ascii: "}") {
          advance()
          return
        }
        let (commaLine, commaColumn) = (line, column)
        try expect(UInt8(ascii: ","))
        skipWhitespace()
        if !atEnd, bytes[index] == UInt8(ascii: "}") {
          throw failure(.trailingComma, line: commaLine, column: commaColumn)
        }
      }
    }

    mutating func array(depth: Int) throws(StrictJSONViolation) {
      try expect(UInt8(ascii: "["))
      skipWhitespace()
      if !atEnd, bytes[index] == UInt8(ascii: "]") {
        advance()
        return
      }
      while true {
        skipWhitespace()
        try value(depth: depth + 1)
        skipWhitespace()
        guard !atEnd else { throw failure(.endOfFile) }
        if bytes[index] == UInt8(ascii: "]") {
          advance()
          return
        }
        let (commaLine, commaColumn) = (line, column)
        try expect(UInt8(ascii: ","))
        skipWhitespace()
        if !atEnd, bytes[index] == UInt8(ascii: "]") {
          throw failure(.trailingComma, line: commaLine, column: commaColumn)
        }
      }
    }

    /// A string, decoded (so that `"a"` and `"\u0061"` are the same key).
    mutating func string() throws(StrictJSONViolation) -> String {
      try expect(UInt8(ascii: "\""))
      var scalars = String.UnicodeScalarView()
      var start = index
      func flush(_ reader: Reader) {
        scalars.append(contentsOf: String(decoding: reader.bytes[start..<reader.index], as: UTF8.self).unicodeScalars)
      }
      while true {
        guard !atEnd else { throw failure(.endOfFile) }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""):
          flush(self)
          advance()
          return String(scalars)
        case UInt8(ascii: "\\"):
          flush(self)
          advance()
          scalars.append(try escape())
          start = index
        case 0x00..<0x20:
          throw failure(.controlInString)
        default:
          advance()
        }
      }
    }

    /// The character an escape after `\` stands for.
    mutating func escape() throws(StrictJSONViolation) -> Unicode.Scalar {
      guard !atEnd else { throw failure(.endOfFile) }
      let byte = bytes[index]
      advance()
      switch byte {
      case UInt8(ascii: "\""): return "\""
      case UInt8(ascii: "\\"): return "\\"
      case UInt8(ascii: "/"): return "/"
      case UInt8(ascii: "b"): return "\u{8}"
      case UInt8(ascii: "f"): return "\u{C}"
      case UInt8(ascii: "n"): return "\n"
      case UInt8(ascii: "r"): return "\r"
      case UInt8(ascii: "t"): return "\t"
      case UInt8(ascii: "u"):
        let unit = try hexUnit()
        guard (0xD800...0xDBFF).contains(unit) else {
          // A lone low surrogate stands for nothing; keep the check going with the replacement character.
          return Unicode.Scalar(unit) ?? "\u{FFFD}"
        }
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        else { return "\u{FFFD}" }
        advance()
        advance()
        let low = try hexUnit()
        guard (0xDC00...0xDFFF).contains(low) else { return "\u{FFFD}" }
        return Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)) ?? "\u{FFFD}"
      default:
        throw failure(.badEscape(String(decoding: [byte], as: UTF8.self)), column: column - 2)
      }
    }

    mutating func hexUnit() throws(StrictJSONViolation) -> UInt16 {
      var unit: UInt16 = 0
      for _ in 0..<4 {
        guard !atEnd, let digit = Self.hexValue(bytes[index]) else { throw failure(.badUnicodeEscape) }
        unit = unit << 4 | UInt16(digit)
        advance()
      }
      return unit
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
      default: nil
      }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    mutating func number() throws(StrictJSONViolation) {
      let (startLine, startColumn) = (line, column)
      if bytes[index] == UInt8(ascii: "-") { advance() }
      guard !atEnd, isDigit(bytes[index]) else { throw failure(.badNumber, line: startLine, column: startColumn) }
      if bytes[index] == UInt8(ascii: "0") {
        advance()
        if !atEnd, isDigit(bytes[index]) { throw failure(.badNumber, line: startLine, column: startColumn) }
      } else {
        while !atEnd, isDigit(bytes[index]) { advance() }
      }
      if !atEnd, bytes[index] == UInt8(ascii: ".") {
        advance()
        guard !atEnd, isDigit(bytes[index]) else { throw failure(.badNumber, line: startLine, column: startColumn) }
        while !atEnd, isDigit(bytes[index]) { advance() }
      }
      if !atEnd, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
        advance()
        if !atEnd, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { advance() }
        guard !atEnd, isDigit(bytes[index]) else { throw failure(.badNumber, line: startLine, column: startColumn) }
        while !atEnd, isDigit(bytes[index]) { advance() }
      }
    }

    func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    mutating func literal(_ word: String) throws(StrictJSONViolation) {
      for expected in word.utf8 {
        guard !atEnd, bytes[index] == expected else { throw failure(atEnd ? .endOfFile : .unexpected(peekText)) }
        advance()
      }
    }
  }
}

/// Where a text breaks strict JSON, and how, in no language (an app words it in the reader's).
public struct StrictJSONViolation: Error, Sendable, Equatable {
  /// How it breaks it.
  public enum Kind: Sendable, Equatable {
    /// A comma before `}` or `]`: it separates nothing.
    case trailingComma
    /// A key given twice in one object; `firstLine` is where it was given first.
    case duplicateKey(String, firstLine: Int)
    /// The text ends inside a value.
    case endOfFile
    /// A character that cannot stand here (shown as found).
    case unexpected(String)
    /// Something other than a key (a string) where a key must be.
    case expectedKey(String)
    /// A number not as JSON writes one (a leading zero, a lone `-`, `.5`, `1.`).
    case badNumber
    /// A control character (a raw line break, a tab) inside a string.
    case controlInString
    /// An escape JSON does not have, e.g. `\x`.
    case badEscape(String)
    /// A `\u` escape without four hex digits.
    case badUnicodeEscape
    /// Nested deeper than this.
    case tooDeep(Int)
  }

  /// The line, from 1.
  public let line: Int
  /// The column, in characters, from 1.
  public let column: Int
  /// What is wrong there.
  public let kind: Kind

  /// The English words: "line 3, column 18: a comma before the end of an object or list; remove it".
  public var text: String {
    let what: String =
      switch kind {
      case .trailingComma: "a comma with nothing after it before the end of an object or list; remove it"
      case .duplicateKey(let key, let first):
        "\"\(key)\" is given twice in one object (first on line \(first)); keep one of them"
      case .endOfFile: "the file ends inside a value"
      case .unexpected(let found): found.isEmpty ? "the file ends too soon" : "unexpected \"\(found)\""
      case .expectedKey(let found): "expected a key in double quotes, found \"\(found)\""
      case .badNumber: "not a number as JSON writes it (no leading zero, digits on both sides of a point)"
      case .controlInString: "a control character (a line break, a tab) inside a string; write it as \\n or \\t"
      case .badEscape(let escape): "\\\(escape) is no JSON escape"
      case .badUnicodeEscape: "\\u needs four hex digits"
      case .tooDeep(let depth): "nested more than \(depth) deep"
      }
    return "line \(line), column \(column): \(what)"
  }
}
