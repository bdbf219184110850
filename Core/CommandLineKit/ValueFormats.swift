import FoundationEssentials
import Localization
import Logging

extension ValueFormat where Value == String {
  /// Any text of 1 to `maximumLength` characters without control characters, trimmed of surrounding
  /// white space; `suggestions` are offered for completion (any other text is still valid).
  public static func text(maximumLength: Int = 200, suggestions: [String] = []) -> ValueFormat {
    ValueFormat(
      expectation: Strings.formatText(maximum: maximumLength),
      completion: suggestions.isEmpty ? .none : .values(suggestions),
      read: { text in
        let trimmed = text.trimmingSpaces()
        // Unicode scalars, not the characters a reader sees: "x" with 3,000 combining marks is one
        // character of 3,001 scalars, and what is stored and shown is bounded by them (and so in bytes).
        guard !trimmed.isEmpty, trimmed.unicodeScalars.count <= maximumLength else { return nil }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
          return nil
        }
        return trimmed
      },
      write: { $0 })
  }

  /// A path to a file or directory (any non-empty text); `~/` stands for the home directory.
  public static func path(directory: Bool = false) -> ValueFormat {
    ValueFormat(
      expectation: directory ? Strings.formatDirectory : Strings.formatPath,
      completion: directory ? .directories : .files,
      read: { $0.isEmpty ? nil : $0 }, write: { $0 })
  }

  /// One of `choices`, in any case; read as it is written in `choices`.
  public static func choice(_ choices: [String]) -> ValueFormat {
    ValueFormat(
      expectation: Strings.formatChoice(choices: LocalizedText.joined(values: choices, separator: ", ")),
      completion: .values(choices),
      documentsValues: true,
      read: { text in choices.first { $0.lowercased() == text.lowercased() } },
      write: { $0 })
  }
}

extension ValueFormat where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
  /// One of the type's cases, by raw value in any case.
  public static var choice: ValueFormat {
    ValueFormat<String>.choice(Value.allCases.map { $0.rawValue }).map {
      Value(rawValue: $0)
    } reverse: {
      $0.rawValue
    }
  }
}

extension ValueFormat where Value == Int {
  /// A whole number within `range`, as a person writes it (Localization's `WrittenNumber`: digits
  /// with an optional sign; no spaces, no decimals, no hex).
  public static func integer(in range: ClosedRange<Int>) -> ValueFormat {
    ValueFormat(
      expectation: Strings.formatInteger(lowest: String(range.lowerBound), highest: String(range.upperBound)),
      documentsValues: true,
      read: { text in WrittenNumber.integer(text).flatMap { range.contains($0) ? $0 : nil } },
      write: { String($0) })
  }
}

extension ValueFormat where Value == Double {
  /// A decimal number within `range`, as a person writes it (Localization's `WrittenNumber`: an
  /// optional sign, digits, one decimal mark — the point, or the comma in a language that shows
  /// decimals with one; no hex, no exponent, no `nan` or `inf`).
  public static func decimal(in range: ClosedRange<Double>) -> ValueFormat {
    ValueFormat(
      expectation: Strings.formatDecimal(lowest: decimalText(range.lowerBound), highest: decimalText(range.upperBound)),
      documentsValues: true,
      read: { text, language in
        guard let value = WrittenNumber.decimal(text, in: language), range.contains(value) else { return nil }
        return value
      },
      write: { decimalText($0) })
  }
}

extension ValueFormat where Value == Bool {
  /// `on`/`off` (also `true`/`false`, `yes`/`no`, `1`/`0`); written as `on` or `off`.
  public static var onOff: ValueFormat {
    ValueFormat(
      expectation: Strings.formatOnOff, completion: .values(["on", "off"]), documentsValues: true,
      read: { text in
        switch text.lowercased() {
        case "on", "true", "yes", "1": true
        case "off", "false", "no", "0": false
        default: nil
        }
      },
      write: { $0 ? "on" : "off" })
  }
}

extension ValueFormat where Value == URL {
  /// An absolute `http` or `https` URL with a host, e.g. `http://127.0.0.1:8765`.
  public static var httpURL: ValueFormat {
    ValueFormat(
      expectation: Strings.formatHttpUrl,
      read: { text in
        // A base URL: request paths are appended to it, so a query or a fragment would misdirect them.
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
          let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil, !text.contains("?"),
          !text.contains("#")
        else { return nil }
        return url
      },
      write: { $0.absoluteString })
  }
}

/// A decimal without a trailing `.0` for whole numbers: `16`, `0.5`, `22.5`.
func decimalText(_ value: Double) -> String {
  value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

extension ValueFormat where Value == LogLevel {
  /// A log level by name, any case (`debug`, `WARNING`, `warn`).
  public static var logLevel: ValueFormat {
    let names = LogLevel.allCases.map { $0.description.lowercased() }
    return ValueFormat(
      expectation: Strings.formatChoice(choices: names.joined(separator: ", ")), completion: .values(names),
      documentsValues: true,
      read: { LogLevel(name: $0) }, write: { $0.description.lowercased() })
  }
}

extension ValueFormat where Value == UInt64 {
  /// A whole number from 0 to 2^64 − 1, as a person writes it (`WrittenNumber`).
  public static var unsigned: ValueFormat {
    ValueFormat(
      expectation: Strings.formatInteger(lowest: "0", highest: String(UInt64.max)), documentsValues: true,
      read: { WrittenNumber.unsigned($0) },
      write: { String($0) })
  }
}
