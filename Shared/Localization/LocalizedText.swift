import FoundationEssentials

/// Text a person reads, in whichever language they chose: a key into a module's table with the
/// values of its placeholders, a number or date formatted when it is shown, or a value that reads
/// the same in every language (a name, an id). Built once, rendered in any language.
public struct LocalizedText: Sendable, Hashable, CustomStringConvertible {
  private indirect enum Source: Sendable, Hashable {
    /// The source as equality sees it: an echo is the verbatim value it shows.
    var comparable: Source {
      if case .echo(let text) = self { return .verbatim(text) }
      return self
    }

    case table(StringTableReference, key: String, arguments: [String: LocalizedText])
    case verbatim(String)
    /// Text from outside, shown inert (`InertText`): the one part of a line that may be cut to keep
    /// the line within its bound.
    case echo(String)
    case integer(Int)
    case decimal(Double, fractionDigits: Int)
    case dateTime(Date)
    case time(Date)
    case joined([LocalizedText], separator: String)
  }

  private let source: Source

  private init(_ source: Source) { self.source = source }

  /// Equal when they show the same: a value echoed from outside equals the same value verbatim.
  public static func == (lhs: LocalizedText, rhs: LocalizedText) -> Bool {
    lhs.source.comparable == rhs.source.comparable
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(source.comparable) }

  /// The text of `key` in `table`, its `{placeholders}` filled from `arguments`.
  public init(_ key: String, in table: StringTable, arguments: [String: LocalizedText] = [:]) {
    source = .table(StringTableReference(table), key: key, arguments: arguments)
  }

  /// A value that is the same in every language (a name, an id, a path).
  public static func verbatim(_ text: String) -> LocalizedText { LocalizedText(.verbatim(text)) }

  /// Text from outside already made inert (``InertText``): shown as it is, and cut first when a
  /// line would be too long (``resolvedLine(by:maximumBytes:)``).
  static func echo(_ text: String) -> LocalizedText { LocalizedText(.echo(text)) }

  /// A whole number with the language's grouping (`1,000` / `1 000`).
  public static func number(_ value: Int) -> LocalizedText { LocalizedText(.integer(value)) }

  /// A decimal with exactly `fractionDigits` digits after the language's separator (`22.5` / `22,5`).
  public static func number(_ value: Double, fractionDigits: Int) -> LocalizedText {
    LocalizedText(.decimal(value, fractionDigits: fractionDigits))
  }

  /// A date and time in the language's form and the translator's time zone.
  public static func dateTime(_ date: Date) -> LocalizedText { LocalizedText(.dateTime(date)) }

  /// A time of day in the translator's time zone.
  public static func time(_ date: Date) -> LocalizedText { LocalizedText(.time(date)) }

  /// `parts` one after another, `separator` between them.
  public static func joined(_ parts: [LocalizedText], separator: String = "") -> LocalizedText {
    LocalizedText(.joined(parts, separator: separator))
  }

  /// `values`, the same in every language (names, ids), `separator` between them: joined when
  /// the text is shown, so that a help text naming them costs a start-up nothing.
  public static func joined(values: [String], separator: String) -> LocalizedText {
    .joined(values.map { .verbatim($0) }, separator: separator)
  }

  /// `lhs` followed by `rhs`.
  public static func + (lhs: LocalizedText, rhs: LocalizedText) -> LocalizedText {
    .joined([lhs, rhs])
  }

  /// The text as `translator` renders it: its language, its time zone.
  public func resolved(by translator: Translator) -> String {
    resolved(by: translator, echoBytes: nil)
  }

