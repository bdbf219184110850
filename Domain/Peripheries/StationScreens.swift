import DockingPortService
import Foundation
import HeatRadiatorService
import SolarArrayService
import UIComponents

/// Renders the station's screens as text (styled by the theme).
enum StationScreens {
  static func overview(_ document: StationDocument, theme: Theme) -> String {
    let theme = theme.screen(.overview)
    let summary = document.summary
    let position = document.position
    let sun = position.inSunlight ? "sunlight" : "eclipse"
    let station = KeyValuePanel(
      title: "ISS — \(document.timestamp.formatted(.iso8601))",
      rows: [
        .init(
          "Position",
          String(format: "%.2f°, %.2f°, %.0f km", position.latitude, position.longitude, position.altitudeKm)),
        .init(
          "Sun",
          String(
            format: "%@, %.0f min to %@", sun, position.minutesToTransition, position.inSunlight ? "sunset" : "sunrise"),
          style: position.inSunlight ? .ok : .dim),
      ]
    ).render(theme)
    let thermal = document.thermal.loops.map { loop in
      String(
        format: "loop %@ %.1f/%.1f °C %.0f rpm", loop.loop.rawValue, loop.supplyTemperatureC, loop.returnTemperatureC,
        loop.pumpSpeedRPM)
    }.joined(separator: ", ")
    let docked = document.docking.ports.filter { $0.vehicle != nil }
    let systems = KeyValuePanel(
      title: "Systems",
      rows: [
        .init("Power", String(format: "%.1f kW generated, %.1f kW consumed", summary.generatedKW, summary.consumedKW)),
        .init(
          "Batteries", String(format: "%.0f %%", summary.batteryChargePercent),
          style: summary.batteryChargePercent < PowerLimits.batteryWarningPercent ? .warning : .ok),
        .init("Thermal", thermal + String(format: "; %.1f kW rejected", document.thermal.heatRejectedKW)),
        .init("Docking", docked.isEmpty ? "no vehicles" : docked.map(portLine).joined(separator: "; ")),
      ]
    ).render(theme)
    return [station, systems, alerts(document.alerts, theme: theme)].joined(separator: "\n\n")
  }

  /// One line per watched sample when the output is not a terminal.
  static func watchLine(_ document: StationDocument) -> String {
    let loops = document.thermal.loops.map { String(format: "%@ %.1f°C", $0.loop.rawValue, $0.supplyTemperatureC) }
    var line = String(
      format: "%@  %@  gen %.1f kW  load %.1f kW  batt %.0f%%  loops %@  docked %d",
      document.timestamp.formatted(Date.ISO8601FormatStyle().time(includingFractionalSeconds: false)),
      document.position.inSunlight ? "sun    " : "eclipse", document.summary.generatedKW, document.summary.consumedKW,
      document.summary.batteryChargePercent, loops.joined(separator: " "),
      document.docking.ports.filter { $0.vehicle != nil }.count)
    if !document.alerts.isEmpty { line += "  ALERTS: " + document.alerts.map(\.subject).joined(separator: ", ") }
    return line
  }

  static func alerts(_ alerts: [StationAlert], theme: Theme) -> String {
    guard !alerts.isEmpty else { return theme.apply(.ok, to: "No alerts.") }
    return alerts.map { alert in
      let critical = alert.severity == .critical
      return theme.apply(critical ? .critical : .warning, to: "\(critical ? "CRITICAL" : "WARNING"): \(alert.message)")
    }.joined(separator: "\n")
  }

  static func power(_ power: PowerStatus, alerts: [StationAlert], theme: Theme) -> String {
    let theme = theme.screen(.power)
    let orbit = power.orbit
    let wings = Table(
      headers: ["Wing", "Truss", "Mode", "Angle", "Power", "Current", "Battery", "Charging"],
      rows: power.wings.map { wing in
        var mode = wing.mode.description
        if wing.isFeathered { mode += " (feathered)" } else if wing.isMoving { mode += " (moving)" }
        return [
          wing.channel.rawValue, wing.channel.segment, mode, String(format: "%.1f°", wing.angle),
          String(format: "%.1f kW", wing.powerKW), String(format: "%.0f A", wing.currentA),
          String(format: "%.0f %%", wing.batteryChargePercent), String(format: "%+.1f kW", wing.batteryKW),
        ]
      }
    ).render(theme)
    let joints = power.joints.map { joint in
      String(format: "%@ SARJ %@ at %.1f°", joint.joint.rawValue, joint.mode.description, joint.angle)
    }.joined(separator: ", ")
    let panel = KeyValuePanel(
      title: "Power — \(power.timestamp.formatted(.iso8601))",
      rows: [
        .init(
          "Generated",
          String(
            format: "%.1f of %.1f kW available; %.1f kW consumed", power.generatedKW, power.availableKW,
            power.consumedKW)),
        .init(
          "Sun",
          String(
            format: "%@, %.0f min to %@ (eclipse %.0f of %.0f min, beta %.0f°)",
            orbit.inSunlight ? "sunlight" : "eclipse",
            orbit.minutesToTransition, orbit.inSunlight ? "sunset" : "sunrise", orbit.eclipseMinutes,
            orbit.periodMinutes, orbit.betaAngle)),
        .init("Alpha joints", joints),
      ]
    ).render(theme)
    let battery = Gauge(
      label: "Batteries", value: (power.batteryChargePercent * 10).rounded() / 10, range: 0...100, unit: "%",
      style: power.batteryChargePercent < PowerLimits.batteryWarningPercent ? .warning : .ok
    ).render(theme)
    return [panel, wings, battery, self.alerts(alerts, theme: theme)].joined(separator: "\n\n")
  }

