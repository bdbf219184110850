import DockingPortServiceInterface
import FoundationEssentials
import HeatRadiatorServiceInterface
import Localization
import SolarArrayServiceInterface
import UIComponents

/// Renders the station's screens as text (styled by the theme) in the translator's language:
/// its words, its numbers (`30.1` / `30,1`), its dates.
enum StationScreens {
  static func overview(_ document: StationDocument, theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.overview)
    let summary = document.summary
    let position = document.position
    let station = KeyValuePanel(
      title: translator(Strings.overviewTitle(time: LocalizedText.dateTime(document.timestamp))),
      rows: [
        .init(
          translator(Strings.overviewPosition),
          translator(
            Strings.overviewPositionValue(
              latitude: decimal(position.latitude, 2), longitude: decimal(position.longitude, 2),
              altitude: decimal(position.altitudeKm, 0)))),
        .init(
          translator(Strings.overviewSun),
          translator(
            position.inSunlight
              ? Strings.sunDay(minutes: decimal(position.minutesToTransition, 0))
              : Strings.sunNight(minutes: decimal(position.minutesToTransition, 0))),
          style: position.inSunlight ? .ok : .dim),
      ]
    ).render(theme)
    let loops = LocalizedText.joined(
      document.thermal.loops.map { loop in
        Strings.overviewLoop(
          loop: loop.loop.rawValue, supply: decimal(loop.supplyTemperatureC, 1),
          returning: decimal(loop.returnTemperatureC, 1), speed: decimal(loop.pumpSpeedRPM, 0))
      }, separator: translator(Strings.listSeparator))
    let docked = document.docking.ports.filter { $0.vehicle != nil }
    let systems = KeyValuePanel(
      title: translator(Strings.overviewSystems),
      rows: [
        .init(
          translator(Strings.overviewPower),
          translator(
            Strings.overviewPowerValue(
              generated: decimal(summary.generatedKW, 1), consumed: decimal(summary.consumedKW, 1)))),
        .init(
          translator(Strings.overviewBatteries), percent(summary.batteryChargePercent, translator),
          style: summary.batteryChargePercent < PowerLimits.batteryWarningPercent ? .warning : .ok),
        .init(
          translator(Strings.overviewThermal),
          translator(
            Strings.overviewThermalValue(loops: loops, rejected: decimal(document.thermal.heatRejectedKW, 1)))),
        .init(
          translator(Strings.overviewDocking),
          translator(
            docked.isEmpty ? Strings.overviewNoVehicles : .joined(docked.map(portLine), separator: "; "))),
      ]
    ).render(theme)
    return [station, systems, alerts(document.alerts, theme: theme, translator: translator)].joined(separator: "\n\n")
  }

  /// One line per watched sample when the output is not a terminal.
  static func watchLine(_ document: StationDocument, translator: Translator) -> String {
    let loops = document.thermal.loops.map { "\($0.loop.rawValue) \(decimal($0.supplyTemperatureC, 1, translator))°C" }
    let sun = translator(Strings.watchSun)
    let eclipse = translator(Strings.watchEclipse)
    let width = max(sun.count, eclipse.count)
    let state = document.position.inSunlight ? sun : eclipse
    var line = translator(
      Strings.watchLine(
        time: LocalizedText.time(document.timestamp),
        sun: state + String(repeating: " ", count: width - state.count),
        generated: decimal(document.summary.generatedKW, 1), consumed: decimal(document.summary.consumedKW, 1),
        battery: decimal(document.summary.batteryChargePercent, 0), loops: loops.joined(separator: " "),
        docked: document.docking.ports.filter { $0.vehicle != nil }.count))
    if !document.alerts.isEmpty {
      line +=
        "  "
        + translator(Strings.watchAlerts(subjects: LocalizedText.joined(document.alerts.map(\.label), separator: ", ")))
    }
    return line
  }

  static func alerts(_ alerts: [StationAlert], theme: Theme, translator: Translator) -> String {
    guard !alerts.isEmpty else { return theme.apply(.ok, to: translator(Strings.alertsNone)) }
    return alerts.map { alert in
      let critical = alert.severity == .critical
      let line = critical ? Strings.alertsCritical(message: alert.text) : Strings.alertsWarning(message: alert.text)
      return theme.apply(critical ? .critical : .warning, to: translator(line))
    }.joined(separator: "\n")
  }

  static func power(_ power: PowerStatus, alerts: [StationAlert], theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.power)
    let orbit = power.orbit
    let wings = Table(
      headers: [
        Strings.columnWing, Strings.columnTruss, Strings.columnMode, Strings.columnAngle, Strings.columnPower,
        Strings.columnCurrent, Strings.columnBattery, Strings.columnCharging,
      ].map(translator.callAsFunction),
      rows: power.wings.map { wing in
        var mode = wing.mode.localizedName
        if wing.isFeathered {
          mode = Strings.powerModeFeathered(mode: mode)
        } else if wing.isMoving {
          mode = Strings.powerModeMoving(mode: mode)
        }
        return [
          LocalizedText.verbatim(wing.channel.rawValue), .verbatim(wing.channel.segment), mode, degrees(wing.angle, 1),
          Strings.unitKilowatts(value: decimal(wing.powerKW, 1)), Strings.unitAmperes(value: decimal(wing.currentA, 0)),
          percentText(wing.batteryChargePercent), Strings.unitKilowatts(value: signed(wing.batteryKW, 1)),
        ].map(translator.callAsFunction)
      }
    ).render(theme)
    let joints = LocalizedText.joined(
      power.joints.map { joint in
        Strings.powerJoint(
          joint: joint.joint.localizedName, mode: joint.mode.localizedName, angle: decimal(joint.angle, 1))
      }, separator: translator(Strings.listSeparator))
    let sun =
      orbit.inSunlight
      ? Strings.sunDayOrbit(
        minutes: decimal(orbit.minutesToTransition, 0), eclipse: decimal(orbit.eclipseMinutes, 0),
        period: decimal(orbit.periodMinutes, 0), beta: decimal(orbit.betaAngle, 0))
      : Strings.sunNightOrbit(
        minutes: decimal(orbit.minutesToTransition, 0), eclipse: decimal(orbit.eclipseMinutes, 0),
        period: decimal(orbit.periodMinutes, 0), beta: decimal(orbit.betaAngle, 0))
    let panel = KeyValuePanel(
      title: translator(Strings.powerTitle(time: LocalizedText.dateTime(power.timestamp))),
      rows: [
        .init(
          translator(Strings.powerGenerated),
          translator(
            Strings.powerGeneratedValue(
              generated: decimal(power.generatedKW, 1), available: decimal(power.availableKW, 1),
              consumed: decimal(power.consumedKW, 1)))),
        .init(translator(Strings.overviewSun), translator(sun)),
        .init(translator(Strings.powerAlphaJoints), translator(joints)),
      ]
    ).render(theme)
    let battery = Gauge(
      label: translator(Strings.overviewBatteries), value: (power.batteryChargePercent * 10).rounded() / 10,
      range: 0...100, unit: "%", style: power.batteryChargePercent < PowerLimits.batteryWarningPercent ? .warning : .ok
    ).render(theme, translator: translator)
    return [panel, wings, battery, self.alerts(alerts, theme: theme, translator: translator)].joined(separator: "\n\n")
  }

  static func thermal(_ thermal: ThermalStatus, alerts: [StationAlert], theme: Theme, translator: Translator) -> String
  {
    let theme = theme.screen(.thermal)
    let loops = Table(
      headers: [
        Strings.columnLoop, Strings.columnPump, Strings.columnFlow, Strings.columnSupply, Strings.columnReturn,
        Strings.columnLoad, Strings.columnRejected,
      ].map(translator.callAsFunction),
      rows: thermal.loops.map { loop in
        [
          LocalizedText.verbatim(loop.loop.rawValue), Strings.unitRpm(value: decimal(loop.pumpSpeedRPM, 0)),
          Strings.unitKilogramsPerSecond(value: decimal(loop.flowKgPerSecond, 2)),
          celsius(loop.supplyTemperatureC), celsius(loop.returnTemperatureC),
          Strings.unitKilowatts(value: decimal(loop.heatLoadKW, 1)),
          Strings.unitKilowatts(value: decimal(loop.heatRejectedKW, 1)),
        ].map(translator.callAsFunction)
      }
    ).render(theme)
    let radiators = Table(
      headers: [
        Strings.columnRadiator, Strings.columnTruss, Strings.columnLoop, Strings.columnPanels, Strings.columnExtended,
        Strings.columnJoint, Strings.columnAngle, Strings.columnCapacity,
      ].map(translator.callAsFunction),
      rows: thermal.radiators.map { radiator in
        [
          LocalizedText.verbatim(radiator.wing.rawValue), .verbatim(radiator.wing.segment),
          .verbatim(radiator.wing.loop.rawValue), radiator.deployment.localizedName,
          percentText(radiator.extendedPercent), radiator.pointing.localizedName, degrees(radiator.angle, 1),
          Strings.unitKilowatts(value: decimal(radiator.capacityKW, 1)),
        ].map(translator.callAsFunction)
      }
    ).render(theme)
    return [
      theme.apply(.title, to: translator(Strings.thermalTitle(time: LocalizedText.dateTime(thermal.timestamp)))),
      loops, radiators, self.alerts(alerts, theme: theme, translator: translator),
    ].joined(separator: "\n\n")
  }

  static func docking(
    _ docking: DockingStatus, schedule: ScheduleReading?, theme: Theme, translator: Translator
  ) -> String {
    let theme = theme.screen(.docking)
    let ports = Table(
      headers: [
        Strings.columnPort, Strings.columnMechanism, Strings.columnState, Strings.columnVehicle, Strings.columnRange,
      ].map(translator.callAsFunction),
      rows: docking.ports.map { port in
        [
          LocalizedText.verbatim(port.port.rawValue), port.port.mechanism.localizedName, port.phase.localizedName,
          port.vehicle?.localizedName ?? .verbatim("—"),
          port.rangeMeters.map { Strings.unitMetres(value: decimal($0, 1)) } ?? .verbatim(""),
        ].map(translator.callAsFunction)
      }, alignments: [.left, .left, .left, .left, .right]
    ).render(theme)
    let title = theme.apply(
      .title, to: translator(Strings.dockingTitle(time: LocalizedText.dateTime(docking.timestamp))))
    guard let schedule else { return title + "\n\n" + ports }
    return [title, ports, self.schedule(schedule, theme: theme, translator: translator)].joined(separator: "\n\n")
  }

  static func schedule(_ reading: ScheduleReading, theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.docking)
    let source =
      reading.isLive
      ? theme.apply(.ok, to: translator(Strings.scheduleFromHouston))
      : theme.apply(
        .warning, to: translator(Strings.scheduleKeptCopy(time: LocalizedText.dateTime(reading.receivedAt))))
    let table = Table(
      headers: [
        Strings.columnWhen, Strings.columnEvent, Strings.columnVehicle, Strings.columnFlight, Strings.columnPort,
      ].map(translator.callAsFunction),
      rows: reading.schedule.events.map { event in
        [
          LocalizedText.dateTime(event.time), event.kind.localizedName, event.vehicle.localizedName,
          .verbatim(event.designation), .verbatim(event.port.rawValue),
        ].map(translator.callAsFunction)
      }, alignments: [.left, .left, .left, .left, .left]
    ).render(theme)
    return theme.apply(.heading, to: translator(Strings.scheduleHeading)) + " (\(source))\n" + table
  }

  static func portLine(_ port: PortStatus) -> LocalizedText {
    let vehicle = port.vehicle?.localizedName ?? .verbatim("—")
    if let range = port.rangeMeters, port.phase == .approach || port.phase == .departing {
      return Strings.overviewPortMoving(
        vehicle: vehicle, port: port.port.rawValue, phase: port.phase.localizedName, range: decimal(range, 1))
    }
    return Strings.overviewPort(vehicle: vehicle, port: port.port.rawValue, phase: port.phase.localizedName)
  }

  // MARK: - Numbers and units

  /// `value` with exactly `digits` decimals, as the reader's language writes it.
  private static func decimal(_ value: Double, _ digits: Int) -> LocalizedText {
    .number(value, fractionDigits: digits)
  }

  private static func decimal(_ value: Double, _ digits: Int, _ translator: Translator) -> String {
    translator.number(value, fractionDigits: digits)
  }

  /// A sign always, as `%+.1f` writes it: `+2.5`, `-1.0`.
  private static func signed(_ value: Double, _ digits: Int) -> LocalizedText {
    value.sign == .minus ? decimal(value, digits) : .verbatim("+") + decimal(value, digits)
  }

  private static func degrees(_ value: Double, _ digits: Int) -> LocalizedText {
    decimal(value, digits) + .verbatim("°")
  }

  private static func celsius(_ value: Double) -> LocalizedText { decimal(value, 1) + .verbatim(" °C") }

  private static func percentText(_ value: Double) -> LocalizedText { decimal(value, 0) + .verbatim(" %") }

  private static func percent(_ value: Double, _ translator: Translator) -> String { translator(percentText(value)) }
}
