import FoundationEssentials

/// JSON text read into plain values — `[String: Any]`, `[Any]`, `String`, `Bool`, `Int`, `Double`
/// and `JSONTree.null` — to show what a partner file holds at a key path, with the syntax errors
/// `JSONSerialization` reports ("Invalid value around character 15.", "Unexpected end of file during
/// JSON parse."), without Foundation's `JSONSerialization`.
enum JSONTree {
  /// JSON's `null`.
  struct Null: Equatable {}
  static let null = Null()

  /// A syntax error; `description` is `JSONSerialization`'s text for it (0-based character offsets).
  struct SyntaxError: Error, CustomStringConvertible {
    let description: String
  }

  /// The value `data` holds (any value at the top level), or the first syntax error in it.
  static func parse(_ data: Data) throws(SyntaxError) -> Any {
    var reader = Reader(bytes: Array(data))
    reader.skipWhitespace()
    let value = try reader.value(depth: 0)
    reader.skipWhitespace()
    if reader.index < reader.bytes.count { throw reader.invalid() }
    return value
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0

    static let maximumDepth = 512

    func invalid(at offset: Int? = nil) -> SyntaxError {
      SyntaxError(description: "Invalid value around character \(offset ?? index).")
    }

    static let endOfFile = SyntaxError(description: "Unexpected end of file during JSON parse.")

    mutating func skipWhitespace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    func peek() throws(SyntaxError) -> UInt8 {
      guard index < bytes.count else { throw Self.endOfFile }
      return bytes[index]
    }

    mutating func value(depth: Int) throws(SyntaxError) -> Any {
      switch try peek() {
      case UInt8(ascii: "{"): return try object(depth: depth + 1)
      case UInt8(ascii: "["): return try array(depth: depth + 1)
      case UInt8(ascii: "\""): return try string()
      case UInt8(ascii: "t"): return try literal("true", true)
      case UInt8(ascii: "f"): return try literal("false", false)
      case UInt8(ascii: "n"): return try literal("null", JSONTree.null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
      default: throw invalid()
      }
    }

    mutating func literal(_ word: String, _ value: Any) throws(SyntaxError) -> Any {
      for byte in word.utf8 {
        guard index < bytes.count else { throw Self.endOfFile }
        guard bytes[index] == byte else { throw invalid() }
        index += 1
      }
      return value
    }

    mutating func object(depth: Int) throws(SyntaxError) -> Any {
      guard depth <= Self.maximumDepth else {
        throw SyntaxError(description: "Too many nested arrays or dictionaries around character \(index + 1).")
      }
      index += 1
      var members: [String: Any] = [:]
      skipWhitespace()
      if try peek() == UInt8(ascii: "}") {
        index += 1
        return members
      }
      while true {
        skipWhitespace()
        guard try peek() == UInt8(ascii: "\"") else { throw invalid() }
        let key = try string()
        skipWhitespace()
        guard try peek() == UInt8(ascii: ":") else { throw invalid() }
        index += 1
        skipWhitespace()
        members[key] = try value(depth: depth)
        skipWhitespace()
        switch try peek() {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: "}"):
          index += 1
          return members
        default: throw invalid()
        }
      }
    }

    mutating func array(depth: Int) throws(SyntaxError) -> Any {
      guard depth <= Self.maximumDepth else {
        throw SyntaxError(description: "Too many nested arrays or dictionaries around character \(index + 1).")
      }
      index += 1
      var elements: [Any] = []
      skipWhitespace()
      if try peek() == UInt8(ascii: "]") {
        index += 1
        return elements
      }
      while true {
        skipWhitespace()
        elements.append(try value(depth: depth))
        skipWhitespace()
        switch try peek() {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: "]"):
          index += 1
          return elements
        default: throw invalid()
        }
      }
    }

    mutating func string() throws(SyntaxError) -> String {
      index += 1
      var scalars = String.UnicodeScalarView()
      var run = index  // the start of the bytes not yet copied
      func flush(_ end: Int) throws(SyntaxError) {
        guard run < end else { return }
        guard let text = String(validating: bytes[run..<end], as: UTF8.self) else {
          throw SyntaxError(description: "Unable to convert data to a string using the detected encoding.")
        }
        scalars.append(contentsOf: text.unicodeScalars)
      }
      while true {
        let byte = try peek()
        switch byte {
        case UInt8(ascii: "\""):
          try flush(index)
          index += 1
          return String(scalars)
        case UInt8(ascii: "\\"):
          try flush(index)
          let start = index
          index += 1
          scalars.append(try escape(startingAt: start))
          run = index
        case 0..<0x20:
          throw SyntaxError(description: "Unescaped control character around character \(index).")
        default:
          index += 1
        }
      }
    }

    mutating func escape(startingAt start: Int) throws(SyntaxError) -> Unicode.Scalar {
      let byte = try peek()
      index += 1
      switch byte {
      case UInt8(ascii: "\""): return "\""
      case UInt8(ascii: "\\"): return "\\"
      case UInt8(ascii: "/"): return "/"
      case UInt8(ascii: "b"): return "\u{08}"
      case UInt8(ascii: "f"): return "\u{0C}"
      case UInt8(ascii: "n"): return "\n"
      case UInt8(ascii: "r"): return "\r"
      case UInt8(ascii: "t"): return "\t"
      case UInt8(ascii: "u"):
        let unit = try hexUnit()
        if UTF16.isLeadSurrogate(unit) {
          guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
          else { throw invalid(at: start) }
          index += 2
          let low = try hexUnit()
          guard UTF16.isTrailSurrogate(low) else { throw invalid(at: start) }
          let value = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)
          return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
        guard let scalar = Unicode.Scalar(UInt32(unit)) else { throw invalid(at: start) }
        return scalar
      default:
        throw SyntaxError(description: "Invalid escape sequence around character \(start).")
      }
    }

    mutating func hexUnit() throws(SyntaxError) -> UInt16 {
      guard index + 4 <= bytes.count else { throw Self.endOfFile }
      var value: UInt16 = 0
      for byte in bytes[index..<index + 4] {
        guard let digit = UInt16(String(UnicodeScalar(byte)), radix: 16) else { throw invalid() }
        value = value * 16 + digit
      }
      index += 4
      return value
    }

    mutating func number() throws(SyntaxError) -> Any {
      let start = index
      var isInteger = true
      if bytes[index] == UInt8(ascii: "-") { index += 1 }
      func digits() -> Int {
        let first = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - first
      }
      let wholeStart = index
      let whole = digits()
      guard whole > 0 else { throw index < bytes.count ? invalid() : Self.endOfFile }
      if whole > 1 && bytes[wholeStart] == UInt8(ascii: "0") {
        throw SyntaxError(description: "Number with leading zero around character \(wholeStart).")
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        isInteger = false
        index += 1
        guard digits() > 0 else { throw index < bytes.count ? invalid() : Self.endOfFile }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
        isInteger = false
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits() > 0 else { throw index < bytes.count ? invalid() : Self.endOfFile }
      }
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      if isInteger, let value = Int(text) { return value }
      guard let value = Double(text) else {
        throw SyntaxError(description: "Number \(text) is not representable in Swift.")
      }
      return value
    }
  }
}
