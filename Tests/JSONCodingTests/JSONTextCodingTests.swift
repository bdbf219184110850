import FoundationEssentials
import Testing

@testable import JSONCoding

/// Dates as JSONEncoder's and JSONDecoder's `.iso8601` strategies write and read them.
let iso8601 = JSONDateText(
  write: { $0.formatted(Date.ISO8601FormatStyle()) }, read: { try? Date.ISO8601FormatStyle().parse($0) },
  refusal: { _ in "Expected date string to be ISO8601-formatted." })

func foundationEncoder() -> JSONEncoder {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  encoder.dateEncodingStrategy = .iso8601
  return encoder
}

func foundationDecoder() -> JSONDecoder {
  let decoder = JSONDecoder()
  // As Logging's `.utcTimestamp` strategy reads dates: the refusal keeps the coding path.
  decoder.dateDecodingStrategy = .custom { decoder in
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let date = try? Date.ISO8601FormatStyle().parse(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "Expected date string to be ISO8601-formatted.")
    }
    return date
  }
  return decoder
}

/// Encodes `value` with both encoders and requires the same bytes.
func expectSameText<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
  let theirs = try foundationEncoder().encode(value)
  let ours = try JSONTextEncoder(dates: iso8601).encode(value)
  #expect(
    String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self), sourceLocation: sourceLocation)
}

struct Everything: Codable, Equatable {
  var text: String
  var flag: Bool
  var int: Int
  var int8: Int8
  var int16: Int16
  var int32: Int32
  var int64: Int64
  var uint: UInt
  var uint8: UInt8
  var uint16: UInt16
  var uint32: UInt32
  var uint64: UInt64
  var double: Double
  var float: Float
  var optional: String?
  var optionalNumber: Double?
  var date: Date
  var dates: [Date]
  var data: Data
  var url: URL
  var list: [Int]
  var nested: [[String]]
  var table: [String: Int]
  var numbered: [Int: String]
  var child: Child?
  var children: [Child]
  var choice: Choice
  var choices: [Choice]
}

struct Child: Codable, Equatable {
  var name: String
  var zeta: Int?
  var Alpha: Double
  var _under: Bool
}

enum Choice: Codable, Equatable {
  case plain
  case labelled(count: Int, note: String?)
  case unlabelled(String, Double)
}

/// Strings of every kind: each ASCII byte, Unicode, emoji, combining marks.
func randomText(_ generator: inout some RandomNumberGenerator) -> String {
  let pieces: [String] = [
    "a", "Z", "/", "\\", "\"", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{00}", "\u{1F}", "\u{7F}", "é", "e\u{301}",
    "😀", "👩‍👩‍👧", "🇫🇷", "\u{2028}", "\u{FEFF}", "Ж", "中", " ", "'", "<", "&", "\u{10FFFF}",
  ]
  var text = ""
  for _ in 0..<Int.random(in: 0...12, using: &generator) {
    if Bool.random(using: &generator) {
      text.unicodeScalars.append(Unicode.Scalar(UInt8.random(in: 0...127, using: &generator)))
    } else {
      text += pieces.randomElement(using: &generator)!
    }
  }
  return text
}

func randomDouble(_ generator: inout some RandomNumberGenerator) -> Double {
  switch Int.random(in: 0...5, using: &generator) {
  case 0: return Double(Int.random(in: -1_000_000...1_000_000, using: &generator))
  case 1: return Double.random(in: -1...1, using: &generator)
  case 2: return Double(Int64.random(in: .min ... .max, using: &generator))
  case 3:
    return [0, -0.0, 1e15, 1e16, 1e-5, 1e-4, 1e21, 1e20, 5e-324, .greatestFiniteMagnitude, 0.1, 1.0 / 3].randomElement(
      using: &generator)!
  default:
    let value = Double(bitPattern: UInt64.random(in: .min ... .max, using: &generator))
    return value.isFinite ? value : 1.5
  }
}

func randomFloat(_ generator: inout some RandomNumberGenerator) -> Float {
  let value = Float(bitPattern: UInt32.random(in: .min ... .max, using: &generator))
  return value.isFinite ? value : [1, 1.5, 0.1, 16_777_216, 33_554_432, 1e8, -0.0].randomElement(using: &generator)!
}

func randomChild(_ generator: inout some RandomNumberGenerator) -> Child {
  Child(
    name: randomText(&generator),
    zeta: Bool.random(using: &generator) ? nil : Int.random(in: -5...5, using: &generator),
    Alpha: randomDouble(&generator), _under: Bool.random(using: &generator))
}

