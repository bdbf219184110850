import Foundation

/// What the text of a package's manifest tells without running SwiftPM.
package enum ManifestText {
  /// Words every setting that decides an `#if` is written with: `.define(…)`, `unsafeFlags` (`-D`,
  /// `-swift-version`), traits (`traits:`, `.trait(…)`, `Trait`) and language modes (`swiftLanguageMode…`,
  /// `swiftLanguageVersion…`).
  package static let conditionSettingWords = ["define", "unsafeFlags", "rait", "swiftLanguage"]

  /// Whether a manifest of the package (`Package.swift`, or a version-specific `Package@swift-….swift`)
  /// may have settings that decide `#if` conditions. When none has, every target compiles with SwiftPM's
  /// own flags and its tools version's language mode, and `dump-package` has nothing to add. A manifest
  /// that cannot be read may have any.
  package static func mayHaveConditionSettings(packagePath: String) -> Bool {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: packagePath)) ?? []
    let manifests = names.filter { $0 == "Package.swift" || ($0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift")) }
    guard !manifests.isEmpty else { return true }
    for name in manifests {
      guard
        let text = try? String(contentsOfFile: (packagePath as NSString).appendingPathComponent(name), encoding: .utf8)
      else { return true }
      if conditionSettingWords.contains(where: text.contains) { return true }
    }
    return false
  }

  /// Whether a manifest of the package spells a define, a trait or a language mode, the settings an
  /// `#if` of an ordinary package most often needs: then `dump-package` is worth starting at once, next
  /// to `describe`, rather than when the lexer first meets such an `#if`.
  package static func mayDefineFlagsOrModes(packagePath: String) -> Bool {
    manifests(packagePath: packagePath).contains { text in
      text.map { text in ["define", "rait", "swiftLanguage"].contains(where: text.contains) } ?? true
    }
  }

  /// The texts of the package's manifests (`nil` for one that cannot be read).
  private static func manifests(packagePath: String) -> [String?] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: packagePath)) ?? []
    return names.filter { $0 == "Package.swift" || ($0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift")) }.map {
      try? String(contentsOfFile: (packagePath as NSString).appendingPathComponent($0), encoding: .utf8)
    }
  }
}
