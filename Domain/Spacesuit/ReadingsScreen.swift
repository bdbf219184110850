import Foundation
import SpacesuitService
import UIComponents

/// Renders classified readings as a table with their thresholds visible.
enum ReadingsScreen {
  static func table(_ readings: [Reading], theme: Theme) -> String {
    let rows = readings.map { reading in
      [
        reading.metric.displayName,
        format(reading.value, unit: reading.metric.unit),
        theme.apply(style(for: reading.status), to: reading.status.rawValue),
        range(reading.threshold.optimal, unit: reading.metric.unit),
        range(reading.threshold.warning, unit: reading.metric.unit),
      ]
    }
    return Table(
      headers: ["Reading", "Value", "Status", "Optimal", "Warning"], rows: rows,
      alignments: [.left, .right, .left, .left, .left]
    ).render(theme)
  }

  static func alerts(_ alerts: [SuitAlert], theme: Theme) -> String {
    guard !alerts.isEmpty else { return theme.apply(.ok, to: "No alerts: every reading is optimal.") }
    return alerts.map { alert in
      let marker = alert.reading.status == .critical ? "CRITICAL" : "WARNING"
      return theme.apply(style(for: alert.reading.status), to: "\(marker): \(alert.message)")
    }.joined(separator: "\n")
  }

  static func style(for status: ReadingStatus) -> Theme.Style {
    switch status {
    case .optimal: .ok
    case .warning: .warning
    case .critical: .critical
    }
  }

  static func format(_ value: Double, unit: String) -> String {
    unit.isEmpty ? number(value) : "\(number(value)) \(unit)"
  }

  static func range(_ range: ClosedRange<Double>, unit: String) -> String {
    "\(number(range.lowerBound))–\(number(range.upperBound)) \(unit)".trimmingCharacters(in: .whitespaces)
  }

  /// A whole number without decimals, anything else with one.
  private static func number(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 10_000 ? String(Int(value)) : String(format: "%.1f", value)
  }
}
