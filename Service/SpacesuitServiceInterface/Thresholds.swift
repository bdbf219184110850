import FoundationEssentials
import Localization

/// How a reading compares with its limits; ordered optimal < warning < critical.
public enum ReadingStatus: String, Codable, Sendable, Comparable, CaseIterable {
  case optimal, warning, critical

  private var rank: Int {
    switch self {
    case .optimal: 0
    case .warning: 1
    case .critical: 2
    }
  }

  public static func < (lhs: ReadingStatus, rhs: ReadingStatus) -> Bool { lhs.rank < rhs.rank }
}

/// A quantity the suit reports, with its display name and unit.
public enum Metric: String, Codable, Sendable, CaseIterable {
  case suitPressure, oxygenLevel, carbonDioxide, batteryCharge, internalTemperature, outsideTemperature,
    systolicPressure, diastolicPressure, bloodOxygen, heartRate, bodyTemperature

  /// The human name in English, e.g. "Suit pressure" (logs, stored alerts, `--json`).
  public var displayName: String { localizedName.description }

  /// The human name in the reader's language, e.g. "Suit pressure" / "Давление в скафандре".
  public var localizedName: LocalizedText {
    switch self {
    case .suitPressure: Strings.metricSuitPressure
    case .oxygenLevel: Strings.metricOxygenLevel
    case .carbonDioxide: Strings.metricCarbonDioxide
    case .batteryCharge: Strings.metricBatteryCharge
    case .internalTemperature: Strings.metricInternalTemperature
    case .outsideTemperature: Strings.metricOutsideTemperature
    case .systolicPressure: Strings.metricSystolicPressure
    case .diastolicPressure: Strings.metricDiastolicPressure
    case .bloodOxygen: Strings.metricBloodOxygen
    case .heartRate: Strings.metricHeartRate
    case .bodyTemperature: Strings.metricBodyTemperature
    }
  }

  /// The unit symbol in the reader's language, e.g. "kPa" / "кПа" (`%` and `°C` stay).
  public var localizedUnit: LocalizedText {
    switch self {
    case .suitPressure: Strings.unitKpa
    case .carbonDioxide, .systolicPressure, .diastolicPressure: Strings.unitMmhg
    case .heartRate: Strings.unitBpm
    case .oxygenLevel, .batteryCharge, .bloodOxygen, .internalTemperature, .outsideTemperature, .bodyTemperature:
      .verbatim(unit)
    }
  }

  /// The unit symbol, e.g. "kPa".
  public var unit: String {
    switch self {
    case .suitPressure: "kPa"
    case .oxygenLevel, .batteryCharge, .bloodOxygen: "%"
    case .carbonDioxide, .systolicPressure, .diastolicPressure: "mmHg"
    case .internalTemperature, .outsideTemperature, .bodyTemperature: "°C"
    case .heartRate: "bpm"
    }
  }
}

/// The limits of one metric: inside `optimal` is optimal, inside `warning` a warning, outside critical.
public struct Threshold: Codable, Sendable, Equatable {
  /// The metric these limits apply to.
  public var metric: Metric
  /// The optimal band (inclusive); lies within `warning`.
  public var optimal: ClosedRange<Double>
  /// The tolerable band (inclusive); anything outside is critical.
  public var warning: ClosedRange<Double>

  /// Creates a threshold.
  public init(metric: Metric, optimal: ClosedRange<Double>, warning: ClosedRange<Double>) {
    self.metric = metric
    self.optimal = optimal
    self.warning = warning
  }

  /// The status of `value`: bounds are inclusive (the optimal bounds themselves are optimal).
  public func classify(_ value: Double) -> ReadingStatus {
    if optimal.contains(value) { return .optimal }
    if warning.contains(value) { return .warning }
    return .critical
  }

  /// "optimal 28.9–31.0 kPa, warning 27.6–32.4" (English: logs, stored alerts, `--json`).
  public var summary: String { summaryText.description }

  /// The limits in the reader's language: "оптимально 28,9–31,0 кПа, предупреждение 27,6–32,4".
  public var summaryText: LocalizedText {
    Strings.thresholdSummary(
      optimal: SuitNumbers.band(optimal), unit: metric.localizedUnit, warning: SuitNumbers.band(warning))
  }
}

/// Formats a band with one decimal ("28.9–31.0").

/// Formats a value with one decimal ("29.6").
func formatValue(_ value: Double) -> String {
  PrintfNumber.fixed(value, fractionDigits: 1)
}

/// Formats a value as given, without rounding it away: "15.99", "22.5", "16.0" (at least one decimal).
func formatExact(_ value: Double) -> String {
  guard value.isFinite, value == value.rounded(), abs(value) < 1e15 else { return "\(value)" }
  return PrintfNumber.fixed(value, fractionDigits: 1)
}

