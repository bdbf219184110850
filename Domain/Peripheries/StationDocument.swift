import DockingPortServiceInterface
import FoundationEssentials
import HeatRadiatorServiceInterface
import Localization
import SolarArrayServiceInterface
import UIComponents

/// An alert of any subsystem, as the overview shows and records it. Its JSON (and its record in
/// logs and analytics) is English; its `label` and `text` are shown in the reader's language.
struct StationAlert: Encodable, Sendable, Equatable, Hashable {
  /// How bad.
  enum Severity: String, Codable, Sendable { case warning, critical }
  /// `power` or `thermal`.
  let subsystem: String
  let severity: Severity
  /// What it concerns, in every language.
  let label: LocalizedText
  /// The line for a person, in every language.
  let text: LocalizedText

  /// What it concerns in English (`loop A pump`): the alert's name in JSON, logs and analytics.
  var subject: String { label.description }
  /// The line in English, for JSON and logs.
  var message: String { text.description }

  private enum CodingKeys: String, CodingKey { case subsystem, severity, subject, message }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(subsystem, forKey: .subsystem)
    try container.encode(severity, forKey: .severity)
    try container.encode(subject, forKey: .subject)
    try container.encode(message, forKey: .message)
  }
}

/// The station's power at a glance.
struct PowerSummary: Encodable, Sendable, Equatable {
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
struct StationDocument: Encodable, Sendable {
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
        subsystem: "power", severity: $0.severity == .critical ? .critical : .warning, label: $0.label, text: $0.text)
    }
  }

  static func alerts(thermal: ThermalStatus) -> [StationAlert] {
    ThermalLimits.alerts(for: thermal).map {
      StationAlert(
        subsystem: "thermal", severity: $0.severity == .critical ? .critical : .warning, label: $0.label,
        text: $0.text)
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
