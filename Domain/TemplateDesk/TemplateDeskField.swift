import FoundationEssentials
import UIComponents

/// One row of the Template Desk screen: a field of the client's answer and its value as text. The
/// answer is read back from its `--json` form, so every field a script sees is on the screen too,
/// whatever type the service's interface answers with.
struct TemplateDeskField: Equatable, Sendable {
  /// The field's name as the JSON has it; nil when the answer is a single value.
  let label: String?
  /// The value on one line: text as it is, numbers without a needless `.0`, a nested value as compact JSON.
  let value: String

  /// The rows of `answer`: an object's fields in key order, a list's items numbered from 1, a single
  /// value as one row.
  static func fields(of answer: some Encodable) throws -> [TemplateDeskField] {
    let json = try JSONDecoder().decode(JSONValue.self, from: Data(try JSONOutput.render(answer).utf8))
    switch json {
    case .object(let members):
      return try members.sorted { $0.key < $1.key }.map { TemplateDeskField(label: $0.key, value: try $0.value.text) }
    case .array(let items):
      return try items.enumerated().map { TemplateDeskField(label: String($0.offset + 1), value: try $0.element.text) }
    default:
      return [TemplateDeskField(label: nil, value: try json.text)]
    }
  }

  /// A JSON value, as `JSONDecoder` reads any document.
  private indirect enum JSONValue: Codable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        self = .null
      } else if let value = try? container.decode(Bool.self) {
        self = .bool(value)
      } else if let value = try? container.decode(Double.self) {
        self = .number(value)
      } else if let value = try? container.decode(String.self) {
        self = .string(value)
      } else if let value = try? container.decode([JSONValue].self) {
        self = .array(value)
      } else {
        self = .object(try container.decode([String: JSONValue].self))
      }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .null: try container.encodeNil()
      case .bool(let value): try container.encode(value)
      case .number(let value): try container.encode(value)
      case .string(let value): try container.encode(value)
      case .array(let value): try container.encode(value)
      case .object(let value): try container.encode(value)
      }
    }

    /// The value on one line.
    var text: String {
      get throws {
        switch self {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .number(let value):
          return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .string(let value): return value
        case .array, .object:
          let encoder = JSONEncoder()
          encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
          return String(decoding: try encoder.encode(self), as: UTF8.self)
        }
      }
    }
  }
}
