import FoundationEssentials

/// Encodes any `Encodable` value as compact JSON with sorted keys, byte for byte what `JSONEncoder`
/// writes with `outputFormatting = [.sortedKeys]` and a custom date strategy that encodes one string
/// (`JSONDateText`), at a fraction of its cost: no dictionary per object, no nested encoder per date,
/// one pass that writes the text.
///
/// What it writes as `JSONEncoder` does: strings escaped alike (`"`, `\`, `/` as `\/`, control
/// characters as `\b \f \n \r \t` or `\u00xx`, everything else as UTF-8), integers in decimal,
/// `Double` and `Float` as their `description` without a trailing `.0`, non-finite numbers refused
/// with the same `EncodingError`, `nil` as `null` (and `encodeIfPresent` omits the key), keys sorted
/// as Swift strings compare, a key encoded twice keeping its last value, `Data` in Base64, `URL` as
/// its absolute string, `Decimal` as its description, a nested value that encodes nothing as `{}`.
/// `userInfo` is empty; there is no key or data strategy. `JSONTextLayout.readable` writes what
/// `JSONEncoder` writes with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` instead.
public struct JSONTextEncoder: Sendable {
  /// How dates are written; nil: as `Date` encodes itself (seconds since 2001, `JSONEncoder`'s default).
  public var dates: JSONDateText?
  /// How the text is laid out: compact (the default) or readable.
  public var layout: JSONTextLayout

  /// An encoder that writes dates with `dates`, laid out as `layout`.
  public init(dates: JSONDateText? = nil, layout: JSONTextLayout = .compact) {
    self.dates = dates
    self.layout = layout
  }

  /// The JSON text of `value`.
  /// - Throws: `EncodingError.invalidValue` for a non-finite number or a top-level value that encodes
  ///   nothing, as `JSONEncoder` does; any error the value's `encode(to:)` throws.
  public func encode<T: Encodable>(_ value: T) throws -> Data {
    Data(try encodedBytes(value))
  }

  /// The JSON text of `value`, as UTF-8 bytes. Throws as ``encode(_:)``.
  public func encodedBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
    let encoder = JSONNodeEncoder(dates: dates, parent: nil, key: nil)
    guard let node = try encoder.node(for: value) else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
    }
    var writer = JSONTextWriter(layout: layout)
    writer.write(node)
    return writer.bytes
  }
}

/// A value on its way to text: scalars as they are, objects and arrays as shared boxes their
/// containers fill.
enum JSONNode {
  case null
  case bool(Bool)
  case int(Int64)
  case uint(UInt64)
  case double(Double)
  case float(Float)
  case string(String)
  /// Text written as it is (a `Decimal`'s digits).
  case verbatim(String)
  case object(JSONObjectNode)
  case array(JSONArrayNode)
  /// What an encoder handed out by `superEncoder()` encoded (nothing yet: `{}`).
  case deferred(JSONNodeEncoder)
}

/// An object's members in the order they were encoded; sorted when written.
///
/// The node classes and `JSONNodeEncoder` belong to one encode call on one thread, and no access to
/// their state overlaps another, so their stored properties skip the run-time exclusivity checks
/// (as `JSONTapeDecoder`'s).
final class JSONObjectNode {
  @exclusivity(unchecked) var members: [(key: String, value: JSONNode)] = []

  init() {
    members.reserveCapacity(8)
  }

  func set(_ key: String, _ value: JSONNode) {
    members.append((key, value))
  }
}

/// An array's elements.
final class JSONArrayNode {
  @exclusivity(unchecked) var elements: [JSONNode] = []

  func append(_ value: JSONNode) {
    elements.append(value)
  }
}

/// The index key of an array element in a coding path, as `JSONEncoder` and `JSONDecoder` name it.
struct JSONIndexKey: CodingKey {
  let intValue: Int?
  let stringValue: String

  init(index: Int) {
    intValue = index
    stringValue = "Index \(index)"
  }

  init?(stringValue: String) {
    self.stringValue = stringValue
    intValue = nil
  }

  init?(intValue: Int) {
    self.init(index: intValue)
  }
}

/// The same value of a type the caller has just proved `T` to be.
@inline(__always)
func reinterpret<T, U>(_ value: T, as type: U.Type) -> U {
  withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: U.self) }
}

/// The encoder one value encodes itself with; its coding path is found by walking up its parents.
final class JSONNodeEncoder: Encoder {
  let dates: JSONDateText?
  let parent: JSONNodeEncoder?
  let key: (any CodingKey)?
  /// What the value encoded so far.
  @exclusivity(unchecked) var node: JSONNode?

  init(dates: JSONDateText?, parent: JSONNodeEncoder?, key: (any CodingKey)?) {
    self.dates = dates
    self.parent = parent
    self.key = key
  }

