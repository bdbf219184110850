/// One event as the line a JSON-lines analytics file holds, `{"date":…,"name":…,"properties":{…}}`:
/// compact, keys in order, slashes as they are — byte for byte what `JSONEncoder` writes with
/// `.sortedKeys` and `.withoutEscapingSlashes`, without its generic machinery, whose first use costs
/// a short command more than the rest of its analytics (`Scripts/bench`'s start-up rows).
enum AnalyticsEventLine {
  /// The line of `event` (without newline), its date written as `date`.
  static func line(for event: AnalyticsEvent, date: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(128)
    bytes.append(contentsOf: #"{"date":"#.utf8)
    appendQuoted(date, to: &bytes)
    bytes.append(contentsOf: #","name":"#.utf8)
    appendQuoted(event.name, to: &bytes)
    bytes.append(contentsOf: #","properties":{"#.utf8)
    for (index, key) in event.properties.keys.sorted().enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      appendQuoted(key, to: &bytes)
      bytes.append(UInt8(ascii: ":"))
      appendQuoted(event.properties[key] ?? "", to: &bytes)
    }
    bytes.append(contentsOf: "}}".utf8)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `text` as a JSON string: quotes, backslashes and control characters escaped as JSONEncoder
  /// escapes them (`\n`, `\t`, …, else `\u00XX`); everything else, `/` and non-ASCII included, as is.
  private static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), byte])
      case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
      case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
      case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
      case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
      case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
      case ..<0x20: bytes.append(contentsOf: #"\u00"#.utf8 + [hexDigit(byte >> 4), hexDigit(byte & 0x0F)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// The lowercase hex digit of `value` (0–15).
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }
}
