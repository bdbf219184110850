import FoundationEssentials

/// Decodes any `Decodable` value from JSON text (RFC 8259), as `JSONDecoder` does with a custom
/// date strategy that reads one string (`JSONDateText`), at a fraction of its cost: the text is
/// parsed once into a flat list of entries, and containers find their keys by comparing bytes.
///
/// It throws what `JSONDecoder` throws, case, coding path and `debugDescription` alike:
/// `keyNotFound`, `typeMismatch` (`Expected to decode Int but found a string instead.`),
/// `valueNotFound`, and `dataCorrupted` at the top level with `The given data was not valid JSON.`
/// for a text that is no JSON, a number out of its type's range or a fraction read as an integer.
/// A key given twice counts once, with its first value. `Data` is read from Base64, `URL` from
/// its string, `Decimal` from a number. `userInfo` is empty; there is no key or data strategy and no
/// JSON5.
public struct JSONTextDecoder: Sendable {
  /// How dates are read; nil: as `Date` decodes itself (seconds since 2001, `JSONDecoder`'s default).
  public var dates: JSONDateText?

  /// A decoder that reads dates with `dates`.
  public init(dates: JSONDateText? = nil) {
    self.dates = dates
  }

  /// The value of `type` that `data` holds.
  /// - Throws: `DecodingError` as `JSONDecoder` throws it; any error the type's `init(from:)` throws.
  public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try data.withUnsafeBytes { raw in
      try decode(type, from: raw.bindMemory(to: UInt8.self))
    }
  }

  /// The value of `type` that the UTF-8 `bytes` hold. Throws as ``decode(_:from:)-(_,Data)``.
  func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeBufferPointer<UInt8>) throws -> T {
    let tape: JSONTape
    do {
      tape = try JSONTape.parse(bytes)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: error))
    }
    let decoder = JSONTapeDecoder(bytes: bytes, tape: tape, dates: dates)
    return try decoder.value(type, at: 0)
  }
}

/// The one decoder of a document: the value it decodes is `current`, its coding path `path`;
/// nested values move both and put them back.
///
/// One decode call owns it, on one thread, and no access to its state overlaps another (each read
/// or write of `current`, `path` and the hints is whole before the next begins), so its stored
/// properties skip the run-time exclusivity checks: a check on each of the 100,000 accesses of a
/// 1,000-message delivery round cost 4 % of its instructions.
final class JSONTapeDecoder: Decoder {
  let bytes: UnsafeBufferPointer<UInt8>
  let entries: [JSONEntry]
  let dates: JSONDateText?
  @exclusivity(unchecked) var current = 0
  @exclusivity(unchecked) var path: [any CodingKey] = []
  /// Per object entry, the member its keyed containers look at first for the next key (the one after
  /// the last found; 0: the object's first), kept here: the containers' reads are not mutating, so a
  /// hint in a container was lost after each read and every key was searched for from the object's
  /// first member (quadratic in the object's size).
  @exclusivity(unchecked) var searchHints: [Int32]
  /// Per object of more than a few members, the names it gives more than one member, once asked.
  @exclusivity(unchecked) var repeatedNames: [Int: Set<String>] = [:]

  init(bytes: UnsafeBufferPointer<UInt8>, tape: JSONTape, dates: JSONDateText?) {
    self.bytes = bytes
    self.entries = tape.entries
    self.dates = dates
    searchHints = Array(repeating: 0, count: tape.entries.count)
    path.reserveCapacity(8)
  }