  var codingPath: [any CodingKey] {
    var path: [any CodingKey] = []
    var encoder: JSONNodeEncoder? = self
    while let current = encoder, let key = current.key {
      path.append(key)
      encoder = current.parent
    }
    return path.reversed()
  }

  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object(let object)? = node {
      return KeyedEncodingContainer(JSONKeyedEncoding<Key>(encoder: self, object: object))
    }
    let object = JSONObjectNode()
    node = .object(object)
    return KeyedEncodingContainer(JSONKeyedEncoding<Key>(encoder: self, object: object))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .array(let array)? = node { return JSONUnkeyedEncoding(encoder: self, array: array) }
    let array = JSONArrayNode()
    node = .array(array)
    return JSONUnkeyedEncoding(encoder: self, array: array)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { JSONSingleValueEncoding(encoder: self) }

  /// The node of `value` encoded at `key` below this encoder (nil: the value encoded nothing).
  func node<T: Encodable>(for value: T, at key: (any CodingKey)?) throws -> JSONNode? {
    if let scalar = try scalar(value, at: key) { return scalar }
    let child = JSONNodeEncoder(dates: dates, parent: self, key: key)
    try value.encode(to: child)
    return child.node
  }

  /// The node of `value` encoded by this encoder itself (the top level).
  func node<T: Encodable>(for value: T) throws -> JSONNode? {
    if let scalar = try scalar(value, at: nil) { return scalar }
    try value.encode(to: self)
    return node
  }

  /// `value` as a node when its type is one written directly (strings, numbers, dates, data).
  @inline(__always)
  func scalar<T: Encodable>(_ value: T, at key: (any CodingKey)?) throws -> JSONNode? {
    if T.self == String.self { return .string(reinterpret(value, as: String.self)) }
    if T.self == Int.self { return .int(Int64(reinterpret(value, as: Int.self))) }
    if T.self == Bool.self { return .bool(reinterpret(value, as: Bool.self)) }
    if T.self == Double.self { return try number(reinterpret(value, as: Double.self), at: key) }
    if T.self == Date.self, let dates { return .string(dates.write(reinterpret(value, as: Date.self))) }
    if T.self == Int64.self { return .int(reinterpret(value, as: Int64.self)) }
    if T.self == Data.self { return .string(reinterpret(value, as: Data.self).base64EncodedString()) }
    if T.self == URL.self { return .string(reinterpret(value, as: URL.self).absoluteString) }
    if T.self == Decimal.self { return .verbatim(reinterpret(value, as: Decimal.self).description) }
    return nil
  }

  /// A finite `Double`, else the error `JSONEncoder` throws.
  func number(_ value: Double, at key: (any CodingKey)?) throws -> JSONNode {
    guard value.isFinite else { throw nonFinite(value, at: key) }
    return .double(value)
  }

  /// A finite `Float`, else the error `JSONEncoder` throws.
  func number(_ value: Float, at key: (any CodingKey)?) throws -> JSONNode {
    guard value.isFinite else { throw nonFinite(value, at: key) }
    return .float(value)
  }

