import FoundationEssentials

/// Text a person reads, in whichever language they chose: a key into a module's table with the
/// values of its placeholders, a number or date formatted when it is shown, or a value that reads
/// the same in every language (a name, an id). Built once, rendered in any language.
public struct LocalizedText: Sendable, Hashable, CustomStringConvertible {
  private indirect enum Source: Sendable, Hashable {
    case table(StringTableReference, key: String, arguments: [String: LocalizedText])
    case verbatim(String)
    case integer(Int)
    case decimal(Double, fractionDigits: Int)
    case dateTime(Date)
    case time(Date)
    case joined([LocalizedText], separator: String)
  }

  private let source: Source

  private init(_ source: Source) { self.source = source }

  /// The text of `key` in `table`, its `{placeholders}` filled from `arguments`.
  public init(_ key: String, in table: StringTable, arguments: [String: LocalizedText] = [:]) {
    source = .table(StringTableReference(table), key: key, arguments: arguments)
  }

  /// A value that is the same in every language (a name, an id, a path).
  public static func verbatim(_ text: String) -> LocalizedText { LocalizedText(.verbatim(text)) }

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
    switch source {
    case .verbatim(let text): return text
    case .integer(let value): return translator.number(value)
    case .decimal(let value, let digits): return translator.number(value, fractionDigits: digits)
    case .dateTime(let date): return translator.dateTime(date)
    case .time(let date): return translator.time(date)
    case .joined(let parts, let separator):
      return parts.map { $0.resolved(by: translator) }.joined(separator: separator)
    case .table(let table, let key, let arguments):
      let text = table.table.text(key, in: translator.language)
      guard !arguments.isEmpty else { return text }
      return Self.fill(text, with: arguments.mapValues { $0.resolved(by: translator) })
    }
  }

  /// The text in `language`, dates in UTC.
  public func resolved(in language: Language) -> String { resolved(by: Translator(language: language)) }

  /// The English text (for logs and analytics, which never change with the language).
  public var description: String { resolved(by: .english) }

  /// Replaces each `{name}` once, left to right, so a value containing braces is never re-read.
  private static func fill(_ text: String, with values: [String: String]) -> String {
    var result = ""
    var rest = text[...]
    while let open = rest.firstIndex(of: "{") {
      result.append(contentsOf: rest[..<open])
      guard let close = rest[open...].firstIndex(of: "}"),
        let value = values[String(rest[rest.index(after: open)..<close])]
      else {
        result.append("{")
        rest = rest[rest.index(after: open)...]
        continue
      }
      result += value
      rest = rest[rest.index(after: close)...]
    }
    result.append(contentsOf: rest)
    return result
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
  /// The string as it is, in every language.
  public var localizedText: LocalizedText { .verbatim(self) }
}

extension Substring: TextArgument {
  /// The string as it is, in every language.
  public var localizedText: LocalizedText { .verbatim(String(self)) }
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
