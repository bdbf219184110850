/// JSON text read strictly, as RFC 8259 writes it, in one pass: the values it holds, or the first
/// thing wrong with it. What a lenient parser lets through — a comma before `}` or `]`, a key given
/// twice (where a decoder silently keeps one of them), a comment, `NaN`, a leading zero — is refused
/// with the line and column where it stands, so a partner file means exactly one thing.
///
/// The values are plain — `[String: Any]`, `[Any]`, `String`, `Bool`, `Int`, `Double` and
/// ``null`` — for an error line to show what a file holds at a key path; the decoding reads them
/// from the text. A text that is no JSON at all is refused in the words of JSON parsers
/// (`JSONSerialization`'s: "Invalid value around character 15.", "Unexpected end of file during JSON
/// parse.") unless the first thing strict JSON refuses in it is a trailing comma, which is named
/// where it stands; a text that is JSON but not strict JSON (a key given twice, nested deeper than
/// 256) is refused with the line and column of the first thing strict JSON refuses.
enum StrictJSON {
  /// JSON's `null`.
  struct Null: Equatable {}
  static let null = Null()

  /// Text that is no JSON; `description` is `JSONSerialization`'s text for it (0-based byte offsets).
  struct SyntaxError: Error, Equatable, CustomStringConvertible {
    let description: String
  }

  /// Why a text was refused.
  enum Refusal: Error, Equatable {
    /// It is no JSON at all.
    case notJSON(SyntaxError)
    /// It breaks strict JSON.
    case notStrict(StrictJSONViolation)
  }

  /// The values `bytes` hold (any value at the top level), or why they are refused (see ``StrictJSON``).
  static func parse(_ bytes: some Collection<UInt8>) throws(Refusal) -> Any {
    let reading = Reader.read(Array(bytes))
    if let error = reading.syntaxError {
      // A trailing comma is named where it stands, whichever rule saw it first.
      if let violation = reading.violation, violation.kind == .trailingComma { throw .notStrict(violation) }
      throw .notJSON(error)
    }
    if let violation = reading.violation { throw .notStrict(violation) }
    return reading.value ?? null
  }

  /// Where and how `bytes` first break strict JSON, nil when they do not.
  static func violation(in bytes: some Collection<UInt8>) -> StrictJSONViolation? {
    Reader.read(Array(bytes)).violation
  }

  /// What a reading found: the values (when the text is JSON), the first syntax error (when it is
  /// not), and the first violation of strict JSON.
  private struct Reading {
    var value: Any?
    var syntaxError: SyntaxError?
    var violation: StrictJSONViolation?
  }

  /// Reads JSON text byte by byte by two rules at once, until both have refused it or it ends: JSON
  /// as parsers read it (which builds the values and stops at the first syntax error), and strict
  /// JSON (which stops at its first violation). The two agree on the grammar; they differ where a
  /// parser is lenient (a key given twice, nesting deeper than 256, a byte order mark the parsers
  /// refuse) or strict JSON is (a `\u` escape of half a surrogate pair, bytes that are no UTF-8 in a
  /// string, which it reads as U+FFFD), and there one rule goes on after the other has refused.
  private struct Reader {
    let bytes: [UInt8]
    var index = 0
    /// Where the text starts for strict JSON: after a UTF-8 byte order mark, if there is one.
    let start: Int
    var syntaxError: SyntaxError?
    var violation: StrictJSONViolation?

    /// Thrown when both rules have refused the text: nothing more to read.
    struct Stop: Error {}

    /// The deepest nesting a parser reads (a container inside 512 others is refused).
    static let parserDepth = 512
    /// The deepest strict JSON reads (a value inside 256 containers is refused), rather than risk the stack.
    static let strictDepth = 256

    /// Whether the parser's rule still reads (and builds the values).
    var building: Bool { syntaxError == nil }
    /// Whether strict JSON's rule still reads.
    var checking: Bool { violation == nil }
    var atEnd: Bool { index >= bytes.count }

