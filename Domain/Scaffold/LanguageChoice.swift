import CommandLineKit
import Localization

/// Which language an app speaks, decided before its command line is read (so that even a usage
/// error is in that language): `--language`, else `$ISS_LANGUAGE`, else `LC_ALL`, `LC_MESSAGES` or
/// `LANG` when they name a language the apps speak, else the app's default.
enum LanguageChoice {
  /// `--language en|ru` (default `$ISS_LANGUAGE`); `fallback` is the app's default, named in the help.
  static func option(fallback: Language) -> Option<Language> {
    Option(
      "language",
      ValueFormat(
        expectation: Strings.optionLanguageExpectation, completion: .values(Language.allCases.map(\.rawValue)),
        read: { Language(rawValue: $0.lowercased()) }, write: \.rawValue),
      placeholder: "language", environment: "ISS_LANGUAGE", help: Strings.optionLanguage(fallback: fallback.rawValue))
  }

  /// The language for `arguments` and `environment`. A value that names no language is skipped here;
  /// reading the command line then refuses it (in the language chosen without it).
  static func language(arguments: [String], environment: [String: String], fallback: Language) -> Language {
    if let named = optionValue(in: arguments), let language = Language(rawValue: named.lowercased()) {
      return language
    }
    if let named = environment["ISS_LANGUAGE"], let language = Language(rawValue: named.lowercased()) {
      return language
    }
    return Language.preferred(by: environment) ?? fallback
  }

  /// The value of the last `--language X` or `--language=X` before a `--`.
  private static func optionValue(in arguments: [String]) -> String? {
    var value: String?
    var index = arguments.startIndex
    while index < arguments.endIndex, arguments[index] != "--" {
      let argument = arguments[index]
      if argument == "--language", index + 1 < arguments.endIndex {
        value = arguments[index + 1]
        index += 1
      } else if argument.hasPrefix("--language=") {
        value = String(argument.dropFirst("--language=".count))
      }
      index += 1
    }
    return value
  }
}
