import FoundationEssentials
import Synchronization

/// A value of a partner file that can say what it must look like, for error messages.
protocol PartnerValue: Decodable {
  /// What the value must be, e.g. true or false.
  static var expected: PartnerExpectation { get }
}

extension PartnerValue {
  /// What the value must be, in English.
  static var expectation: String { expected.text }
}

extension Bool: PartnerValue {
  static var expected: PartnerExpectation { .boolean }
}

extension String: PartnerValue {
  static var expected: PartnerExpectation { .string }
}

extension Array: PartnerValue where Element: PartnerValue {
  static var expected: PartnerExpectation { .list(of: Element.expected) }
}

/// A key read from the file as it is written (for objects whose keys are names, and to find unknown keys).
struct AnyKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }

  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// What a decode notices besides errors: the keys nobody reads.
final class DecodingNotes: Sendable {
  /// A key nobody reads, and the keys that are read where it stands.
  struct UnknownKey: Sendable {
    let path: String
    let known: [String]
  }

  private let found = Mutex<[UnknownKey]>([])

  var unknownKeys: [UnknownKey] { found.withLock { $0 } }

  func note(_ key: UnknownKey) { found.withLock { $0.append(key) } }

  /// The decoder's user-info key of the notes.
  static let key = CodingUserInfoKey(rawValue: "PartnerConfiguration.DecodingNotes")!
}

extension Decoder {
  /// The decoder's object, or a type mismatch that says `T` was expected here.
  func object<T: PartnerValue, Key: CodingKey>(_: T.Type, keyedBy: Key.Type) throws -> KeyedDecodingContainer<Key> {
    do {
      return try container(keyedBy: Key.self)
    } catch DecodingError.typeMismatch(_, let context) {
      throw DecodingError.typeMismatch(T.self, context)
    } catch DecodingError.valueNotFound(_, let context) {
      throw DecodingError.typeMismatch(T.self, context)
    }
  }

  /// Notes every key of the decoder's object that is not in `known` (a warning, not an error).
  func noteUnknownKeys(known: [String]) throws {
    guard let notes = userInfo[DecodingNotes.key] as? DecodingNotes else { return }
    let container = try container(keyedBy: AnyKey.self)
    for key in container.allKeys where !known.contains(key.stringValue) {
      notes.note(.init(path: KeyPath.text(container.codingPath + [key]), known: known))
    }
  }

  /// The decoder's single string, or a type mismatch that says `T` was expected here.
  func string<T: PartnerValue>(for _: T.Type) throws -> String {
    let container = try singleValueContainer()
    guard let text = try? container.decode(String.self) else {
      throw DecodingError.typeMismatch(T.self, .init(codingPath: codingPath, debugDescription: T.expectation))
    }
    return text
  }
}

extension KeyedDecodingContainer {
  /// The value at `key`, which must be there.
  func required<T: PartnerValue>(_: T.Type, _ key: Key) throws -> T {
    guard contains(key) else {
      throw PartnerValueError(codingPath: codingPath + [key], expected: T.expected, missing: true)
    }
    return try value(T.self, key)
  }

  /// The value at `key`, or nil when the key is not there.
  func optional<T: PartnerValue>(_: T.Type, _ key: Key) throws -> T? {
    contains(key) ? try value(T.self, key) : nil
  }

  /// The value at `key`; a value of the wrong kind right there is reported as not a `T`.
  private func value<T: PartnerValue>(_: T.Type, _ key: Key) throws -> T {
    do {
      return try decode(T.self, forKey: key)
    } catch DecodingError.typeMismatch(_, let context) where context.codingPath.count == codingPath.count + 1 {
      throw DecodingError.typeMismatch(T.self, context)
    } catch DecodingError.valueNotFound(_, let context) where context.codingPath.count <= codingPath.count + 1 {
      throw DecodingError.typeMismatch(T.self, .init(codingPath: codingPath + [key], debugDescription: ""))
    }
  }
}

/// Key paths as people read them: `theme.screens.dashboard.title.foreground`, `analytics.providers[1]`.
enum KeyPath {
  static func text(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text.isEmpty ? topLevel : text
  }

  /// The key path of the whole file.
  static let topLevel = "the top level"

  /// The value at `path` in the values `StrictJSON` read.
  static func value(at path: [any CodingKey], in root: Any) -> Any? {
    var node: Any? = root
    for key in path {
      if let index = key.intValue, let list = node as? [Any] {
        node = list.indices.contains(index) ? list[index] : nil
      } else {
        node = (node as? [String: Any])?[key.stringValue]
      }
    }
    return node
  }

  /// A JSON value as an error line shows it: `"yes"`, `3`, `true`, `null`, `a list`, `an object`.
  static func describe(_ value: Any?) -> FoundValue {
    switch value {
    case nil, is StrictJSON.Null: return .null
    case let text as String:
      let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
      return .json("\"" + shown.replacing("\"", with: "\\\"") + "\"")
    case let flag as Bool: return .json(flag ? "true" : "false")
    case let number as Int: return .json(String(number))
    case let number as Double:
      // As NSNumber writes a double: whole values without a fraction ("3" for 3.0).
      if number == number.rounded(), abs(number) < 1e15 { return .json(String(Int(number))) }
      return .json("\(number)")
    case is [Any]: return .list
    default: return .object
    }
  }
}