  func nonFinite<F: BinaryFloatingPoint>(_ value: F, at key: (any CodingKey)?) -> EncodingError {
    EncodingError.invalidValue(
      value,
      EncodingError.Context(
        codingPath: codingPath + (key.map { [$0] } ?? []),
        debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
  }
}

struct JSONKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: JSONNodeEncoder
  let object: JSONObjectNode

  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil(forKey key: Key) throws { object.set(key.stringValue, .null) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { object.set(key.stringValue, .bool(value)) }
  mutating func encode(_ value: String, forKey key: Key) throws { object.set(key.stringValue, .string(value)) }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    object.set(key.stringValue, try encoder.number(value, at: key))
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    object.set(key.stringValue, try encoder.number(value, at: key))
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { object.set(key.stringValue, .int(Int64(value))) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { object.set(key.stringValue, .int(Int64(value))) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { object.set(key.stringValue, .int(Int64(value))) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { object.set(key.stringValue, .int(Int64(value))) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { object.set(key.stringValue, .int(value)) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { object.set(key.stringValue, .uint(UInt64(value))) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { object.set(key.stringValue, .uint(UInt64(value))) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws {
    object.set(key.stringValue, .uint(UInt64(value)))
  }
  mutating func encode(_ value: UInt32, forKey key: Key) throws {
    object.set(key.stringValue, .uint(UInt64(value)))
  }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { object.set(key.stringValue, .uint(value)) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    let node = try encoder.node(for: value, at: key) ?? .object(JSONObjectNode())
    object.set(key.stringValue, node)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = JSONObjectNode()
    object.set(key.stringValue, .object(nested))
    let child = JSONNodeEncoder(dates: encoder.dates, parent: encoder, key: key)
    child.node = .object(nested)
    return KeyedEncodingContainer(JSONKeyedEncoding<NestedKey>(encoder: child, object: nested))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = JSONArrayNode()
    object.set(key.stringValue, .array(nested))
    let child = JSONNodeEncoder(dates: encoder.dates, parent: encoder, key: key)
    child.node = .array(nested)
    return JSONUnkeyedEncoding(encoder: child, array: nested)
  }

  mutating func superEncoder() -> any Encoder { superEncoder(named: JSONSuperKey.super) }

  mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

  private func superEncoder(named key: any CodingKey) -> any Encoder {
    let child = JSONNodeEncoder(dates: encoder.dates, parent: encoder, key: key)
    object.set(key.stringValue, .deferred(child))
    return child
  }
}

/// The key `superEncoder()` and `superDecoder()` use, as `JSONEncoder` names it.
enum JSONSuperKey: String, CodingKey {
  case `super`
}

struct JSONUnkeyedEncoding: UnkeyedEncodingContainer {
  let encoder: JSONNodeEncoder
  let array: JSONArrayNode

  var codingPath: [any CodingKey] { encoder.codingPath }
  var count: Int { array.elements.count }

  private var nextKey: JSONIndexKey { JSONIndexKey(index: array.elements.count) }

  mutating func encodeNil() throws { array.append(.null) }
  mutating func encode(_ value: Bool) throws { array.append(.bool(value)) }
  mutating func encode(_ value: String) throws { array.append(.string(value)) }
  mutating func encode(_ value: Double) throws { array.append(try encoder.number(value, at: nextKey)) }
  mutating func encode(_ value: Float) throws { array.append(try encoder.number(value, at: nextKey)) }
  mutating func encode(_ value: Int) throws { array.append(.int(Int64(value))) }
  mutating func encode(_ value: Int8) throws { array.append(.int(Int64(value))) }
  mutating func encode(_ value: Int16) throws { array.append(.int(Int64(value))) }
  mutating func encode(_ value: Int32) throws { array.append(.int(Int64(value))) }
  mutating func encode(_ value: Int64) throws { array.append(.int(value)) }
  mutating func encode(_ value: UInt) throws { array.append(.uint(UInt64(value))) }
  mutating func encode(_ value: UInt8) throws { array.append(.uint(UInt64(value))) }
  mutating func encode(_ value: UInt16) throws { array.append(.uint(UInt64(value))) }
  mutating func encode(_ value: UInt32) throws { array.append(.uint(UInt64(value))) }
  mutating func encode(_ value: UInt64) throws { array.append(.uint(value)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    array.append(try encoder.node(for: value, at: nextKey) ?? .object(JSONObjectNode()))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<
    NestedKey
  > {
    let child = JSONNodeEncoder(dates: encoder.dates, parent: encoder, key: nextKey)
    let nested = JSONObjectNode()
    array.append(.object(nested))
    child.node = .object(nested)
    return KeyedEncodingContainer(JSONKeyedEncoding<NestedKey>(encoder: child, object: nested))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let child = JSONNodeEncoder(dates: encoder.dates, parent: encoder, key: nextKey)
    let nested = JSONArrayNode()
    array.append(.array(nested))
    child.node = .array(nested)
    return JSONUnkeyedEncoding(encoder: child, array: nested)
  }

  mutating func superEncoder() -> any Encoder {
    let child = JSONNodeEncoder(dates: encoder.dates, parent: encoder, key: nextKey)
    array.append(.deferred(child))
    return child
  }
}

struct JSONSingleValueEncoding: SingleValueEncodingContainer {
  let encoder: JSONNodeEncoder

  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil() throws { encoder.node = .null }
  mutating func encode(_ value: Bool) throws { encoder.node = .bool(value) }
  mutating func encode(_ value: String) throws { encoder.node = .string(value) }
  mutating func encode(_ value: Double) throws { encoder.node = try encoder.number(value, at: nil) }
  mutating func encode(_ value: Float) throws { encoder.node = try encoder.number(value, at: nil) }
  mutating func encode(_ value: Int) throws { encoder.node = .int(Int64(value)) }
  mutating func encode(_ value: Int8) throws { encoder.node = .int(Int64(value)) }
  mutating func encode(_ value: Int16) throws { encoder.node = .int(Int64(value)) }
  mutating func encode(_ value: Int32) throws { encoder.node = .int(Int64(value)) }
  mutating func encode(_ value: Int64) throws { encoder.node = .int(value) }
  mutating func encode(_ value: UInt) throws { encoder.node = .uint(UInt64(value)) }
  mutating func encode(_ value: UInt8) throws { encoder.node = .uint(UInt64(value)) }
  mutating func encode(_ value: UInt16) throws { encoder.node = .uint(UInt64(value)) }
  mutating func encode(_ value: UInt32) throws { encoder.node = .uint(UInt64(value)) }
  mutating func encode(_ value: UInt64) throws { encoder.node = .uint(value) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    if let scalar = try encoder.scalar(value, at: nil) {
      encoder.node = scalar
      return
    }
    // The value encodes itself with this container's encoder, as JSONEncoder lets it.
    try value.encode(to: encoder)
    if encoder.node == nil { encoder.node = .object(JSONObjectNode()) }
  }
}