  var codingPath: [any CodingKey] { path }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// The entry after the value at `index` and everything in it.
  @inline(__always)
  func next(after index: Int) -> Int { entries[index].next(at: index) }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    let entry = entries[current]
    switch entry.kind {
    case .object:
      return KeyedDecodingContainer(JSONKeyedDecoding<Key>(decoder: self, object: current))
    case .null:
      throw DecodingError.valueNotFound(
        [String: Any].self,
        DecodingError.Context(
          codingPath: path, debugDescription: "Cannot get keyed decoding container -- found null value instead"))
    default: throw mismatch([String: Any].self, at: current)
    }
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let entry = entries[current]
    switch entry.kind {
    case .array: return JSONUnkeyedDecoding(decoder: self, array: current)
    case .null:
      throw DecodingError.valueNotFound(
        [Any].self,
        DecodingError.Context(
          codingPath: path, debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
    default: throw mismatch([Any].self, at: current)
    }
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { JSONSingleValueDecoding(decoder: self) }

  // MARK: Values

  /// The value of `type` at entry `index`, the coding path already naming it.
  func value<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
    if T.self == String.self { return reinterpret(try string(at: index, as: T.self), as: T.self) }
    if T.self == Int.self { return reinterpret(try integer(Int.self, at: index), as: T.self) }
    if T.self == Bool.self { return reinterpret(try bool(at: index), as: T.self) }
    if T.self == Double.self { return reinterpret(try double(at: index), as: T.self) }
    if T.self == Date.self, let dates {
      let text = try string(at: index, as: String.self)
      guard let date = dates.read(text) else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(codingPath: path, debugDescription: dates.refusal(text)))
      }
      return reinterpret(date, as: T.self)
    }
    if T.self == Int64.self { return reinterpret(try integer(Int64.self, at: index), as: T.self) }
    if T.self == Data.self {
      let text = try string(at: index, as: String.self)
      guard let data = Data(base64Encoded: text) else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(codingPath: path, debugDescription: "Encountered Data is not valid Base64."))
      }
      return reinterpret(data, as: T.self)
    }
    if T.self == URL.self {
      let text = try string(at: index, as: String.self)
      guard let url = URL(string: text) else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(codingPath: path, debugDescription: "Invalid URL string."))
      }
      return reinterpret(url, as: T.self)
    }
    if T.self == Decimal.self {
      let entry = try scalar(.number, T.self, at: index)
      guard let decimal = Decimal(string: text(entry)) else { throw notJSON() }
      return reinterpret(decimal, as: T.self)
    }
    let saved = current
    current = index
    defer { current = saved }
    return try T(from: self)
  }

  /// The entry at `index` when it is of `kind`; else `valueNotFound` for null, `typeMismatch` otherwise.
  @inline(__always)
  func scalar<T>(_ kind: JSONEntry.Kind, _ type: T.Type, at index: Int) throws -> JSONEntry {
    let entry = entries[index]
    guard entry.kind == kind else {
      if entry.kind == .null {
        throw DecodingError.valueNotFound(
          type,
          DecodingError.Context(
            codingPath: path, debugDescription: "Cannot get value of type \(T.self) -- found null value instead"))
      }
      throw mismatch(type, at: index)
    }
    return entry
  }

  func mismatch<T>(_ type: T.Type, at index: Int) -> DecodingError {
    let found: String
    switch entries[index].kind {
    case .null: found = "null"
    case .true, .false: found = "bool"
    case .number: found = "number"
    case .string: found = "a string"
    case .object: found = "a dictionary"
    case .array: found = "an array"
    }
    return DecodingError.typeMismatch(
      type,
      DecodingError.Context(
        codingPath: path, debugDescription: "Expected to decode \(T.self) but found \(found) instead."))
  }

  /// What `JSONDecoder` throws for a number its type cannot hold.
  func notJSON() -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON."))
  }

  func text(_ entry: JSONEntry) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.end)]), as: UTF8.self)
  }

  func string<T>(at index: Int, as type: T.Type) throws -> String {
    let entry = try scalar(.string, type, at: index)
    return stringText(entry)
  }

  /// A string entry's text, its escapes resolved (the parser checked them).
  func stringText(_ entry: JSONEntry) -> String {
    let slice = UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.end)])
    if !entry.marked { return String(decoding: slice, as: UTF8.self) }
    return JSONStrings.unescape(slice) ?? ""
  }

  func bool(at index: Int) throws -> Bool {
    let entry = entries[index]
    switch entry.kind {
    case .true: return true
    case .false: return false
    case .null:
      throw DecodingError.valueNotFound(
        Bool.self,
        DecodingError.Context(
          codingPath: path, debugDescription: "Cannot get value of type Bool -- found null value instead"))
    default: throw mismatch(Bool.self, at: index)
    }
  }

  func double(at index: Int) throws -> Double {
    let entry = try scalar(.number, Double.self, at: index)
    if !entry.marked, entry.end - entry.start <= 15, let small = smallInteger(entry) { return Double(small) }
    guard let value = Double(text(entry)), value.isFinite else { throw notJSON() }
    return value
  }

  func float(at index: Int) throws -> Float {
    let entry = try scalar(.number, Float.self, at: index)
    guard let value = Double(text(entry)), value.isFinite, abs(value) <= Double(Float.greatestFiniteMagnitude) else {
      throw notJSON()
    }
    return Float(value)
  }

  /// A number without fraction or exponent of at most 18 digits, read directly.
  @inline(__always)
  func smallInteger(_ entry: JSONEntry) -> Int64? {
    var index = Int(entry.start)
    let end = Int(entry.end)
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    guard end - index <= 18 else { return nil }
    var value: Int64 = 0
    while index < end {
      value = value * 10 + Int64(bytes[index] &- UInt8(ascii: "0"))
      index += 1
    }
    return negative ? -value : value
  }

  func integer<T: FixedWidthInteger>(_ type: T.Type, at index: Int) throws -> T {
    let entry = try scalar(.number, type, at: index)
    if !entry.marked {
      if let small = smallInteger(entry) {
        guard let value = T(exactly: small) else { throw notJSON() }
        return value
      }
      guard let value = T(text(entry)) else { throw notJSON() }
      return value
    }
    // 1.0 and 1e2 are integers too; 1.5 is none.
    guard let value = Double(text(entry)), let exact = T(exactly: value) else { throw notJSON() }
    return exact
  }
}

