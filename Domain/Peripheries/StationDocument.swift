import DockingPortService
import Foundation
import HeatRadiatorService
import SolarArrayService
import UIComponents

/// An alert of any subsystem, as the overview shows and records it.
struct StationAlert: Codable, Sendable, Equatable, Hashable {
  /// How bad.
  enum Severity: String, Codable, Sendable { case warning, critical }
  /// `power` or `thermal`.
  let subsystem: String
  let severity: Severity
  let subject: String
  let message: String
}

/// The station's power at a glance.
struct PowerSummary: Codable, Sendable, Equatable {
  let generatedKW: Double
  let availableKW: Double
  let consumedKW: Double
  let batteryChargePercent: Double

  init(_ power: PowerStatus) {
    generatedKW = power.generatedKW
    availableKW = power.availableKW
    consumedKW = power.consumedKW
    batteryChargePercent = power.batteryChargePercent
  }
}

/// The overview: what `status` shows, also its `--json` document.
struct StationDocument: Codable, Sendable {
  let timestamp: Date
  let position: OrbitStatus
  let summary: PowerSummary
  let power: PowerStatus
  let thermal: ThermalStatus
  let docking: DockingStatus
  let alerts: [StationAlert]
}

/// Reads the station's three services and classifies what they report.
struct StationReader: Sendable {
  let power: any SolarArrayClient
  let thermal: any HeatRadiatorClient
  let docking: any DockingPortClient
  let schedule: any VehicleScheduleClient

  func document() async throws -> StationDocument {
    async let power = power.status()
    async let thermal = thermal.status()
    async let docking = docking.status()
    let (p, t, d) = try await (power, thermal, docking)
    return StationDocument(
      timestamp: p.timestamp, position: p.orbit, summary: PowerSummary(p), power: p, thermal: t, docking: d,
      alerts: Self.alerts(power: p) + Self.alerts(thermal: t))
  }

  static func alerts(power: PowerStatus) -> [StationAlert] {
    PowerLimits.alerts(for: power).map {
      StationAlert(
        subsystem: "power", severity: $0.severity == .critical ? .critical : .warning, subject: $0.subject,
        message: $0.message)
    }
  }

  static func alerts(thermal: ThermalStatus) -> [StationAlert] {
    ThermalLimits.alerts(for: thermal).map {
      StationAlert(
        subsystem: "thermal", severity: $0.severity == .critical ? .critical : .warning, subject: $0.subject,
        message: $0.message)
    }
  }
}

/// Records every alert when it is raised (a reading crossing its threshold) and logs when it clears,
/// so an alert is never only printed.
@MainActor
final class AlertRecorder {
  private let context: FlowContext
  private var active: Set<String> = []

  init(context: FlowContext) { self.context = context }

  /// Records the alerts that were not raised at the last look.
  func record(_ alerts: [StationAlert]) {
    let now = Set(alerts.map(\.subject))
    for alert in alerts where !active.contains(alert.subject) {
      context.analytics.track(
        "station.alert",
        ["subsystem": alert.subsystem, "severity": alert.severity.rawValue, "subject": alert.subject])
      context.logger.warning(alert.message, metadata: ["subject": alert.subject])
    }
    for cleared in active.subtracting(now) { context.logger.notice("alert cleared: \(cleared)") }
    active = now
  }
}
