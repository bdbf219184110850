import FoundationEssentials
import Localization
import SpacesuitServiceInterface
import UIComponents

/// One compact line per watched sample.
enum WatchLine {
  /// Column titles, each right-aligned over its value (the widths of `render`'s fields).
  static func header(_ translator: Translator) -> String {
    [
      padded(translator(Strings.watchTime), to: 8),
      rightAligned(translator(Strings.watchPressure), 9), rightAligned(translator(Strings.watchOxygen), 7),
      rightAligned(translator(Strings.watchCarbonDioxide), 9), rightAligned(translator(Strings.watchBattery), 7),
      rightAligned(translator(Strings.watchInside), 8), rightAligned(translator(Strings.watchOutside), 9),
    ].joined(separator: "  ")
  }

  private static func rightAligned(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  /// `text` cut or filled with spaces to exactly `width` characters.
  private static func padded(_ text: String, to width: Int) -> String {
    String(text.prefix(width)) + String(repeating: " ", count: max(0, width - text.count))
  }

  static func render(_ telemetry: SuitTelemetry, alerts: [SuitAlert], theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.suit)
    func value(_ number: Double, _ width: Int, _ unit: LocalizedText) -> String {
      rightAligned(translator.number(number, fractionDigits: 1), width) + " " + translator(unit)
    }
    let fields = [
      padded(translator.time(telemetry.timestamp), to: 8),
      value(telemetry.suitPressureKPa, 5, Metric.suitPressure.localizedUnit),
      value(telemetry.oxygenLevelPercent, 5, .verbatim("%")),
      value(telemetry.carbonDioxideMmHg, 4, Metric.carbonDioxide.localizedUnit),
      value(telemetry.batteryChargePercent, 5, .verbatim("%")),
      value(telemetry.internalTemperatureC, 5, .verbatim("°C")),
      value(telemetry.outsideTemperatureC, 6, .verbatim("°C")),
    ]
    var line = fields.joined(separator: "  ")
    if !alerts.isEmpty {
      line +=
        "  "
        + ReadingsScreen.alerts(alerts, theme: theme, translator: translator).replacingEvery("\n", with: "; ")
    }
    return line
  }
}
