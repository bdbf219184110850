import Localization
import SpacesuitServiceInterface

extension ReadingStatus {
  /// "optimal", "warning", "critical" in the reader's language.
  var word: LocalizedText {
    switch self {
    case .optimal: Strings.statusOptimal
    case .warning: Strings.statusWarning
    case .critical: Strings.statusCritical
    }
  }
}

extension SuitAlert {
  /// "CRITICAL: CO2 8.1 mmHg is CRITICAL (optimal 0.0–3.0 mmHg, warning 0.0–7.6)", drawn from the
  /// reading (the alert's stored `message` stays English for logs and `--json`).
  var line: LocalizedText {
    let marker = reading.status == .critical ? Strings.markerCritical : Strings.markerWarning
    return Strings.alertLine(
      marker: marker, metric: reading.metric.localizedName,
      value: LocalizedText.number(reading.value, fractionDigits: 1),
      unit: reading.metric.localizedUnit, status: marker, optimal: SuitNumbers.band(reading.threshold.optimal),
      warning: SuitNumbers.band(reading.threshold.warning))
  }
}

extension SuitCommand {
  /// What a route that sends this command changes: "set the suit's temperature 22.5 °C.".
  var change: LocalizedText {
    switch self {
    case .setTemperature(let celsius): Strings.changeTemperature(value: SuitNumbers.exact(celsius))
    case .setOxygenFlow(let flow): Strings.changeOxygenFlow(value: SuitNumbers.exact(flow))
    case .setLights(let on): on ? Strings.changeLightsOn : Strings.changeLightsOff
    }
  }
}

/// Numbers of the suit for the reader's language.
enum SuitNumbers {
  /// A band with one decimal: "28.9–31.0" / "28,9–31,0".
  static func band(_ band: ClosedRange<Double>) -> LocalizedText {
    LocalizedText.number(band.lowerBound, fractionDigits: 1) + .verbatim("–")
      + LocalizedText.number(band.upperBound, fractionDigits: 1)
  }

  /// A value as given, without rounding it away, at least one decimal: "15.99", "22.5", "16.0".
  static func exact(_ value: Double) -> LocalizedText {
    var digits = 1
    while digits < 6, (value * pow10(digits)).rounded() != value * pow10(digits) { digits += 1 }
    return LocalizedText.number(value, fractionDigits: digits)
  }

  /// A whole number without decimals, anything else with one: "22", "29.6".
  static func short(_ value: Double) -> LocalizedText {
    value.rounded() == value && abs(value) < 10_000
      ? LocalizedText.number(Int(value)) : LocalizedText.number(value, fractionDigits: 1)
  }

  private static func pow10(_ digits: Int) -> Double {
    (0..<digits).reduce(1.0) { result, _ in result * 10 }
  }
}
