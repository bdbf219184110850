import DeviceServiceInterface
import FoundationEssentials
import Localization

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
            severity: critical ? .critical : .warning,
            label: Strings.alertBatterySubject(channel: wing.channel.rawValue),
            text: Strings.alertBattery(
              channel: wing.channel.rawValue, charge: LocalizedText.number(charge, fractionDigits: 0),
              limit: LocalizedText.number(limit, fractionDigits: 0))))
      }
      let offTarget = abs(angleDifference(wing.angle, wing.targetAngle))
      if !wing.isMoving && offTarget > stuckGimbalDegrees {
        alerts.append(
          PowerAlert(
            severity: .critical, label: Strings.alertGimbalSubject(wing: wing.channel.rawValue),
            text: Strings.alertGimbal(
              wing: wing.channel.rawValue, offset: LocalizedText.number(offTarget, fractionDigits: 0),
              power: LocalizedText.number(wing.powerKW, fractionDigits: 1),
              rated: LocalizedText.number(wingPowerKW, fractionDigits: 1))))
      }
    }
    return alerts
  }
}

/// A reading of the power system beyond its limit.
public typealias PowerAlert = DeviceAlert

/// `a − b` folded into −180…180 degrees (the models of this package measure pointing errors with it).
package func angleDifference(_ a: Double, _ b: Double) -> Double {
  var difference = (a - b).truncatingRemainder(dividingBy: 360)
  if difference > 180 { difference -= 360 }
  if difference < -180 { difference += 360 }
  return difference
}
