/// One value of a parsed document: a scalar's bytes, or a container and where its values end.
struct JSONEntry {
  enum Kind: UInt8 {
    case null, `true`, `false`, number, string, object, array
  }

  var kind: Kind
  /// A string with a backslash escape; a number with a fraction or an exponent; an object that may
  /// give two members the same name (`JSONParser.mayRepeatAKey`).
  var marked: Bool
  /// A scalar's first byte (a string's after its quote); a container's number of values
  /// (of an object, its members).
  var start: Int32
  /// A scalar's end byte (a string's closing quote); a container's next entry after its last value.
  var end: Int32

  /// The entry after this one, at `index`, and everything in it.
  @inline(__always)
  func next(at index: Int) -> Int {
    kind.rawValue >= Kind.object.rawValue ? Int(end) : index + 1
  }
}

/// Why a text is not JSON (the underlying error of the decoder's `dataCorrupted`).
struct JSONSyntaxError: Error, CustomStringConvertible {
  let offset: Int
  let reason: String

  var description: String { "\(reason) at byte \(offset)" }
}

/// A JSON text (RFC 8259) parsed in one pass into entries in document order: an object's entry is
/// followed by its key and value entries, an array's by its elements'.
struct JSONTape {
  var entries: [JSONEntry] = []

  /// The entries of `bytes`, which must be exactly one JSON value (whitespace around it allowed).
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONTape {
    guard bytes.count < Int(Int32.max) else { throw JSONSyntaxError(offset: 0, reason: "too long") }
    var parser = JSONParser(bytes: bytes)
    parser.tape.entries.reserveCapacity(bytes.count / 8 + 4)
    // A UTF-8 byte order mark, which JSONDecoder skips.
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { parser.offset = 3 }
    parser.skipWhitespace()
    try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    guard parser.offset == bytes.count else {
      throw JSONSyntaxError(offset: parser.offset, reason: "unexpected text after the value")
    }
    return parser.tape
  }
}

private struct JSONParser {
  let bytes: UnsafeBufferPointer<UInt8>
  var offset = 0
  var tape = JSONTape()

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// As deep as `JSONDecoder` reads.
  static let maximumDepth = 512

  func fail(_ reason: String) -> JSONSyntaxError { JSONSyntaxError(offset: offset, reason: reason) }

