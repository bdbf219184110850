import FoundationEssentials
import Localization
import SpacesuitServiceInterface
import UIComponents

/// Renders classified readings as a table with their thresholds visible, in the translator's language.
enum ReadingsScreen {
  static func table(_ readings: [Reading], theme: Theme, translator: Translator) -> String {
    let rows = readings.map { reading in
      [
        translator(reading.metric.localizedName),
        translator(format(reading.value, unit: reading.metric.localizedUnit)),
        theme.apply(style(for: reading.status), to: translator(reading.status.word)),
        translator(range(reading.threshold.optimal, unit: reading.metric.localizedUnit)),
        translator(range(reading.threshold.warning, unit: reading.metric.localizedUnit)),
      ]
    }
    return Table(
      headers: [
        Strings.columnReading, Strings.columnValue, Strings.columnStatus, Strings.columnOptimal, Strings.columnWarning,
      ]
      .map(translator.callAsFunction), rows: rows,
      alignments: [.left, .right, .left, .left, .left]
    ).render(theme)
  }

  static func alerts(_ alerts: [SuitAlert], theme: Theme, translator: Translator) -> String {
    guard !alerts.isEmpty else { return theme.apply(.ok, to: translator(Strings.alertsNone)) }
    return alerts.map { alert in
      theme.apply(style(for: alert.reading.status), to: translator(alert.line))
    }.joined(separator: "\n")
  }

  static func style(for status: ReadingStatus) -> Theme.Style {
    switch status {
    case .optimal: .ok
    case .warning: .warning
    case .critical: .critical
    }
  }

  static func format(_ value: Double, unit: LocalizedText) -> LocalizedText {
    SuitNumbers.short(value) + .verbatim(" ") + unit
  }

  static func range(_ range: ClosedRange<Double>, unit: LocalizedText) -> LocalizedText {
    SuitNumbers.short(range.lowerBound) + .verbatim("–") + SuitNumbers.short(range.upperBound) + .verbatim(" ") + unit
  }
}
