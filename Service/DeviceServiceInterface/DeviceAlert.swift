import Localization

/// A device's reading beyond its limit (a station periphery's, for one), in every language.
public struct DeviceAlert: Sendable, Equatable {
  /// How bad.
  public enum Severity: String, Codable, Sendable {
    /// Beyond its normal range: look at it soon.
    case warning
    /// Beyond its safe range: act now.
    case critical
  }
  /// How bad.
  public var severity: Severity
  /// What it concerns, as a person reads it: `battery 2B` / `АКБ 2B`.
  public var label: LocalizedText
  /// One line for a person, in every language.
  public var text: LocalizedText

  /// An alert of `severity` about `label`, saying `text`.
  public init(severity: Severity, label: LocalizedText, text: LocalizedText) {
    self.severity = severity
    self.label = label
    self.text = text
  }

  /// What it concerns in English, e.g. `battery 2B`: the alert's name in logs and analytics.
  public var subject: String { label.description }
  /// The line in English, for logs.
  public var message: String { text.description }
}
