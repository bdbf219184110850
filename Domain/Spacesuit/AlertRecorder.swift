import SpacesuitServiceInterface
import UIComponents

/// Classifies readings with the thresholds and records the alerts they raise, so a crossing is never only printed.
@MainActor
struct AlertRecorder {
  let context: FlowContext
  let thresholds: Thresholds

  /// The readings of `values` with the alerts they raise; every alert is recorded and logged.
  func classify(_ readings: [Reading]) -> [SuitAlert] {
    let alerts = thresholds.alerts(for: readings)
    for alert in alerts {
      context.analytics.track(
        "suit.alert",
        [
          "metric": alert.reading.metric.rawValue, "status": alert.reading.status.rawValue,
          "value": "\(alert.reading.value)",
        ])
      context.logger.warning(alert.message)
    }
    return alerts
  }
}