func randomEverything(_ generator: inout some RandomNumberGenerator) -> Everything {
  func choice() -> Choice {
    switch Int.random(in: 0...2, using: &generator) {
    case 0: .plain
    case 1:
      .labelled(
        count: Int.random(in: -9...9, using: &generator),
        note: Bool.random(using: &generator) ? nil : randomText(&generator))
    default: .unlabelled(randomText(&generator), randomDouble(&generator))
    }
  }
  let seconds = Double(Int.random(in: 0...4_000_000_000, using: &generator))
  return Everything(
    text: randomText(&generator), flag: Bool.random(using: &generator),
    int: Int.random(in: .min ... .max, using: &generator),
    int8: .random(in: .min ... .max, using: &generator), int16: .random(in: .min ... .max, using: &generator),
    int32: .random(in: .min ... .max, using: &generator), int64: .random(in: .min ... .max, using: &generator),
    uint: .random(in: .min ... .max, using: &generator), uint8: .random(in: .min ... .max, using: &generator),
    uint16: .random(in: .min ... .max, using: &generator), uint32: .random(in: .min ... .max, using: &generator),
    uint64: .random(in: .min ... .max, using: &generator), double: randomDouble(&generator),
    float: randomFloat(&generator), optional: Bool.random(using: &generator) ? nil : randomText(&generator),
    optionalNumber: Bool.random(using: &generator) ? nil : randomDouble(&generator),
    date: Date(timeIntervalSince1970: seconds), dates: [Date(timeIntervalSince1970: seconds / 2)],
    data: Data(
      (0..<Int.random(in: 0...9, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }),
    url: URL(string: "https://example.com/a/b?c=\(Int.random(in: 0...99, using: &generator))")!,
    list: (0..<Int.random(in: 0...4, using: &generator)).map { _ in Int.random(in: -99...99, using: &generator) },
    nested: [[randomText(&generator)], []],
    table: Dictionary(
      (0..<Int.random(in: 0...6, using: &generator)).map { _ in
        (randomText(&generator).replacing("e\u{301}", with: "é"), Int.random(in: 0...9, using: &generator))
      },
      uniquingKeysWith: { $1 }),
    numbered: [1: "a", 10: "b", 2: "c", -3: randomText(&generator)],
    child: Bool.random(using: &generator) ? nil : randomChild(&generator),
    children: (0..<Int.random(in: 0...3, using: &generator)).map { _ in randomChild(&generator) }, choice: choice(),
    choices: [choice(), choice()])
}

@Test func encodesManyValuesByteForByteAsJSONEncoder() throws {
  var generator = SystemRandomNumberGenerator()
  for _ in 0..<1_500 {
    let value = randomEverything(&generator)
    try expectSameText(value)
    // And reads back what it wrote, as JSONDecoder does.
    let text = try JSONTextEncoder(dates: iso8601).encode(value)
    let ours = try JSONTextDecoder(dates: iso8601).decode(Everything.self, from: text)
    let theirs = try foundationDecoder().decode(Everything.self, from: text)
    #expect(ours == theirs)
  }
}

@Test func encodesEveryASCIIByteAndUnicodeAsJSONEncoder() throws {
  var everyByte = ""
  for byte in 0..<128 { everyByte.unicodeScalars.append(Unicode.Scalar(UInt8(byte))) }
  try expectSameText(everyByte)
  try expectSameText(["key/\u{1}\"": everyByte + "é😀e\u{301}\u{2028}"])
  var generator = SystemRandomNumberGenerator()
  for _ in 0..<2_000 {
    let text = randomText(&generator)
    try expectSameText([text.replacing("e\u{301}", with: "é"): text])
    #expect(try JSONTextDecoder().decode(String.self, from: JSONTextEncoder().encode(text)) == text)
  }
}

@Test func encodesNumbersAsJSONEncoder() throws {
  var generator = SystemRandomNumberGenerator()
  let doubles: [Double] = [
    0, -0.0, 1, -1, 1.5, 1e15, 1e16, 1e-5, 1e-4, 0.1, 1.0 / 3, 2e300, 5e-324, 1e21, 1e20, 12345.678,
    .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, 9_007_199_254_740_992,
  ]
  try expectSameText(doubles)
  try expectSameText(doubles.filter { abs($0) <= Double(Float.greatestFiniteMagnitude) }.map(Float.init))
  try expectSameText([Int.min, Int.max, 0, -1, 9, 10])
  try expectSameText([UInt64.max, 0])
  for _ in 0..<3_000 {
    try expectSameText([randomDouble(&generator)])
    try expectSameText([randomFloat(&generator)])
  }
}

@Test func refusesNonFiniteNumbersAsJSONEncoder() throws {
  struct Holder: Encodable {
    var values: [Double]
    var single: Float
  }
  for value in [
    Holder(values: [1, .nan], single: 1), Holder(values: [], single: .infinity),
    Holder(values: [-.infinity], single: 0),
  ] {
    let theirs = try #require(throws: EncodingError.self) { try foundationEncoder().encode(value) }
    let ours = try #require(throws: EncodingError.self) { try JSONTextEncoder().encode(value) }
    guard case .invalidValue(_, let theirContext) = theirs, case .invalidValue(_, let ourContext) = ours else {
      Issue.record("not invalidValue")
      continue
    }
    #expect(ourContext.debugDescription == theirContext.debugDescription)
    #expect(ourContext.codingPath.map(\.stringValue) == theirContext.codingPath.map(\.stringValue))
  }
}

/// A key encoded twice, a nested container, an empty nested value, a super encoder.
struct Awkward: Codable {
  enum Keys: String, CodingKey { case b, a, nested, empty, list }
  struct Nothing: Codable {
    func encode(to encoder: any Encoder) throws {}
    init() {}
    init(from decoder: any Decoder) throws {}
  }
  init() {}
  init(from decoder: any Decoder) throws {}
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(1, forKey: .b)
    try container.encode("x", forKey: .a)
    try container.encode(2, forKey: .b)
    var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .nested)
    try nested.encode(true, forKey: .list)
    try nested.encodeNil(forKey: .a)
    try container.encode(Nothing(), forKey: .empty)
    var list = container.nestedUnkeyedContainer(forKey: .list)
    try list.encode(Nothing())
    try list.encodeNil()
    var inner = list.nestedUnkeyedContainer()
    try inner.encode(3)
    try Child(name: "s", zeta: nil, Alpha: 1, _under: false).encode(to: container.superEncoder())
  }
}