  @inline(__always)
  mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x0A, 0x0D, 0x09: offset += 1
      default: return
      }
    }
  }

  mutating func parseValue(depth: Int) throws(JSONSyntaxError) {
    guard offset < bytes.count else { throw fail("unexpected end") }
    switch bytes[offset] {
    case UInt8(ascii: "\""): try parseString()
    case UInt8(ascii: "{"): try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): try parseArray(depth: depth + 1)
    case UInt8(ascii: "t"): try parseLiteral("true", .true)
    case UInt8(ascii: "f"): try parseLiteral("false", .false)
    case UInt8(ascii: "n"): try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
    default: throw fail("unexpected character")
    }
  }

  mutating func parseLiteral(_ word: StaticString, _ kind: JSONEntry.Kind) throws(JSONSyntaxError) {
    let count = word.utf8CodeUnitCount
    guard offset + count <= bytes.count else { throw fail("unexpected end") }
    for index in 0..<count where bytes[offset + index] != word.utf8Start[index] { throw fail("unexpected character") }
    tape.entries.append(JSONEntry(kind: kind, marked: false, start: Int32(offset), end: Int32(offset + count)))
    offset += count
  }

  mutating func parseNumber() throws(JSONSyntaxError) {
    let start = offset
    var marked = false
    if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    guard offset < bytes.count, isDigit(bytes[offset]) else { throw fail("a number without digits") }
    if bytes[offset] == UInt8(ascii: "0") {
      offset += 1
    } else {
      while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
      marked = true
      offset += 1
      guard offset < bytes.count, isDigit(bytes[offset]) else { throw fail("a fraction without digits") }
      while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }
    if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
      marked = true
      offset += 1
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
      guard offset < bytes.count, isDigit(bytes[offset]) else { throw fail("an exponent without digits") }
      while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }
    tape.entries.append(JSONEntry(kind: .number, marked: marked, start: Int32(start), end: Int32(offset)))
  }

  @inline(__always)
  func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

  /// A string: no control character unescaped, only JSON's escapes, valid UTF-8.
  mutating func parseString() throws(JSONSyntaxError) {
    offset += 1
    let start = offset
    var escaped = false
    var nonASCII = false
    while true {
      guard offset < bytes.count else { throw fail("unterminated string") }
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") {
        escaped = true
        offset += 1
        guard offset < bytes.count else { throw fail("unterminated string") }
        switch bytes[offset] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
          UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          offset += 1
        case UInt8(ascii: "u"):
          guard offset + 4 < bytes.count else { throw fail("unterminated string") }
          for index in 1...4 where JSONStrings.hexValue(bytes[offset + index]) == nil { throw fail("bad \\u escape") }
          offset += 5
        default: throw fail("bad escape")
        }
        continue
      }
      if byte < 0x20 { throw fail("unescaped control character") }
      if byte >= 0x80 { nonASCII = true }
      offset += 1
    }
    if nonASCII, !JSONStrings.isValidUTF8(UnsafeBufferPointer(rebasing: bytes[start..<offset])) {
      throw fail("invalid UTF-8")
    }
    if escaped {
      // The escapes must name Unicode scalars (surrogates in pairs).
      guard JSONStrings.unescape(UnsafeBufferPointer(rebasing: bytes[start..<offset])) != nil else {
        throw fail("bad \\u escape")
      }
    }
    tape.entries.append(JSONEntry(kind: .string, marked: escaped, start: Int32(start), end: Int32(offset)))
    offset += 1
  }

  mutating func parseObject(depth: Int) throws(JSONSyntaxError) {
    guard depth <= Self.maximumDepth else { throw fail("too deeply nested") }
    let slot = tape.entries.count
    tape.entries.append(JSONEntry(kind: .object, marked: false, start: 0, end: 0))
    offset += 1
    skipWhitespace()
    var count: Int32 = 0
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
      offset += 1
    } else {
      while true {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw fail("expected a key") }
        try parseString()
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw fail("expected ':'") }
        offset += 1
        skipWhitespace()
        try parseValue(depth: depth)
        count += 1
        if try closes(UInt8(ascii: "}"), "object") { break }
      }
    }
    tape.entries[slot].start = count
    tape.entries[slot].end = Int32(tape.entries.count)
    tape.entries[slot].marked = mayRepeatAKey(object: slot, members: Int(count))
  }

  /// After a value of a `container` (object or array): true when `closing` ends it, also after a
  /// comma (which JSONDecoder accepts), false when a comma leads to the next value.
  private mutating func closes(_ closing: UInt8, _ container: String) throws(JSONSyntaxError) -> Bool {
    skipWhitespace()
    guard offset < bytes.count else { throw fail("unterminated \(container)") }
    if bytes[offset] == UInt8(ascii: ",") {
      offset += 1
      skipWhitespace()
      guard offset < bytes.count, bytes[offset] == closing else { return false }
      offset += 1
      return true
    }
    guard bytes[offset] == closing else { throw fail("expected ',' or '\(Character(Unicode.Scalar(closing)))'") }
    offset += 1
    return true
  }

  /// Whether the complete object at `slot` may give two of its `members` the same name: known, by
  /// comparing its keys' bytes, for one of up to 16 members with no escaped key; assumed otherwise.
  /// A keyed container looks for an earlier member of a found key's name only in an object that may
  /// (`JSONKeyedDecoding.find`), so that reading an object's keys in order reads each key once.
  private func mayRepeatAKey(object slot: Int, members: Int) -> Bool {
    guard members > 1 else { return false }
    guard members <= 16 else { return true }
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: members) { keys in
      var index = slot + 1
      for member in 0..<members {
        keys[member] = index
        index = tape.entries[index + 1].next(at: index + 1)
      }
      for later in 1..<members {
        let key = tape.entries[keys[later]]
        if key.marked { return true }
        for earlier in 0..<later {
          let other = tape.entries[keys[earlier]]
          if other.marked { return true }
          guard other.end - other.start == key.end - key.start else { continue }
          let (first, second) = (Int(key.start), Int(other.start))
          if (0..<Int(key.end - key.start)).allSatisfy({ bytes[first + $0] == bytes[second + $0] }) { return true }
        }
      }
      return false
    }
  }

  mutating func parseArray(depth: Int) throws(JSONSyntaxError) {
    guard depth <= Self.maximumDepth else { throw fail("too deeply nested") }
    let slot = tape.entries.count
    tape.entries.append(JSONEntry(kind: .array, marked: false, start: 0, end: 0))
    offset += 1
    skipWhitespace()
    var count: Int32 = 0
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
      offset += 1
    } else {
      while true {
        try parseValue(depth: depth)
        count += 1
        if try closes(UInt8(ascii: "]"), "array") { break }
      }
    }
    tape.entries[slot].start = count
    tape.entries[slot].end = Int32(tape.entries.count)
  }
}

/// The string rules the parser and the decoder share.
enum JSONStrings {
  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// Whether `bytes` are well-formed UTF-8 (no overlong form, no surrogate, nothing past U+10FFFF).
  static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, low) = (3, 0xA0)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, high) = (3, 0x9F)
      case 0xF0: (length, low) = (4, 0x90)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, high) = (4, 0x8F)
      default: return false
      }
      guard index + length <= count else { return false }
      let second = bytes[index + 1]
      guard second >= low, second <= high else { return false }
      for next in 2..<length where bytes[index + next] & 0xC0 != 0x80 { return false }
      index += length
    }
    return true
  }

  /// The text of a string's escaped bytes (between its quotes); nil when an escape names no scalar.
  static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    let count = bytes.count
    func hex4(_ at: Int) -> UInt32 {
      (hexValue(bytes[at])! << 12) | (hexValue(bytes[at + 1])! << 8) | (hexValue(bytes[at + 2])! << 4)
        | hexValue(bytes[at + 3])!
    }
    while index < count {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\") else {
        output.append(byte)
        index += 1
        continue
      }
      let kind = bytes[index + 1]
      index += 2
      switch kind {
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "u"):
        var value = hex4(index)
        index += 4
        if (0xD800...0xDBFF).contains(value) {
          guard index + 6 <= count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
            return nil
          }
          let low = hex4(index + 2)
          guard (0xDC00...0xDFFF).contains(low) else { return nil }
          value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
          index += 6
        } else if (0xDC00...0xDFFF).contains(value) {
          return nil
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        output.append(contentsOf: UTF8.encode(scalar)!)
      default: output.append(kind)
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}