/// A keyed container over an object's entry: keys are found by their bytes, starting after the
/// last one found (a type's keys mostly come in the order it reads them).
struct JSONKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: JSONTapeDecoder
  let object: Int
  /// The path to this container's object, kept: the decoder's path is shared with the containers
  /// made before and after this one, which may be used in any order.
  let codingPath: [any CodingKey]

  init(decoder: JSONTapeDecoder, object: Int) {
    self.decoder = decoder
    self.object = object
    codingPath = decoder.path
  }

  var allKeys: [Key] {
    var keys: [Key] = []
    var seen = Set<String>()
    var index = object + 1
    let end = Int(decoder.entries[object].end)
    while index < end {
      let name = decoder.stringText(decoder.entries[index])
      if seen.insert(name).inserted, let key = Key(stringValue: name) { keys.append(key) }
      index = decoder.next(after: index + 1)
    }
    return keys
  }

  /// Whether the key entry at `index` is `name`.
  @inline(__always)
  private func keyMatches(_ index: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
    let entry = decoder.entries[index]
    if entry.marked { return decoder.stringText(entry).utf8.elementsEqual(name) }
    let count = Int(entry.end - entry.start)
    guard count == name.count else { return false }
    let start = Int(entry.start)
    for offset in 0..<count where decoder.bytes[start + offset] != name[offset] { return false }
    return true
  }

  /// The value entry of the key `name` (its first, when the object names it twice), or nil.
  private func find(_ name: String) -> Int? {
    var name = name
    let end = Int(decoder.entries[object].end)
    let first = object + 1
    let hint = decoder.searchHints[object] == 0 ? first : Int(decoder.searchHints[object])
    let found: Int? = name.withUTF8 { name in
      var index = hint
      while index < end {
        if keyMatches(index, name) {
          // An earlier member of the same name wins, as in JSONDecoder: looked for only in an
          // object that may have one (`JSONEntry.marked`).
          guard decoder.entries[object].marked else { return index + 1 }
          return earlierMember(named: name, before: hint) ?? index + 1
        }
        index = decoder.next(after: index + 1)
      }
      index = first
      while index < hint {
        if keyMatches(index, name) { return index + 1 }
        index = decoder.next(after: index + 1)
      }
      return nil
    }
    if let found { decoder.searchHints[object] = Int32(decoder.next(after: found)) }
    return found
  }

  /// The value entry of the first member named `name` before the member entry `limit`, or nil.
  /// Past the first few members, it looks further only for a name the object gives twice.
  private func earlierMember(named name: UnsafeBufferPointer<UInt8>, before limit: Int) -> Int? {
    var index = object + 1
    var scanned = 0
    while index < limit {
      if scanned == 16 {
        if decoder.repeatedNames[object] == nil { decoder.repeatedNames[object] = repeatedNames() }
        if decoder.repeatedNames[object]?.contains(String(decoding: name, as: UTF8.self)) != true { return nil }
      }
      if keyMatches(index, name) { return index + 1 }
      index = decoder.next(after: index + 1)
      scanned += 1
    }
    return nil
  }

  /// The names of the object's members that more than one member has.
  private func repeatedNames() -> Set<String> {
    var seen = Set<String>()
    var repeated = Set<String>()
    var index = object + 1
    let end = Int(decoder.entries[object].end)
    while index < end {
      let name = decoder.stringText(decoder.entries[index])
      if !seen.insert(name).inserted { repeated.insert(name) }
      index = decoder.next(after: index + 1)
    }
    return repeated
  }

  private func valueIndex(_ key: Key) throws -> Int {
    guard let index = find(key.stringValue) else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }
    return index
  }

  func contains(_ key: Key) -> Bool {
    return find(key.stringValue) != nil
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    return decoder.entries[try valueIndex(key)].kind == .null
  }

  private func decodeValue<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    let index = try valueIndex(key)
    decoder.enter(key, below: codingPath)
    defer { decoder.path.removeLast() }
    return try decoder.value(type, at: index)
  }

  private func decodeValueIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let index = find(key.stringValue), decoder.entries[index].kind != .null else { return nil }
    decoder.enter(key, below: codingPath)
    defer { decoder.path.removeLast() }
    return try decoder.value(type, at: index)
  }

  private func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, forKey key: Key) throws -> T {
    let index = try valueIndex(key)
    decoder.enter(key, below: codingPath)
    defer { decoder.path.removeLast() }
    return try decoder.integer(type, at: index)
  }

  private func decodeIntegerIfPresent<T: FixedWidthInteger>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let index = find(key.stringValue), decoder.entries[index].kind != .null else { return nil }
    decoder.enter(key, below: codingPath)
    defer { decoder.path.removeLast() }
    return try decoder.integer(type, at: index)
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    return try decodeValue(type, forKey: key)
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    return try decodeValue(type, forKey: key)
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    return try decodeValue(type, forKey: key)
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    let index = try valueIndex(key)
    decoder.enter(key, below: codingPath)
    defer { decoder.path.removeLast() }
    return try decoder.float(at: index)
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    return try decodeInteger(type, forKey: key)
  }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    return try decodeInteger(type, forKey: key)
  }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    return try decodeInteger(type, forKey: key)
  }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    return try decodeInteger(type, forKey: key)
  }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    return try decodeInteger(type, forKey: key)
  }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    return try decodeInteger(type, forKey: key)
  }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    return try decodeInteger(type, forKey: key)
  }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    return try decodeInteger(type, forKey: key)
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    return try decodeInteger(type, forKey: key)
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    return try decodeInteger(type, forKey: key)
  }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    return try decodeValue(type, forKey: key)
  }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    return try decodeValueIfPresent(type, forKey: key)
  }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    return try decodeValueIfPresent(type, forKey: key)
  }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    return try decodeValueIfPresent(type, forKey: key)
  }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    return try decodeIntegerIfPresent(type, forKey: key)
  }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    return try decodeIntegerIfPresent(type, forKey: key)
  }
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    return try decodeValueIfPresent(type, forKey: key)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let index = try valueIndex(key)
    decoder.reset(to: codingPath)
    return try decoder.nested(at: index, key: key) { try decoder.container(keyedBy: type) }
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    let index = try valueIndex(key)
    decoder.reset(to: codingPath)
    return try decoder.nested(at: index, key: key) { try decoder.unkeyedContainer() }
  }

  func superDecoder() throws -> any Decoder {
    let index = find(JSONSuperKey.super.stringValue)
    return decoder.detached(at: index, path: codingPath + [JSONSuperKey.super])
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    return decoder.detached(at: find(key.stringValue), path: codingPath + [key])
  }
}

