import Foundation

/// The figures of the station's power system this model uses, and the limits that raise alerts.
public enum PowerLimits {
  /// What one wing delivers facing the sun, kW.
  public static let wingPowerKW = 25.0
  /// The primary bus voltage, V.
  public static let busVoltage = 160.0
  /// Usable battery energy per channel (three Li-ion units), kWh.
  public static let batteryCapacityKWh = 40.0
  /// The most a channel's batteries take while charging, kW.
  public static let maximumChargeKW = 10.0
  /// The beta gimbal angle at which a wing is edge-on to the approach corridors, degrees.
  public static let featherAngle = 90.0
  /// Beta gimbal slew rate, degrees per second.
  public static let gimbalRate = 0.5
  /// Alpha joint slew rate when driven to an angle, degrees per second.
  public static let jointRate = 0.15
  /// Battery state of charge: below this a warning, %.
  public static let batteryWarningPercent = 60.0
  /// Battery state of charge: below this critical, %.
  public static let batteryCriticalPercent = 40.0
  /// A gimbal that does not move while further than this from its target is stuck, degrees.
  public static let stuckGimbalDegrees = 5.0

  /// The alerts a power status raises: low batteries and stuck gimbals.
  public static func alerts(for status: PowerStatus) -> [PowerAlert] {
    var alerts: [PowerAlert] = []
    for wing in status.wings {
      let charge = wing.batteryChargePercent
      if charge < batteryWarningPercent {
        let critical = charge < batteryCriticalPercent
        let limit = critical ? batteryCriticalPercent : batteryWarningPercent
        alerts.append(
          PowerAlert(
            severity: critical ? .critical : .warning, subject: "battery \(wing.channel.rawValue)",
            message: String(
              format: "channel %@ batteries at %.0f %% (below %.0f %%); shed load on the channel",
              wing.channel.rawValue,
              charge, limit)))
      }
      let offTarget = abs(angleDifference(wing.angle, wing.targetAngle))
      if !wing.isMoving && offTarget > stuckGimbalDegrees {
        alerts.append(
          PowerAlert(
            severity: .critical, subject: "beta gimbal \(wing.channel.rawValue)",
            message: String(
              format: "beta gimbal %@ does not move: %.0f° off its target; wing delivers %.1f of %.1f kW",
              wing.channel.rawValue, offTarget, wing.powerKW, wingPowerKW)))
      }
    }
    return alerts
  }
}

/// A reading of the power system beyond its limit.
public struct PowerAlert: Codable, Sendable, Equatable {
  /// How bad.
  public enum Severity: String, Codable, Sendable { case warning, critical }
  /// How bad.
  public var severity: Severity
  /// What it concerns, e.g. `battery 2B`.
  public var subject: String
  /// One line for a person.
  public var message: String
}

/// `a − b` folded into −180…180 degrees.
func angleDifference(_ a: Double, _ b: Double) -> Double {
  var difference = (a - b).truncatingRemainder(dividingBy: 360)
  if difference > 180 { difference -= 360 }
  if difference < -180 { difference += 360 }
  return difference
}
