/// One event as the line a JSON-lines analytics file holds, `{"date":…,"name":…,"properties":{…}}`:
/// compact, keys in order, slashes as they are — byte for byte what `JSONEncoder` writes with
/// `.sortedKeys` and `.withoutEscapingSlashes`, without its generic machinery, whose first use costs
/// a short command more than the rest of its analytics (`Scripts/bench`'s start-up rows).
enum AnalyticsEventLine {
  /// The line of `event` (without newline), its date written as `date`.
  static func line(for event: AnalyticsEvent, date: String) -> String {
    var line = #"{"date":"#
    appendQuoted(date, to: &line)
    line += #","name":"#
    appendQuoted(event.name, to: &line)
    line += #","properties":{"#
    for (index, key) in event.properties.keys.sorted().enumerated() {
      if index > 0 { line += "," }
      appendQuoted(key, to: &line)
      line += ":"
      appendQuoted(event.properties[key] ?? "", to: &line)
    }
    return line + "}}"
  }

  /// `text` as a JSON string: quotes, backslashes and control characters escaped as JSONEncoder
  /// escapes them (`\n`, `\t`, …, else `\u00XX`); everything else, `/` and non-ASCII included, as is.
  static func appendQuoted(_ text: String, to line: inout String) {
    line += "\""
    var plain = text.utf8.startIndex
    for index in text.utf8.indices {
      let byte = text.utf8[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
      line += Substring(text.utf8[plain..<index])
      line += escape(byte)
      plain = text.utf8.index(after: index)
    }
    line += Substring(text.utf8[plain...])
    line += "\""
  }

  private static func escape(_ byte: UInt8) -> String {
    switch byte {
    case UInt8(ascii: "\""): #"\""#
    case UInt8(ascii: "\\"): #"\\"#
    case 0x08: #"\b"#
    case 0x0C: #"\f"#
    case UInt8(ascii: "\n"): #"\n"#
    case UInt8(ascii: "\r"): #"\r"#
    case UInt8(ascii: "\t"): #"\t"#
    default: #"\u00"# + String(byte >> 4, radix: 16) + String(byte & 0x0F, radix: 16)
    }
  }
}