  /// The text as `translator` renders it as one line of at most `maximumBytes` bytes where it can
  /// be: when it is longer, the values it echoes from outside (``InertText``, a plain `String`) are
  /// cut — to 160 bytes each, else 80, else 40, the least cut that fits — and never the sentence
  /// around them: what was wrong and how to fix it stays whole. A line whose own words are too long
  /// to fit either way keeps its echoes at 160 bytes each: cutting them would only lose more.
  public func resolvedLine(by translator: Translator, maximumBytes: Int = InertText.lineBytes) -> String {
    let whole = resolved(by: translator, echoBytes: nil)
    guard whole.utf8.count > maximumBytes else { return whole }
    let first = resolved(by: translator, echoBytes: 160)
    if first.utf8.count <= maximumBytes { return first }
    for echoBytes in [80, 40] {
      let line = resolved(by: translator, echoBytes: echoBytes)
      if line.utf8.count <= maximumBytes { return line }
    }
    return first
  }

  private func resolved(by translator: Translator, echoBytes: Int?) -> String {
    switch source {
    case .verbatim(let text): return text
    case .echo(let text):
      guard let echoBytes, text.utf8.count > echoBytes else { return text }
      return InertText.shortened(text, toBytes: echoBytes)
    case .integer(let value): return translator.number(value)
    case .decimal(let value, let digits): return translator.number(value, fractionDigits: digits)
    case .dateTime(let date): return translator.dateTime(date)
    case .time(let date): return translator.time(date)
    case .joined(let parts, let separator):
      return parts.map { $0.resolved(by: translator, echoBytes: echoBytes) }.joined(separator: separator)
    case .table(let table, let key, let arguments):
      let text = table.table.text(key, in: translator.language)
      guard !arguments.isEmpty else { return text }
      return Self.fill(text, with: arguments.mapValues { $0.resolved(by: translator, echoBytes: echoBytes) })
    }
  }

  /// The text in `language`, dates in UTC.
  public func resolved(in language: Language) -> String { resolved(by: Translator(language: language)) }

  /// The English text (for logs and analytics, which never change with the language).
  public var description: String { resolved(by: .english) }

  /// Replaces each `{name}` once, left to right, so a value containing braces is never re-read; a
  /// brace that opens no known placeholder stays as it is. Read on the text's UTF-8 bytes (a brace
  /// is one byte, never part of another character's).
  private static func fill(_ text: String, with values: [String: String]) -> String {
    var text = text
    return text.withUTF8 { bytes -> String in
      var result: [UInt8] = []
      result.reserveCapacity(bytes.count + 32)
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "{"),
          let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "}")),
          let value = values[String(decoding: bytes[(index + 1)..<close], as: UTF8.self)]
        else {
          result.append(byte)
          index += 1
          continue
        }
        result.append(contentsOf: value.utf8)
        index = close + 1
      }
      return String(decoding: result, as: UTF8.self)
    }
  }
}

/// A value that can fill a placeholder: text from a table, or a plain value shown as it is.
public protocol TextArgument: Sendable {
  /// The value as text to fill a placeholder with.
  var localizedText: LocalizedText { get }
}

extension LocalizedText: TextArgument {
  /// The text itself.
  public var localizedText: LocalizedText { self }
}

extension String: TextArgument {
  /// The string in every language, as a value a line quotes: shown inert (its control characters,
  /// line breaks too, as escapes: ``InertText``), and cut first when the line would be too long.
  /// A whole sentence that is the same in every language is `LocalizedText.verbatim`.
  public var localizedText: LocalizedText { InertText(self, limit: nil).localizedText }
}

extension Substring: TextArgument {
  /// The string in every language, as a value a line quotes (see `String`'s).
  public var localizedText: LocalizedText { InertText(self, limit: nil).localizedText }
}

extension Int: TextArgument {
  /// The number with the language's grouping.
  public var localizedText: LocalizedText { .number(self) }
}

/// A table compared by its module name (tables are generated once per module).
private struct StringTableReference: Sendable, Hashable {
  let table: StringTable

  init(_ table: StringTable) { self.table = table }

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.table.module == rhs.table.module }
  func hash(into hasher: inout Hasher) { hasher.combine(table.module) }
}
