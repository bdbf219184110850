/// The calls whose arguments are for developers, logs and analytics, never shown to a person in
/// translation: their string literals are no `untranslated-text` findings.
///
/// A call is matched by how it is written: a free function (`fatalError("…")`), a macro
/// (`#warning("…")`), or a method on a receiver whose name ends in a given word (`logger.info(…)`,
/// `context.logger?.error(…)`, `analytics.track(…)`) — the last camel-case or `_` word of the name
/// just before the `.`, compared without case, so `auditLogger` is a logger and `dialog` is not.
package struct ExemptCalls: Sendable {
  /// Free functions (also written `Swift.name(…)`).
  package let functions: Set<String>
  /// Macros, without their `#`.
  package let macros: Set<String>
  /// Methods, with the last words their receiver's name may end in; an empty list: any receiver.
  package let methods: [String: Set<String>]

  /// Logging (`logger.info`), analytics (`analytics.track`, `recordError`), assertions and compiler diagnostics.
  package static let standard: ExemptCalls = {
    let logLevels = ["trace", "debug", "info", "notice", "warning", "error", "critical", "log"]
    var methods = Dictionary(uniqueKeysWithValues: logLevels.map { ($0, Set(["log", "logger"])) })
    methods["track"] = ["analytics"]
    methods["recordError"] = []
    return ExemptCalls(
      functions: ["fatalError", "precondition", "preconditionFailure", "assert", "assertionFailure"],
      macros: ["warning", "error"], methods: methods)
  }()

  /// Whether a call of `name` is exempt: a macro (`#name(`), a method on `receiver` (`receiver.name(`;
  /// `receiver` is `nil` for `.name(` or `x().name(`), or a free function (`isMember` false).
  package func contains(name: String, isMacro: Bool, isMember: Bool, receiver: String?) -> Bool {
    if isMacro { return macros.contains(name) }
    if !isMember || receiver == "Swift" { return functions.contains(name) }
    guard let words = methods[name] else { return false }
    guard !words.isEmpty else { return true }
    return receiver.map { words.contains(Self.lastWord(of: $0)) } ?? false
  }

  /// The last word of an identifier, lowercased: `auditLogger` and `HTTPLogger` → `logger`,
  /// `APP_ANALYTICS` → `analytics`, `log` → `log`.
  package static func lastWord(of name: String) -> String {
    let scalars = Array(name.unicodeScalars)
    var end = scalars.count
    while end > 0 && scalars[end - 1] == "_" { end -= 1 }
    var start = end
    while start > 0 {
      let previous = scalars[start - 1]
      if previous == "_" { break }
      if start < end && scalars[start].properties.isUppercase {
        // A capital starts the word after a lowercase letter (`auditLogger`) or, before a lowercase
        // letter, after capitals (`HTTPLogger`).
        let nextIsLowercase = start + 1 < end && scalars[start + 1].properties.isLowercase
        if previous.properties.isLowercase || (previous.properties.isUppercase && nextIsLowercase) { break }
      }
      start -= 1
    }
    var word = String.UnicodeScalarView()
    word.append(contentsOf: scalars[start..<end])
    return String(word).lowercased()
  }
}
