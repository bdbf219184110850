/// The texts of one module in every language, keyed by name (`supplies.consumed`), with named
/// placeholders (`{item}`). The string-table plugin generates one per module from its
/// `Strings/<language>.json` files, and refuses a key missing in a language or a placeholder that
/// differs between languages, so a lookup here cannot miss.
public struct StringTable: Sendable {
  /// The module the texts belong to.
  public let module: String
  private let texts: [Language: [String: String]]

  /// A table for `module` with `texts` per language.
  public init(module: String, texts: [Language: [String: String]]) {
    self.module = module
    self.texts = texts
  }

  /// The text of `key` in `language` (English when the language lacks it, the key itself when no
  /// language has it).
  public func text(_ key: String, in language: Language) -> String {
    texts[language]?[key] ?? texts[.english]?[key] ?? key
  }

  /// Every key, for checks.
  public var keys: Set<String> {
    texts.values.reduce(into: Set<String>()) { $0.formUnion($1.keys) }
  }
}