@Test func encodesAwkwardShapesAsJSONEncoder() throws {
  try expectSameText(Awkward())
  try expectSameText([Awkward(), Awkward()])
  try expectSameText(Optional<Int>.none)
  try expectSameText([String: Int]())
  try expectSameText([Int]())
}

/// What each decoder throws (or decodes), as one comparable line: the case, the type, the coding
/// path and the description (what `DecodingError.readableLine(for:)` shows, and more).
func outcome<T: Decodable>(_ type: T.Type, _ text: String, ours: Bool) -> String {
  do {
    let value =
      ours
      ? try JSONTextDecoder(dates: iso8601).decode(type, from: Data(text.utf8))
      : try foundationDecoder().decode(type, from: Data(text.utf8))
    return "ok \(value)"
  } catch let error as DecodingError {
    func path(_ context: DecodingError.Context) -> String {
      context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }.joined(separator: ".")
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "keyNotFound \(key.stringValue) at \(path(context)): \(context.debugDescription)"
    case .typeMismatch(let type, let context):
      return "typeMismatch \(type) at \(path(context)): \(context.debugDescription)"
    case .valueNotFound(let type, let context):
      return "valueNotFound \(type) at \(path(context)): \(context.debugDescription)"
    case .dataCorrupted(let context): return "dataCorrupted at \(path(context)): \(context.debugDescription)"
    @unknown default: return "\(error)"
    }
  } catch {
    return "other \(error)"
  }
}

struct Report: Codable, Equatable {
  struct Line: Codable, Equatable {
    var quantity: Int
    var note: String?
    var small: UInt8?
  }
  var name: String
  var items: [Line]
  var speed: Double?
  var when: Date?
  var level: Float?
  var flag: Bool?
  var tags: [String: Int]?
  var pair: [Int]?
}