extension JSONTapeDecoder {
  /// Names `key` in the path, below `base` (the path of the container that reads it).
  @inline(__always)
  func enter(_ key: some CodingKey, below base: [any CodingKey]) {
    reset(to: base)
    path.append(key)
  }

  /// Makes the path `base` again: another container, made before or after the one reading now,
  /// may have been used in between and left a path of its own.
  @inline(__always)
  func reset(to base: [any CodingKey]) {
    path.removeAll(keepingCapacity: true)
    path.append(contentsOf: base)
  }

  /// A container of the value at `index` named `key`, made by `make` while the decoder is there;
  /// the container keeps the path up to `key` as its own.
  func nested<C>(at index: Int, key: any CodingKey, _ make: () throws -> C) throws -> C {
    let saved = current
    current = index
    path.append(key)
    defer {
      current = saved
    }
    do {
      let container = try make()
      // The nested container reads at the depth below `key`, which its own values push again.
      return container
    } catch {
      path.removeLast()
      throw error
    }
  }

  /// A decoder of its own for the value at `index` (nil: null, as `JSONDecoder` hands out for a
  /// missing key), as `superDecoder()` hands out.
  func detached(at index: Int?, path: [any CodingKey]) -> any Decoder {
    var entries = entries
    if index == nil { entries.append(JSONEntry(kind: .null, marked: false, start: 0, end: 0)) }
    let decoder = JSONTapeDecoder(bytes: bytes, tape: JSONTape(entries: entries), dates: dates)
    decoder.current = index ?? entries.count - 1
    decoder.path = path
    return decoder
  }
}

