import DeviceServiceInterface
import FoundationEssentials
import Localization

/// The figures of the external thermal control system this model uses, and the limits that raise alerts.
public enum ThermalLimits {
  /// The supply temperature the loops hold, °C.
  public static let supplySetPointC = 2.8
  /// A pump's nominal speed, rpm.
  public static let nominalPumpSpeedRPM = 8700.0
  /// A loop's ammonia flow at nominal pump speed, kg/s.
  public static let nominalFlowKgPerSecond = 0.77
  /// What one fully deployed radiator wing rejects, kW.
  public static let radiatorCapacityKW = 35.0
  /// How far a radiator's rotary joint turns either way, degrees.
  public static let rotaryJointRange = -105.0...105.0
  /// How long extending or retracting a radiator takes, seconds.
  public static let deploymentSeconds = 600.0
  /// Pump speed: below this a warning, rpm.
  public static let pumpWarningRPM = 8000.0
  /// Pump speed: below this critical, rpm.
  public static let pumpCriticalRPM = 6000.0
  /// Supply temperature: outside this band a warning, °C.
  public static let supplyOptimalC = 1.5...4.5
  /// Supply temperature: outside this band critical, °C.
  public static let supplyWarningC = 0.0...8.0
  /// Return temperature: above this a warning, °C.
  public static let returnWarningC = 12.0
  /// Return temperature: above this critical, °C.
  public static let returnCriticalC = 20.0

  /// The alerts a thermal status raises: slow pumps and loops out of their temperature bands.
  public static func alerts(for status: ThermalStatus) -> [ThermalAlert] {
    status.loops.flatMap { loop -> [ThermalAlert] in
      var alerts: [ThermalAlert] = []
      let name = loop.loop.rawValue
      if loop.pumpSpeedRPM < pumpWarningRPM {
        alerts.append(
          ThermalAlert(
            severity: loop.pumpSpeedRPM < pumpCriticalRPM ? .critical : .warning,
            label: Strings.alertPumpSubject(loop: name),
            text: Strings.alertPump(
              loop: name, speed: LocalizedText.number(loop.pumpSpeedRPM, fractionDigits: 0),
              nominal: LocalizedText.number(nominalPumpSpeedRPM, fractionDigits: 0))))
      }
      if !supplyOptimalC.contains(loop.supplyTemperatureC) {
        alerts.append(
          ThermalAlert(
            severity: supplyWarningC.contains(loop.supplyTemperatureC) ? .warning : .critical,
            label: Strings.alertSupplySubject(loop: name),
            text: Strings.alertSupply(
              loop: name, temperature: LocalizedText.number(loop.supplyTemperatureC, fractionDigits: 1),
              setPoint: LocalizedText.number(supplySetPointC, fractionDigits: 1))))
      }
      if loop.returnTemperatureC > returnWarningC {
        alerts.append(
          ThermalAlert(
            severity: loop.returnTemperatureC > returnCriticalC ? .critical : .warning,
            label: Strings.alertReturnSubject(loop: name),
            text: Strings.alertReturn(
              loop: name, temperature: LocalizedText.number(loop.returnTemperatureC, fractionDigits: 1),
              limit: LocalizedText.number(returnWarningC, fractionDigits: 0))))
      }
      return alerts
    }
  }
}

/// A reading of the thermal control system beyond its limit.
public typealias ThermalAlert = DeviceAlert