    private init(bytes: [UInt8]) {
      self.bytes = bytes
      start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    static func read(_ bytes: [UInt8]) -> Reading {
      var reader = Reader(bytes: bytes)
      var value: Any?
      do throws(Stop) {
        if reader.start > 0 {
          // A parser refuses the byte order mark; strict JSON reads on after it.
          try reader.refuseSyntax(reader.invalid())
          reader.index = reader.start
        }
        reader.skipWhitespace()
        let read = try reader.value(depth: 0)
        reader.skipWhitespace()
        if !reader.atEnd { try reader.refuse(reader.invalid(), .unexpected(reader.peekText)) }
        value = read
      } catch {}
      return Reading(
        value: reader.building ? value : nil, syntaxError: reader.syntaxError, violation: reader.violation)
    }

    // MARK: Refusing

    /// Both rules refuse the text here: the parser with `error`, strict JSON with `kind` at `offset`
    /// (the current byte unless told), its column moved by `columnShift`.
    mutating func refuse(
      _ error: SyntaxError, _ kind: StrictJSONViolation.Kind, at offset: Int? = nil, columnShift: Int = 0
    ) throws(Stop) -> Never {
      if building { syntaxError = error }
      if checking { violation = violation(kind, at: offset ?? index, columnShift: columnShift) }
      throw Stop()
    }

    /// Only the parser refuses the text here; strict JSON reads on, if it still does.
    mutating func refuseSyntax(_ error: SyntaxError) throws(Stop) {
      if building { syntaxError = error }
      if !checking { throw Stop() }
    }

    /// Only strict JSON refuses the text here; the parser reads on, if it still does.
    mutating func refuseStrict(_ kind: StrictJSONViolation.Kind, at offset: Int? = nil) throws(Stop) {
      if checking { violation = violation(kind, at: offset ?? index, columnShift: 0) }
      if !building { throw Stop() }
    }

    func invalid(at offset: Int? = nil) -> SyntaxError {
      SyntaxError(description: "Invalid value around character \(offset ?? index).")
    }

    static let endOfFile = SyntaxError(description: "Unexpected end of file during JSON parse.")

    /// The violation `kind` at the byte at `offset`, with the line and the column (in characters)
    /// strict JSON counts from where the text starts.
    func violation(_ kind: StrictJSONViolation.Kind, at offset: Int, columnShift: Int) -> StrictJSONViolation {
      let (line, column) = position(of: offset)
      return StrictJSONViolation(line: line, column: column + columnShift, kind: kind)
    }

    func position(of offset: Int) -> (line: Int, column: Int) {
      var line = 1
      var column = 1
      for byte in bytes[start..<max(start, min(offset, bytes.count))] {
        if byte == UInt8(ascii: "\n") {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
      }
      return (line, column)
    }

    /// The next character as a person sees it (empty at the end), for an error line.
    var peekText: String {
      guard !atEnd else { return "" }
      var end = index + 1
      while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
      return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    // MARK: Reading

    mutating func skipWhitespace() {
      while !atEnd, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// A value inside `depth` containers.
    mutating func value(depth: Int) throws(Stop) -> Any {
      if checking && depth >= Self.strictDepth { try refuseStrict(.tooDeep(Self.strictDepth)) }
      guard !atEnd else { try refuse(Self.endOfFile, .endOfFile) }
      switch bytes[index] {
      case UInt8(ascii: "{"): return try object(depth: depth)
      case UInt8(ascii: "["): return try array(depth: depth)
      case UInt8(ascii: "\""): return try string()
      case UInt8(ascii: "t"): return try literal("true", true)
      case UInt8(ascii: "f"): return try literal("false", false)
      case UInt8(ascii: "n"): return try literal("null", StrictJSON.null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
      default: try refuse(invalid(), .unexpected(peekText))
      }
    }

    mutating func literal(_ word: String, _ value: Any) throws(Stop) -> Any {
      for byte in word.utf8 {
        guard !atEnd else { try refuse(Self.endOfFile, .endOfFile) }
        guard bytes[index] == byte else { try refuse(invalid(), .unexpected(peekText)) }
        index += 1
      }
      return value
    }

    /// A parser's nesting limit, checked as a container inside `depth` others opens.
    mutating func checkNesting(_ depth: Int) throws(Stop) {
      guard building, depth + 1 > Self.parserDepth else { return }
      try refuseSyntax(
        SyntaxError(description: "Too many nested arrays or dictionaries around character \(index + 1)."))
    }

    mutating func object(depth: Int) throws(Stop) -> Any {
      try checkNesting(depth)
      index += 1
      var members: [String: Any] = [:]
      var keys: [String: Int] = [:]  // where each key was first given
      skipWhitespace()
      guard !atEnd else { try refuse(Self.endOfFile, .endOfFile) }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return members
      }
      while true {
        skipWhitespace()
        let keyOffset = index
        guard !atEnd else { try refuse(Self.endOfFile, .endOfFile) }
        guard bytes[index] == UInt8(ascii: "\"") else { try refuse(invalid(), .expectedKey(peekText)) }
        let key = try string()
        if checking {
          if let first = keys[key] {
            try refuseStrict(.duplicateKey(key, firstLine: position(of: first).line), at: keyOffset)
          } else {
            keys[key] = keyOffset
          }
        }
        skipWhitespace()
        guard !atEnd else { try refuse(Self.endOfFile, .endOfFile) }
        guard bytes[index] == UInt8(ascii: ":") else { try refuse(invalid(), .unexpected(peekText)) }
        index += 1
        skipWhitespace()
        let member = try value(depth: depth + 1)
        if building { members[key] = member }
        skipWhitespace()
        guard !atEnd else { try refuse(Self.endOfFile, .endOfFile) }
        if bytes[index] == UInt8(ascii: "}") {
          index += 1
          return members
        }
        let comma = index
        guard bytes[index] == UInt8(ascii: ",") else { try refuse(invalid(), .unexpected(peekText)) }
        index += 1
        skipWhitespace()
        if !atEnd, bytes[index] == UInt8(ascii: "}") { try refuse(invalid(), .trailingComma, at: comma) }
      }
    }

    mutating func array(depth: Int) throws(Stop) -> Any {
      try checkNesting(depth)
      index += 1
      var elements: [Any] = []
      skipWhitespace()
      if !atEnd, bytes[index] == UInt8(ascii: "]") {
        index += 1
        return elements
      }
      while true {
        skipWhitespace()
        let element = try value(depth: depth + 1)
        if building { elements.append(element) }
        skipWhitespace()
        guard !atEnd else { try refuse(Self.endOfFile, .endOfFile) }
        if bytes[index] == UInt8(ascii: "]") {
          index += 1
          return elements
        }
        let comma = index
        guard bytes[index] == UInt8(ascii: ",") else { try refuse(invalid(), .unexpected(peekText)) }
        index += 1
        skipWhitespace()
        if !atEnd, bytes[index] == UInt8(ascii: "]") { try refuse(invalid(), .trailingComma, at: comma) }
      }
    }

    /// A string, decoded (so that `"a"` and `"\u0061"` are the same key).
    mutating func string() throws(Stop) -> String {
      index += 1
      var scalars = String.UnicodeScalarView()
      var run = index  // the start of the bytes not yet copied
      while true {
        guard !atEnd else { try refuse(Self.endOfFile, .endOfFile) }
        switch bytes[index] {
        case UInt8(ascii: "\""):
          try copy(from: run, into: &scalars)
          index += 1
          return String(scalars)
        case UInt8(ascii: "\\"):
          try copy(from: run, into: &scalars)
          let backslash = index
          index += 1
          scalars.append(try escape(after: backslash))
          run = index
        case 0..<0x20:
          try refuse(
            SyntaxError(description: "Unescaped control character around character \(index)."), .controlInString)
        default:
          index += 1
        }
      }
    }

    /// Copies the bytes from `run` to here into `scalars`: a parser refuses bytes that are no
    /// UTF-8, strict JSON reads them as U+FFFD.
    mutating func copy(from run: Int, into scalars: inout String.UnicodeScalarView) throws(Stop) {
      guard run < index else { return }
      if building {
        if let text = String(validating: bytes[run..<index], as: UTF8.self) {
          scalars.append(contentsOf: text.unicodeScalars)
          return
        }
        try refuseSyntax(SyntaxError(description: "Unable to convert data to a string using the detected encoding."))
      }
      scalars.append(contentsOf: String(decoding: bytes[run..<index], as: UTF8.self).unicodeScalars)
    }

    /// The character the escape after the `\` at `backslash` stands for.
    mutating func escape(after backslash: Int) throws(Stop) -> Unicode.Scalar {
      guard !atEnd else { try refuse(Self.endOfFile, .endOfFile) }
      let byte = bytes[index]
      index += 1
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
        guard UTF16.isLeadSurrogate(unit) else {
          guard let scalar = Unicode.Scalar(unit) else {
            // Half a pair stands for nothing: a parser refuses it, strict JSON reads on with U+FFFD.
            try refuseSyntax(invalid(at: backslash))
            return "\u{FFFD}"
          }
          return scalar
        }
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
          try refuseSyntax(invalid(at: backslash))
          return "\u{FFFD}"
        }
        index += 2
        let low = try hexUnit()
        guard UTF16.isTrailSurrogate(low) else {
          try refuseSyntax(invalid(at: backslash))
          return "\u{FFFD}"
        }
        return Unicode.Scalar(0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)) ?? "\u{FFFD}"
      default:
        // Strict JSON names the column of the `\` (two characters back, as it counts them).
        try refuse(
          SyntaxError(description: "Invalid escape sequence around character \(backslash)."),
          .badEscape(String(decoding: [byte], as: UTF8.self)), columnShift: -2)
      }
    }

    /// The four hex digits of a `\u` escape.
    mutating func hexUnit() throws(Stop) -> UInt16 {
      let first = index
      var unit: UInt16 = 0
      for _ in 0..<4 {
        guard !atEnd, let digit = Self.hexValue(bytes[index]) else {
          try refuse(first + 4 <= bytes.count ? invalid(at: first) : Self.endOfFile, .badUnicodeEscape)
        }
        unit = unit << 4 | UInt16(digit)
        index += 1
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

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, an `Int` when it is whole and fits, else a `Double`.
    mutating func number() throws(Stop) -> Any {
      let start = index
      var isInteger = true
      if bytes[index] == UInt8(ascii: "-") { index += 1 }
      let wholeStart = index
      let whole = digits()
      guard whole > 0 else { try refuse(atEnd ? Self.endOfFile : invalid(), .badNumber, at: start) }
      if whole > 1 && bytes[wholeStart] == UInt8(ascii: "0") {
        try refuse(
          SyntaxError(description: "Number with leading zero around character \(wholeStart)."), .badNumber, at: start)
      }
      if !atEnd, bytes[index] == UInt8(ascii: ".") {
        isInteger = false
        index += 1
        guard digits() > 0 else { try refuse(atEnd ? Self.endOfFile : invalid(), .badNumber, at: start) }
      }
      if !atEnd, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
        isInteger = false
        index += 1
        if !atEnd, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits() > 0 else { try refuse(atEnd ? Self.endOfFile : invalid(), .badNumber, at: start) }
      }
      guard building else { return 0 }
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      if isInteger, let value = Int(text) { return value }
      guard let value = Double(text) else {
        try refuseSyntax(SyntaxError(description: "Number \(text) is not representable in Swift."))
        return 0
      }
      return value
    }

    /// Reads the digits here; how many.
    mutating func digits() -> Int {
      let first = index
      while !atEnd, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
      return index - first
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
