/// The texts of one module in every language, keyed by name (`supplies.consumed`), with named
/// placeholders (`{item}`). The string-table plugin generates one per module from its
/// `Strings/<language>.json` files, and refuses a key missing in a language or a placeholder that
/// differs between languages, so a lookup here cannot miss.
public struct StringTable: Sendable {
  /// The module the texts belong to.
  public let module: String
  /// The text of a key in a language, nil when that language lacks it.
  private let lookup: @Sendable (String, Language) -> String?
  /// Every key of every language (read by `keys` only).
  private let allKeys: @Sendable () -> Set<String>

  /// A table for `module` with `texts` per language.
  public init(module: String, texts: [Language: [String: String]]) {
    self.module = module
    lookup = { texts[$1]?[$0] }
    allKeys = { texts.values.reduce(into: Set<String>()) { $0.formUnion($1.keys) } }
  }

  /// A table for `module` whose texts in a language are `texts(language)`, asked for only when a
  /// text of that language is.
  public init(module: String, texts: @escaping @Sendable (Language) -> [String: String]) {
    self.module = module
    lookup = { texts($1)[$0] }
    allKeys = { Language.allCases.reduce(into: Set<String>()) { $0.formUnion(texts($1).keys) } }
  }

  /// A table for `module` whose keys are `keys`, sorted, and whose texts in a language are
  /// `texts(language)`, one for each key in the same order: what the string-table plugin generates.
  /// Each language is an array of literals, asked for only when a text of that language is, and a
  /// key is found by bisection: a start-up hashes no key and builds no dictionary (`Scripts/bench`'s
  /// start-up rows).
  public init(module: String, sortedKeys keys: [String], texts: @escaping @Sendable (Language) -> [String]) {
    // Unsorted keys would not fail here but miss at lookup: a debug build says so at once.
    assert(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "\(module)'s string table keys are not sorted")
    self.module = module
    lookup = { key, language in
      var low = 0
      var high = keys.count
      while low < high {
        let middle = (low + high) / 2
        if keys[middle] < key { low = middle + 1 } else { high = middle }
      }
      guard low < keys.count, keys[low] == key else { return nil }
      let texts = texts(language)
      return low < texts.count ? texts[low] : nil
    }
    allKeys = { Set(keys) }
  }

  /// The text of `key` in `language` (English when the language lacks it, the key itself when no
  /// language has it).
  public func text(_ key: String, in language: Language) -> String {
    if let text = lookup(key, language) { return text }
    return language == .english ? key : lookup(key, .english) ?? key
  }

  /// Every key, for checks.
  public var keys: Set<String> { allKeys() }
}
