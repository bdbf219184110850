/// The texts of one module in every language, keyed by name (`supplies.consumed`), with named
/// placeholders (`{item}`). The string-table plugin generates one per module from its
/// `Strings/<language>.json` files, and refuses a key missing in a language or a placeholder that
/// differs between languages, so a lookup here cannot miss.
public struct StringTable: Sendable {
  /// The module the texts belong to.
  public let module: String
  /// The languages the table has texts in, when not all of them (read by `keys` only: a start-up
  /// makes no list of languages).
  private let languages: [Language]?
  /// The texts of one language, built on their first use.
  private let texts: @Sendable (Language) -> [String: String]

  /// A table for `module` with `texts` per language.
  public init(module: String, texts: [Language: [String: String]]) {
    self.module = module
    languages = Language.allCases.filter { texts[$0] != nil }
    self.texts = { texts[$0] ?? [:] }
  }

  /// A table for `module` whose texts in a language are `texts(language)`, asked for only when a
  /// text of that language is: the generated tables keep each language in a `static let` of its
  /// own, so a process builds the one it speaks and never the others.
  public init(module: String, texts: @escaping @Sendable (Language) -> [String: String]) {
    self.module = module
    languages = nil
    self.texts = texts
  }

  /// The text of `key` in `language` (English when the language lacks it, the key itself when no
  /// language has it).
  public func text(_ key: String, in language: Language) -> String {
    if let text = texts(language)[key] { return text }
    return language == .english ? key : texts(.english)[key] ?? key
  }

  /// Every key, for checks.
  public var keys: Set<String> {
    (languages ?? Language.allCases).reduce(into: Set<String>()) { $0.formUnion(texts($1).keys) }
  }
}