@Test(arguments: [
  "", " ", "x", "{", "{}", "null", "[]", "1", "\"s\"", "{\"name\":\"a\"}", "{\"name\":\"a\",\"items\":[]}",
  "{\"name\":\"a\",\"items\":[{}]}", "{\"name\":1,\"items\":[]}", "{\"name\":null,\"items\":[]}",
  "{\"name\":\"a\",\"items\":null}", "{\"name\":\"a\",\"items\":{}}", "{\"name\":\"a\",\"items\":[1]}",
  "{\"name\":\"a\",\"items\":[{\"quantity\":true}]}", "{\"name\":\"a\",\"items\":[{\"quantity\":1.5}]}",
  "{\"name\":\"a\",\"items\":[{\"quantity\":1.0},{\"quantity\":1e2},{\"quantity\":-0}]}",
  "{\"name\":\"a\",\"items\":[{\"quantity\":99999999999999999999}]}",
  "{\"name\":\"a\",\"items\":[{\"quantity\":9223372036854775807},{\"quantity\":-9223372036854775808}]}",
  "{\"name\":\"a\",\"items\":[{\"quantity\":9223372036854775808}]}",
  "{\"name\":\"a\",\"items\":[{\"quantity\":1,\"small\":300}]}",
  "{\"name\":\"a\",\"items\":[{\"quantity\":1,\"small\":-1}]}",
  "{\"name\":\"a\",\"items\":[{\"quantity\":1,\"note\":5}]}", "{\"name\":\"a\",\"items\":[{\"quantity\":null}]}",
  "{\"name\":\"a\",\"items\":[],\"speed\":\"fast\"}", "{\"name\":\"a\",\"items\":[],\"speed\":1e400}",
  "{\"name\":\"a\",\"items\":[],\"speed\":-1.5E+3}", "{\"name\":\"a\",\"items\":[],\"level\":1e100}",
  "{\"name\":\"a\",\"items\":[],\"level\":0.1}", "{\"name\":\"a\",\"items\":[],\"flag\":1}",
  "{\"name\":\"a\",\"items\":[],\"when\":\"yesterday\"}", "{\"name\":\"a\",\"items\":[],\"when\":5}",
  "{\"name\":\"a\",\"items\":[],\"when\":\"2026-11-22T05:00:00Z\"}", "{\"name\":\"a\",\"name\":\"b\",\"items\":[]}",
  "{\"items\":[],\"name\":\"a\",\"name\":\"b\"}", "{\"name\":\"\\ud83d\\ude00\\u00e9\\n\\/\",\"items\":[]}",
  "{\"name\":\"\\ud83d\",\"items\":[]}", "{\"name\":\"\\ude00\",\"items\":[]}", "{\"name\":\"a\u{1}\",\"items\":[]}",
  "{\"name\":\"\\x\",\"items\":[]}", " {\"name\" : \"a\" , \"items\" : [ ] } \n", "{\"name\":\"a\",\"items\":[]}x",
  "{\"name\":\"a\",\"items\":[],}", "{\"name\":\"a\",\"items\":[1,]}",
  "{\"name\":\"a\",\"items\":[],\"speed\":1.}", "{\"name\":\"a\",\"items\":[],\"speed\":-}",
  "{\"name\":\"a\",\"items\":[],\"speed\":NaN}", "{\"name\":\"a\",\"items\":[],\"tags\":{\"x\":1,\"y\":\"2\"}}",
  "{\"name\":\"a\",\"items\":[],\"tags\":{\"x\":1,\"x\":2}}", "{\"name\":\"a\",\"items\":[],\"pair\":[1,null]}",
  "{\"name\":\"a\",\"items\":[],\"pair\":[1,\"2\"]}", "{\"n\\u0061me\":\"a\",\"items\":[]}",
  "{\"name\":\"é😀\",\"items\":[]}",
  "{\"name\":\"a\",\"items\":[],\"speed\":2.5e-3,\"extra\":{\"deep\":[[[{}]]]}}", "\u{FEFF}{}", "{'name':'a'}",
  "{\"name\":\"a\",\"items\":[],\"speed\":true}", "{\"name\":\"a\",\"items\":[{\"quantity\":1}],\"speed\":null}",
])
func decodingErrorsAreJSONDecoders(text: String) {
  #expect(outcome(Report.self, text, ours: true) == outcome(Report.self, text, ours: false))
}

@Test func decodesInvalidUTF8AndDeepNestingAsJSONDecoder() {
  for bytes: [UInt8] in [
    [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xC3, 0xA9, 0x22],
  ] {
    let ours = Result { try JSONTextDecoder().decode(String.self, from: Data(bytes)) }
    let theirs = Result { try JSONDecoder().decode(String.self, from: Data(bytes)) }
    #expect((try? ours.get()) == (try? theirs.get()), "\(bytes)")
  }
  let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
  #expect(outcome([JSONAny].self, deep, ours: true) == outcome([JSONAny].self, deep, ours: false))
}

/// Any JSON value, read through every container kind.
indirect enum JSONAny: Decodable, Equatable {
  case null, bool(Bool), number(Double), string(String), array([JSONAny]), object([String: JSONAny])

  init(from decoder: any Decoder) throws {
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self = .null
    } else if let value = try? single.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? single.decode(Double.self) {
      self = .number(value)
    } else if let value = try? single.decode(String.self) {
      self = .string(value)
    } else if let value = try? single.decode([JSONAny].self) {
      self = .array(value)
    } else {
      self = .object(try single.decode([String: JSONAny].self))
    }
  }
}

