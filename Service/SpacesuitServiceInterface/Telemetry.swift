import FoundationEssentials

/// One sample of the suit's life-support and environment readings.
public struct SuitTelemetry: Codable, Sendable, Equatable {
  /// Suit pressure, kPa (nominal 29.6 = 4.3 psi).
  public var suitPressureKPa: Double
  /// Primary oxygen tank level, %.
  public var oxygenLevelPercent: Double
  /// CO2 partial pressure inside the helmet, mmHg.
  public var carbonDioxideMmHg: Double
  /// Battery charge, %.
  public var batteryChargePercent: Double
  /// Temperature inside the suit, °C.
  public var internalTemperatureC: Double
  /// Temperature outside the suit, °C (informational).
  public var outsideTemperatureC: Double
  /// The temperature the suit regulates towards, °C.
  public var targetTemperatureC: Double
  /// Oxygen flow into the helmet, L/min.
  public var oxygenFlowLitersPerMinute: Double
  /// Whether the helmet lights are on.
  public var helmetLightsOn: Bool
  /// When the sample was taken.
  public var timestamp: Date

  /// Creates a sample.
  public init(
    suitPressureKPa: Double, oxygenLevelPercent: Double, carbonDioxideMmHg: Double, batteryChargePercent: Double,
    internalTemperatureC: Double, outsideTemperatureC: Double, targetTemperatureC: Double,
    oxygenFlowLitersPerMinute: Double, helmetLightsOn: Bool, timestamp: Date
  ) {
    self.suitPressureKPa = suitPressureKPa
    self.oxygenLevelPercent = oxygenLevelPercent
    self.carbonDioxideMmHg = carbonDioxideMmHg
    self.batteryChargePercent = batteryChargePercent
    self.internalTemperatureC = internalTemperatureC
    self.outsideTemperatureC = outsideTemperatureC
    self.targetTemperatureC = targetTemperatureC
    self.oxygenFlowLitersPerMinute = oxygenFlowLitersPerMinute
    self.helmetLightsOn = helmetLightsOn
    self.timestamp = timestamp
  }

  /// A healthy suit at 2026-11-22T05:00:00Z; every reading optimal.
  public static let nominal = SuitTelemetry(
    suitPressureKPa: 29.6, oxygenLevelPercent: 92, carbonDioxideMmHg: 1.5, batteryChargePercent: 87,
    internalTemperatureC: 22, outsideTemperatureC: -45, targetTemperatureC: 22, oxygenFlowLitersPerMinute: 2,
    helmetLightsOn: false, timestamp: referenceDate)

  /// The classified readings, in `Metric` order.
  public func readings(_ thresholds: Thresholds) -> [Reading] {
    [
      thresholds.classify(.suitPressure, suitPressureKPa),
      thresholds.classify(.oxygenLevel, oxygenLevelPercent),
      thresholds.classify(.carbonDioxide, carbonDioxideMmHg),
      thresholds.classify(.batteryCharge, batteryChargePercent),
      thresholds.classify(.internalTemperature, internalTemperatureC),
      thresholds.classify(.outsideTemperature, outsideTemperatureC),
    ]
  }
}

/// One sample of the astronaut's vital signs.
public struct Vitals: Codable, Sendable, Equatable {
  /// Systolic blood pressure, mmHg.
  public var systolicMmHg: Double
  /// Diastolic blood pressure, mmHg.
  public var diastolicMmHg: Double
  /// Blood oxygen saturation (SpO2), %.
  public var bloodOxygenPercent: Double
  /// Heart rate, beats per minute.
  public var heartRateBPM: Double
  /// Core body temperature, °C.
  public var bodyTemperatureC: Double
  /// When the sample was taken.
  public var timestamp: Date

  /// Creates a sample.
  public init(
    systolicMmHg: Double, diastolicMmHg: Double, bloodOxygenPercent: Double, heartRateBPM: Double,
    bodyTemperatureC: Double, timestamp: Date
  ) {
    self.systolicMmHg = systolicMmHg
    self.diastolicMmHg = diastolicMmHg
    self.bloodOxygenPercent = bloodOxygenPercent
    self.heartRateBPM = heartRateBPM
    self.bodyTemperatureC = bodyTemperatureC
    self.timestamp = timestamp
  }

  /// Healthy vitals at 2026-11-22T05:00:00Z; every reading optimal.
  public static let nominal = Vitals(
    systolicMmHg: 115, diastolicMmHg: 75, bloodOxygenPercent: 98, heartRateBPM: 72, bodyTemperatureC: 36.8,
    timestamp: referenceDate)

  /// The classified readings, in `Metric` order.
  public func readings(_ thresholds: Thresholds) -> [Reading] {
    [
      thresholds.classify(.systolicPressure, systolicMmHg),
      thresholds.classify(.diastolicPressure, diastolicMmHg),
      thresholds.classify(.bloodOxygen, bloodOxygenPercent),
      thresholds.classify(.heartRate, heartRateBPM),
      thresholds.classify(.bodyTemperature, bodyTemperatureC),
    ]
  }
}

/// 2026-11-22T05:00:00Z, the fixed instant of the nominal samples.
let referenceDate = Date(timeIntervalSince1970: 1_795_323_600)
