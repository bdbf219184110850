import FoundationEssentials

/// A value of a flat JSON body: a number or a boolean.
enum FlatJSONValue: Equatable {
  case number(Double)
  case bool(Bool)
}

/// Flat JSON bodies (numbers and booleans under plain keys) in the suit protocol's version envelope
/// `{"v":1,"body":{…}}`, written and read without Codable's generic machinery, for the messages a
/// watching screen exchanges many times a second.
///
/// Written as JSONEncoder writes them (a number as its `description`, without a trailing `.0`), but
/// for the order of the keys: JSONEncoder's is a process's hash order, this one the caller's. Read as
/// JSONDecoder reads them (a number to the nearest `Double`, as both read it) when they are plain: anything else (another
/// version, a key missing, unknown or repeated, an escape, a number JSON does not allow) reads as
/// nil, for JSONDecoder to read or to say what is wrong.
enum FlatJSON {
  /// `body`'s keys and values in a version envelope; nil when a number is not finite (JSONEncoder
  /// refuses those).
  static func envelope(version: Int, body: KeyValuePairs<StaticString, FlatJSONValue>) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(32 + body.count * 48)
    bytes.append(static: #"{"v":"#)
    var digits = String(version)
    digits.withUTF8 { bytes.append(contentsOf: $0) }
    bytes.append(static: #","body":{"#)
    for (index, (key, value)) in body.enumerated() {
      bytes.append(static: index == 0 ? #"""# : #",""#)
      bytes.append(static: key)
      bytes.append(static: #"":"#)
      switch value {
      case .bool(let flag):
        bytes.append(static: flag ? "true" : "false")
      case .number(let number):
        guard number.isFinite else { return nil }
        var text = number.description
        text.withUTF8 { digits in
          let whole = digits.count >= 2 && digits[digits.count - 2] == UInt8(ascii: ".") && digits.last == 0x30
          bytes.append(contentsOf: whole ? UnsafeBufferPointer(rebasing: digits.dropLast(2)) : digits)
        }
      }
    }
    bytes.append(static: "}}")
    return bytes
  }

  /// The values of `keys`, in their order, of the flat body in a `version` envelope `payload` holds;
  /// nil unless it is plain (see ``FlatJSON``) and has each of `keys` once and no other.
  static func body(of payload: [UInt8], version: Int, keys: [StaticString]) -> [FlatJSONValue]? {
    payload.withUnsafeBufferPointer { bytes in
      var reader = Reader(bytes: bytes)
      var values: [FlatJSONValue]?
      var versionSeen = false
      let envelopeRead = reader.object { key, reader in
        if reader.matches(key, "v") {
          guard !versionSeen, reader.integer() == version else { return false }
          versionSeen = true
          return true
        }
        guard reader.matches(key, "body"), values == nil else { return false }
        values = reader.flatObject(keys: keys)
        return values != nil
      }
      guard envelopeRead, versionSeen, reader.atEnd() else { return nil }
      return values
    }
  }

  /// Reads plain JSON from a buffer; every read returns nil or false where the JSON is not plain.
  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Whether only whitespace is left.
    mutating func atEnd() -> Bool {
      skipSpace()
      return index == bytes.count
    }

    /// An object, each key (its bytes in the buffer) handed to `member`, which reads the value.
    mutating func object(_ member: (Range<Int>, inout Reader) -> Bool) -> Bool {
      guard take(UInt8(ascii: "{")) else { return false }
      if take(UInt8(ascii: "}")) { return true }
      while true {
        guard let key = key(), take(UInt8(ascii: ":")), member(key, &self) else { return false }
        if take(UInt8(ascii: ",")) { continue }
        return take(UInt8(ascii: "}"))
      }
    }

    /// An object of numbers and booleans with each of `keys` once and no other, its values in the
    /// order of `keys` (the key after the one before is looked at first: the order they are written in).
    mutating func flatObject(keys: [StaticString]) -> [FlatJSONValue]? {
      guard keys.count <= UInt64.bitWidth else { return nil }
      var values = [FlatJSONValue](repeating: .bool(false), count: keys.count)
      var seen: UInt64 = 0
      var expected = 0
      let read = object { key, reader in
        let slot =
          expected < keys.count && reader.matches(key, keys[expected])
          ? expected : keys.firstIndex { reader.matches(key, $0) }
        guard let slot, seen & 1 << slot == 0, let value = reader.scalar() else { return false }
        expected = slot + 1
        seen |= 1 << slot
        values[slot] = value
        return true
      }
      guard read, seen == (keys.count == UInt64.bitWidth ? .max : 1 << keys.count - 1) else { return nil }
      return values
    }

    /// Whether the key at `range` is `name`.
    func matches(_ range: Range<Int>, _ name: StaticString) -> Bool {
      name.utf8CodeUnitCount == range.count && holds(name, at: range.lowerBound)
    }

    /// Whether the bytes from `start` on begin with `text`.
    private func holds(_ text: StaticString, at start: Int) -> Bool {
      let count = text.utf8CodeUnitCount
      guard bytes.count - start >= count else { return false }
      let expected = text.utf8Start
      for offset in 0..<count where bytes[start + offset] != expected[offset] { return false }
      return true
    }

    /// A key without escapes: its bytes' range.
    private mutating func key() -> Range<Int>? {
      guard take(UInt8(ascii: "\"")) else { return nil }
      let start = index
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          index += 1
          return start..<(index - 1)
        }
        guard byte != UInt8(ascii: "\\"), byte >= 0x20 else { return nil }
        index += 1
      }
      return nil
    }

    /// A number or a boolean.
    private mutating func scalar() -> FlatJSONValue? {
      skipSpace()
      if literal("true") { return .bool(true) }
      if literal("false") { return .bool(false) }
      return number().map(FlatJSONValue.number)
    }

    /// An integer without a fraction or an exponent, of at most 18 digits.
    mutating func integer() -> Int? {
      skipSpace()
      let start = index
      let negative = take(UInt8(ascii: "-"), skippingSpace: false)
      guard let digits = digits(), digits.count <= 18, !(digits.count > 1 && bytes[digits.lowerBound] == 0x30),
        index == bytes.count || !"eE.".utf8.contains(bytes[index])
      else {
        index = start
        return nil
      }
      let magnitude = digits.reduce(0) { $0 * 10 + Int(bytes[$1] - 0x30) }
      return negative ? -magnitude : magnitude
    }

    /// A number as JSON writes it (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`), read to the
    /// nearest `Double` (whatever the C library's locale); nil when it does not fit in a finite one.
    private mutating func number() -> Double? {
      let start = index
      let negative = take(UInt8(ascii: "-"), skippingSpace: false)
      guard let whole = digits(), !(whole.count > 1 && bytes[whole.lowerBound] == 0x30) else { return nil }
      var fraction: Range<Int>?
      if take(UInt8(ascii: "."), skippingSpace: false) {
        guard let digits = digits() else { return nil }
        fraction = digits
      }
      var exponent = false
      if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
        exponent = true
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits() != nil else { return nil }
      }
      if !exponent, let exact = exactly(whole: whole, fraction: fraction) { return negative ? -exact : exact }
      guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)),
        value.isFinite
      else { return nil }
      return value
    }

    /// The number `whole.fraction` read exactly when its digits make an integer w of at most 19
    /// digits, at most 22 of them after the point (s): below 2^53, w and 10^s are exact doubles and
    /// one division rounds to the nearest double (Clinger's fast path); above, w / 5^s is divided out
    /// in integers to 63 or 64 bits, rounded to 53 by what is left over (a tie to even), and scaled by
    /// 2^-s. Nil for any other number, left to the full reading.
    private func exactly(whole: Range<Int>, fraction: Range<Int>?) -> Double? {
      let scale = fraction?.count ?? 0
      guard whole.count + scale <= 19, scale <= 22 else { return nil }
      var digits: UInt64 = 0
      for index in whole { digits = digits * 10 + UInt64(bytes[index] - 0x30) }
      for index in fraction ?? 0..<0 { digits = digits * 10 + UInt64(bytes[index] - 0x30) }
      guard digits > 1 << 53 else { return Double(digits) / Self.powersOfTen[scale] }
      return Self.nearest(digits, overPowerOfTen: scale)
    }

    /// The double nearest to `digits` / 10^`scale`, for `digits` above 2^53 and `scale` at most 22
    /// (a normal double, between 2^53 / 10^22 and 2^64).
    static func nearest(_ digits: UInt64, overPowerOfTen scale: Int) -> Double {
      let divisor = powersOfFive[scale]
      // digits · 2^shift / 5^scale has 63 or 64 bits: a 64-bit quotient of a numerator of at most 115.
      let shift = 63 - bitCount(digits) + bitCount(divisor)
      let numerator: (high: UInt64, low: UInt64) =
        shift == 0 ? (0, digits) : shift < 64 ? (digits >> (64 - shift), digits << shift) : (digits << (shift - 64), 0)
      let (quotient, remainder) = divisor.dividingFullWidth(numerator)
      let dropped = bitCount(quotient) - 53
      var significand = quotient >> dropped
      let rest = quotient & (1 << dropped - 1)
      let half: UInt64 = 1 << (dropped - 1)
      var exponent = dropped - shift - scale
      if rest > half || (rest == half && (remainder != 0 || significand & 1 == 1)) {
        significand += 1
        if significand == 1 << 53 {
          significand >>= 1
          exponent += 1
        }
      }
      // significand · 2^exponent, with 2^52 ≤ significand < 2^53.
      return Double(bitPattern: UInt64(exponent + 52 + 1023) << 52 | significand & (1 << 52 - 1))
    }

    private static func bitCount(_ value: UInt64) -> Int { UInt64.bitWidth - value.leadingZeroBitCount }

    /// 5^0 … 5^22, every one below 2^52.
    private static let powersOfFive: [UInt64] = (0...22).map { exponent in
      (0..<exponent).reduce(1) { power, _ in power * 5 }
    }

    /// 10^0 … 10^22, every one an exact double.
    private static let powersOfTen: [Double] = (0...22).map { exponent in
      (0..<exponent).reduce(1.0) { power, _ in power * 10 }
    }

    /// One or more decimal digits: their range.
    private mutating func digits() -> Range<Int>? {
      let start = index
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
      return index > start ? start..<index : nil
    }

    private mutating func literal(_ word: StaticString) -> Bool {
      guard holds(word, at: index) else { return false }
      index += word.utf8CodeUnitCount
      return true
    }

    /// Takes `byte` (after whitespace, unless told not to skip it) if it comes next.
    private mutating func take(_ byte: UInt8, skippingSpace: Bool = true) -> Bool {
      if skippingSpace { skipSpace() }
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }

    private mutating func skipSpace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x09, 0x0A, 0x0D: index += 1
        default: return
        }
      }
    }
  }
}

extension [UInt8] {
  /// Appends the bytes of `text`.
  fileprivate mutating func append(static text: StaticString) {
    text.withUTF8Buffer { append(contentsOf: $0) }
  }
}