@Test(arguments: [
  "{\"a\":[1,2.5,-3e2,true,false,null,\"x\\u0041\\t\"],\"b\":{\"c\":{}},\"a\":0}", "[[],[[]],{}]",
  "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"",
  "-0.0", "1E+2", "  [ 1 , { \"k\" : [ ] } ]  ",
])
func readsAnyJSONAsJSONDecoder(text: String) throws {
  let ours = try JSONTextDecoder().decode(JSONAny.self, from: Data(text.utf8))
  #expect(ours == (try JSONDecoder().decode(JSONAny.self, from: Data(text.utf8))))
}

// MARK: The readable layout

/// `value` laid out readably by both encoders: the same text.
func expectSameReadableText<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
  let foundation = JSONEncoder()
  foundation.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  foundation.dateEncodingStrategy = .iso8601
  let theirs = String(decoding: try foundation.encode(value), as: UTF8.self)
  let ours = String(decoding: try JSONTextEncoder(dates: iso8601, layout: .readable).encode(value), as: UTF8.self)
  #expect(ours == theirs, sourceLocation: sourceLocation)
}

@Test func laysOutReadablyAsJSONEncoderPrettyPrinted() throws {
  try expectSameReadableText(Awkward())
  try expectSameReadableText([Awkward(), Awkward()])
  try expectSameReadableText([String: Int]())
  try expectSameReadableText([Int]())
  try expectSameReadableText([[Int]](arrayLiteral: [], [1, 2], []))
  try expectSameReadableText(["a/b": ["c/d", "\u{1}\"\\"], "e": []])
  try expectSameReadableText("a/b")
  try expectSameReadableText(5)
  var generator = SystemRandomNumberGenerator()
  for _ in 0..<500 {
    try expectSameReadableText(randomEverything(&generator))
  }
}

// MARK: Containers used in any order, super decoders

/// Reads a nested array, then a sibling, then the array again; and two nested objects, the first
/// read after the second was made: each container keeps its own path.
struct Interleaved: Decodable, CustomStringConvertible {
  enum Keys: String, CodingKey { case items, count, first, second, value }
  var items: [Int] = []
  var count = 0
  var values: [Int] = []

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    var list = try container.nestedUnkeyedContainer(forKey: .items)
    count = try container.decode(Int.self, forKey: .count)
    while !list.isAtEnd { items.append(try list.decode(Int.self)) }
    let first = try container.nestedContainer(keyedBy: Keys.self, forKey: .first)
    let second = try container.nestedContainer(keyedBy: Keys.self, forKey: .second)
    values.append(try second.decode(Int.self, forKey: .value))
    values.append(try first.decode(Int.self, forKey: .value))
  }

  var description: String { "\(items) \(count) \(values)" }
}

/// A type read through its keyed container's `superDecoder()`, whose keys have no `super`.
struct WithSuper: Decodable, CustomStringConvertible {
  enum Keys: String, CodingKey { case name }
  var name: String
  var inherited: String?

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    name = try container.decode(String.self, forKey: .name)
    let parent = try container.superDecoder().singleValueContainer()
    inherited = parent.decodeNil() ? nil : try parent.decode(String.self)
  }

  var description: String { "\(name) \(inherited ?? "nil")" }
}

@Test(arguments: [
  #"{"items": [1, 2], "count": 2, "first": {"value": 1}, "second": {"value": 2}}"#,
  #"{"items": [1, "x"], "count": 2, "first": {"value": 1}, "second": {"value": 2}}"#,
  #"{"items": [1], "count": 1, "first": {"value": "x"}, "second": {"value": 2}}"#,
  #"{"items": [1], "count": 1, "first": {}, "second": {"value": 2}}"#,
])
func containersUsedInAnyOrderKeepTheirPathsAsJSONDecoder(text: String) {
  #expect(outcome(Interleaved.self, text, ours: true) == outcome(Interleaved.self, text, ours: false))
}

@Test(arguments: [#"{"name": "a", "super": "b"}"#, #"{"name": "a"}"#, #"{"name": "a", "super": 1}"#])
func aKeyedSuperDecoderReadsTheSuperKeyOrNullAsJSONDecoder(text: String) {
  #expect(outcome(WithSuper.self, text, ours: true) == outcome(WithSuper.self, text, ours: false))
}