  static func thermal(_ thermal: ThermalStatus, alerts: [StationAlert], theme: Theme) -> String {
    let theme = theme.screen(.thermal)
    let loops = Table(
      headers: ["Loop", "Pump", "Flow", "Supply", "Return", "Load", "Rejected"],
      rows: thermal.loops.map { loop in
        [
          loop.loop.rawValue, String(format: "%.0f rpm", loop.pumpSpeedRPM),
          String(format: "%.2f kg/s", loop.flowKgPerSecond), String(format: "%.1f °C", loop.supplyTemperatureC),
          String(format: "%.1f °C", loop.returnTemperatureC), String(format: "%.1f kW", loop.heatLoadKW),
          String(format: "%.1f kW", loop.heatRejectedKW),
        ]
      }
    ).render(theme)
    let radiators = Table(
      headers: ["Radiator", "Truss", "Loop", "Panels", "Extended", "Joint", "Angle", "Capacity"],
      rows: thermal.radiators.map { radiator in
        [
          radiator.wing.rawValue, radiator.wing.segment, radiator.wing.loop.rawValue, radiator.deployment.rawValue,
          String(format: "%.0f %%", radiator.extendedPercent), radiator.pointing.description,
          String(format: "%.1f°", radiator.angle), String(format: "%.1f kW", radiator.capacityKW),
        ]
      }
    ).render(theme)
    return [
      theme.apply(.title, to: "Thermal — \(thermal.timestamp.formatted(.iso8601))"), loops, radiators,
      self.alerts(alerts, theme: theme),
    ].joined(separator: "\n\n")
  }

  static func docking(_ docking: DockingStatus, schedule: ScheduleReading?, theme: Theme) -> String {
    let theme = theme.screen(.docking)
    let ports = Table(
      headers: ["Port", "Mechanism", "State", "Vehicle", "Range"],
      rows: docking.ports.map { port in
        [
          port.port.rawValue, port.port.mechanism.rawValue, port.phase.displayName,
          port.vehicle?.displayName ?? "—", port.rangeMeters.map { String(format: "%.1f m", $0) } ?? "",
        ]
      }, alignments: [.left, .left, .left, .left, .right]
    ).render(theme)
    let title = theme.apply(.title, to: "Docking — \(docking.timestamp.formatted(.iso8601))")
    guard let schedule else { return title + "\n\n" + ports }
    return [title, ports, self.schedule(schedule, theme: theme)].joined(separator: "\n\n")
  }

  static func schedule(_ reading: ScheduleReading, theme: Theme) -> String {
    let theme = theme.screen(.docking)
    let source =
      reading.isLive
      ? theme.apply(.ok, to: "from Houston")
      : theme.apply(.warning, to: "kept copy from \(reading.receivedAt.formatted(.iso8601)); Houston offline")
    let table = Table(
      headers: ["When (UTC)", "Event", "Vehicle", "Flight", "Port"],
      rows: reading.schedule.events.map { event in
        [
          event.time.formatted(.iso8601), event.kind.rawValue, event.vehicle.displayName, event.designation,
          event.port.rawValue,
        ]
      }, alignments: [.left, .left, .left, .left, .left]
    ).render(theme)
    return theme.apply(.heading, to: "Visiting vehicles") + " (\(source))\n" + table
  }

  static func portLine(_ port: PortStatus) -> String {
    let vehicle = port.vehicle?.displayName ?? "—"
    var line = "\(vehicle) at \(port.port.rawValue) (\(port.phase.displayName)"
    if let range = port.rangeMeters, port.phase == .approach || port.phase == .departing {
      line += String(format: ", %.1f m", range)
    }
    return line + ")"
  }
}