struct JSONUnkeyedDecoding: UnkeyedDecodingContainer {
  let decoder: JSONTapeDecoder
  /// The path to this container's array, kept (see `JSONKeyedDecoding.codingPath`).
  let codingPath: [any CodingKey]
  private var position: Int
  private(set) var currentIndex = 0
  let count: Int?

  init(decoder: JSONTapeDecoder, array: Int) {
    self.decoder = decoder
    codingPath = decoder.path
    position = array + 1
    count = Int(decoder.entries[array].start)
  }
  var isAtEnd: Bool { currentIndex >= count! }

  private func atEnd<T>(_ type: T.Type) -> DecodingError {
    DecodingError.valueNotFound(
      type,
      DecodingError.Context(
        codingPath: codingPath + [JSONIndexKey(index: currentIndex)], debugDescription: "Unkeyed container is at end."))
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd else { throw atEnd(Any?.self) }
    guard decoder.entries[position].kind == .null else { return false }
    position += 1
    currentIndex += 1
    return true
  }

  private mutating func step<T>(_ type: T.Type, _ read: (Int) throws -> T) throws -> T {
    guard !isAtEnd else { throw atEnd(type) }
    decoder.enter(JSONIndexKey(index: currentIndex), below: codingPath)
    defer { decoder.path.removeLast() }
    let value = try read(position)
    position = decoder.next(after: position)
    currentIndex += 1
    return value
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    try step(type) { [decoder] index in try decoder.bool(at: index) }
  }
  mutating func decode(_ type: String.Type) throws -> String {
    try step(type) { [decoder] index in try decoder.string(at: index, as: type) }
  }
  mutating func decode(_ type: Double.Type) throws -> Double {
    try step(type) { [decoder] index in try decoder.double(at: index) }
  }
  mutating func decode(_ type: Float.Type) throws -> Float {
    try step(type) { [decoder] index in try decoder.float(at: index) }
  }
  mutating func decode(_ type: Int.Type) throws -> Int {
    try step(type) { [decoder] index in try decoder.integer(type, at: index) }
  }
  mutating func decode(_ type: Int8.Type) throws -> Int8 {
    try step(type) { [decoder] index in try decoder.integer(type, at: index) }
  }
  mutating func decode(_ type: Int16.Type) throws -> Int16 {
    try step(type) { [decoder] index in try decoder.integer(type, at: index) }
  }
  mutating func decode(_ type: Int32.Type) throws -> Int32 {
    try step(type) { [decoder] index in try decoder.integer(type, at: index) }
  }
  mutating func decode(_ type: Int64.Type) throws -> Int64 {
    try step(type) { [decoder] index in try decoder.integer(type, at: index) }
  }
  mutating func decode(_ type: UInt.Type) throws -> UInt {
    try step(type) { [decoder] index in try decoder.integer(type, at: index) }
  }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
    try step(type) { [decoder] index in try decoder.integer(type, at: index) }
  }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
    try step(type) { [decoder] index in try decoder.integer(type, at: index) }
  }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
    try step(type) { [decoder] index in try decoder.integer(type, at: index) }
  }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
    try step(type) { [decoder] index in try decoder.integer(type, at: index) }
  }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try step(type) { [decoder] index in try decoder.value(type, at: index) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<
    NestedKey
  > {
    guard !isAtEnd else { throw atEnd(KeyedDecodingContainer<NestedKey>.self) }
    decoder.reset(to: codingPath)
    let container = try decoder.nested(at: position, key: JSONIndexKey(index: currentIndex)) {
      try decoder.container(keyedBy: type)
    }
    position = decoder.next(after: position)
    currentIndex += 1
    return container
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard !isAtEnd else { throw atEnd((any UnkeyedDecodingContainer).self) }
    decoder.reset(to: codingPath)
    let container = try decoder.nested(at: position, key: JSONIndexKey(index: currentIndex)) {
      try decoder.unkeyedContainer()
    }
    position = decoder.next(after: position)
    currentIndex += 1
    return container
  }

  mutating func superDecoder() throws -> any Decoder {
    guard !isAtEnd else { throw atEnd((any Decoder).self) }
    let detached = decoder.detached(at: position, path: codingPath + [JSONIndexKey(index: currentIndex)])
    position = decoder.next(after: position)
    currentIndex += 1
    return detached
  }
}

struct JSONSingleValueDecoding: SingleValueDecodingContainer {
  let decoder: JSONTapeDecoder

  var codingPath: [any CodingKey] { decoder.path }

  func decodeNil() -> Bool { decoder.entries[decoder.current].kind == .null }
  func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool(at: decoder.current) }
  func decode(_ type: String.Type) throws -> String { try decoder.string(at: decoder.current, as: type) }
  func decode(_ type: Double.Type) throws -> Double { try decoder.double(at: decoder.current) }
  func decode(_ type: Float.Type) throws -> Float { try decoder.float(at: decoder.current) }
  func decode(_ type: Int.Type) throws -> Int { try decoder.integer(type, at: decoder.current) }
  func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(type, at: decoder.current) }
  func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(type, at: decoder.current) }
  func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(type, at: decoder.current) }
  func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(type, at: decoder.current) }
  func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(type, at: decoder.current) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(type, at: decoder.current) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(type, at: decoder.current) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(type, at: decoder.current) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.integer(type, at: decoder.current) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.value(type, at: decoder.current) }
}
