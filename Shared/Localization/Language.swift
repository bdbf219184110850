import FoundationEssentials

/// A language the apps speak.
public enum Language: String, CaseIterable, Sendable, Codable {
  /// English, the default.
  case english = "en"
  /// Russian, the default of the Roscosmos flavour.
  case russian = "ru"

  /// The language the environment asks for, by POSIX precedence: `LC_ALL`, then `LC_MESSAGES`,
  /// then `LANG` (`ru_RU.UTF-8` → Russian); nil when none is set or none names a language here
  /// (`C` and `POSIX` name none).
  public static func preferred(by environment: [String: String]) -> Language? {
    for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      guard let value = environment[variable], !value.isEmpty else { continue }
      return Language(localeName: value)
    }
    return nil
  }

  /// The language of a locale name such as `ru_RU.UTF-8`, `en-GB` or `ru`; nil for any other.
  public init?(localeName: String) {
    let code = localeName.prefix { $0.isLetter }.lowercased()
    guard let language = Language(rawValue: code) else { return nil }
    self = language
  }
}