/// One measured value, classified.
public struct Reading: Codable, Sendable, Equatable {
  /// What was measured.
  public var metric: Metric
  /// The measured value in `metric.unit`.
  public var value: Double
  /// How the value compares with `threshold`.
  public var status: ReadingStatus
  /// The limits used to classify it.
  public var threshold: Threshold

  /// Creates a reading.
  public init(metric: Metric, value: Double, status: ReadingStatus, threshold: Threshold) {
    self.metric = metric
    self.value = value
    self.status = status
    self.threshold = threshold
  }
}

/// A reading outside its optimal band, with a one-line message for the crew.
public struct SuitAlert: Codable, Sendable, Equatable {
  /// The reading that raised the alert (warning or critical).
  public var reading: Reading
  /// "CO2 8.1 mmHg is CRITICAL (optimal 0.0–3.0 mmHg, warning 0.0–7.6)"
  public var message: String

  /// Creates an alert.
  public init(reading: Reading, message: String) {
    self.reading = reading
    self.message = message
  }
}

/// The limits of every metric.
public struct Thresholds: Sendable, Equatable {
  private let table: [Metric: Threshold]

  /// Limits from `thresholds`; metrics left out fall back to `standard`.
  public init(_ thresholds: [Threshold]) {
    var table = Thresholds.standardTable
    for threshold in thresholds { table[threshold.metric] = threshold }
    self.table = table
  }

  /// EVA figures (NASA EMU / medical references), all in one table:
  ///
  /// | metric | optimal | warning (outside = critical) |
  /// |---|---|---|
  /// | suit pressure kPa | 28.9–31.0 (4.2–4.5 psi, nominal 29.6 = 4.3 psi) | 27.6–32.4 (4.0–4.7 psi) |
  /// | oxygen level % (primary tank) | 50–100 | 20–100 |
  /// | CO2 mmHg (partial pressure) | 0–3.0 | 0–7.6 |
  /// | battery % | 40–100 | 15–100 |
  /// | suit temperature °C | 18–27 | 15–30 |
  /// | outside temperature °C (informational) | −150–120 | −160–130 |
  /// | systolic mmHg | 90–120 | 80–140 |
  /// | diastolic mmHg | 60–80 | 50–90 |
  /// | SpO2 % | 95–100 | 90–100 |
  /// | heart rate bpm | 60–100 | 50–140 (EVA exertion) |
  /// | body temperature °C | 36.1–37.2 | 35.5–38.0 |
  public static let standard = Thresholds([])

  private static let standardTable: [Metric: Threshold] = {
    let rows: [(Metric, ClosedRange<Double>, ClosedRange<Double>)] = [
      (.suitPressure, 28.9...31.0, 27.6...32.4),
      (.oxygenLevel, 50...100, 20...100),
      (.carbonDioxide, 0...3.0, 0...7.6),
      (.batteryCharge, 40...100, 15...100),
      (.internalTemperature, 18...27, 15...30),
      (.outsideTemperature, -150...120, -160...130),
      (.systolicPressure, 90...120, 80...140),
      (.diastolicPressure, 60...80, 50...90),
      (.bloodOxygen, 95...100, 90...100),
      (.heartRate, 60...100, 50...140),
      (.bodyTemperature, 36.1...37.2, 35.5...38.0),
    ]
    return Dictionary(uniqueKeysWithValues: rows.map { ($0.0, Threshold(metric: $0.0, optimal: $0.1, warning: $0.2)) })
  }()

  /// The limits of `metric`.
  public func threshold(for metric: Metric) -> Threshold {
    table[metric]
      ?? Threshold(
        metric: metric, optimal: -Double.infinity...Double.infinity, warning: -Double.infinity...Double.infinity)
  }

  /// Classifies `value` of `metric`.
  public func classify(_ metric: Metric, _ value: Double) -> Reading {
    let threshold = threshold(for: metric)
    return Reading(metric: metric, value: value, status: threshold.classify(value), threshold: threshold)
  }

  /// An alert for every reading that is not optimal, worst first (stable within a status).
  public func alerts(for readings: [Reading]) -> [SuitAlert] {
    readings.filter { $0.status != .optimal }
      .enumerated()
      .sorted { $0.element.status != $1.element.status ? $0.element.status > $1.element.status : $0.offset < $1.offset }
      .map { _, reading in
        SuitAlert(
          reading: reading,
          message: "\(reading.metric.displayName) \(formatValue(reading.value)) \(reading.metric.unit) is "
            + "\(reading.status.rawValue.uppercased()) (\(reading.threshold.summary))")
      }
  }
}
