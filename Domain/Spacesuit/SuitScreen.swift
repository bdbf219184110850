import Localization
import SpacesuitServiceInterface
import UIComponents

/// Renders the suit: readings with thresholds, gauges for consumables, settings and alerts.
enum SuitScreen {
  static func render(
    _ document: SuitStatusDocument, thresholds: Thresholds, theme: Theme, translator: Translator
  ) -> String {
    let theme = theme.screen(.suit)
    let telemetry = document.telemetry
    func gauge(_ label: LocalizedText, _ metric: Metric, _ value: Double) -> String {
      Gauge(
        label: translator(label), value: (value * 10).rounded() / 10, range: 0...100, unit: "%",
        style: ReadingsScreen.style(for: thresholds.classify(metric, value).status), labelWidth: 7
      ).render(theme, translator: translator)
    }
    let settings = KeyValuePanel(
      title: translator(Strings.settingsTitle),
      rows: [
        .init(
          translator(Strings.settingsTargetTemperature),
          translator(ReadingsScreen.format(telemetry.targetTemperatureC, unit: .verbatim("°C")))),
        .init(
          translator(Strings.settingsOxygenFlow),
          translator(ReadingsScreen.format(telemetry.oxygenFlowLitersPerMinute, unit: Strings.unitLitersPerMinute))),
        .init(
          translator(Strings.settingsHelmetLights),
          translator(telemetry.helmetLightsOn ? Strings.lightsOn : Strings.lightsOff)),
      ]
    ).render(theme)
    return [
      theme.apply(.title, to: translator(Strings.suitTitle(time: LocalizedText.dateTime(telemetry.timestamp)))),
      ReadingsScreen.table(document.readings, theme: theme, translator: translator),
      gauge(Strings.gaugeBattery, .batteryCharge, telemetry.batteryChargePercent) + "\n"
        + gauge(Strings.gaugeOxygen, .oxygenLevel, telemetry.oxygenLevelPercent),
      settings,
      ReadingsScreen.alerts(document.alerts, theme: theme, translator: translator),
    ].joined(separator: "\n\n")
  }
}
