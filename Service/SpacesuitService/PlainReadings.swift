import FoundationEssentials
import SpacesuitServiceInterface

/// The suit's readings and empty requests on the wire as flat JSON (see `FlatJSON`): what a watching
/// screen exchanges many times a second, without Codable's generic machinery. Dates are written as
/// JSONEncoder's default writes them (seconds since 2001).
extension SuitProtocol {
  /// The payload of `body` when it is one of the plain messages (an empty body, telemetry, vitals);
  /// nil for any other, and for a value JSONEncoder would refuse.
  static func plainPayload<Body>(of body: Body) -> [UInt8]? {
    switch body {
    case is Empty: return emptyPayload
    case let telemetry as SuitTelemetry:
      return FlatJSON.envelope(
        version: version,
        body: [
          "suitPressureKPa": .number(telemetry.suitPressureKPa),
          "oxygenLevelPercent": .number(telemetry.oxygenLevelPercent),
          "carbonDioxideMmHg": .number(telemetry.carbonDioxideMmHg),
          "batteryChargePercent": .number(telemetry.batteryChargePercent),
          "internalTemperatureC": .number(telemetry.internalTemperatureC),
          "outsideTemperatureC": .number(telemetry.outsideTemperatureC),
          "targetTemperatureC": .number(telemetry.targetTemperatureC),
          "oxygenFlowLitersPerMinute": .number(telemetry.oxygenFlowLitersPerMinute),
          "helmetLightsOn": .bool(telemetry.helmetLightsOn),
          "timestamp": .number(telemetry.timestamp.timeIntervalSinceReferenceDate),
        ])
    case let vitals as Vitals:
      return FlatJSON.envelope(
        version: version,
        body: [
          "systolicMmHg": .number(vitals.systolicMmHg),
          "diastolicMmHg": .number(vitals.diastolicMmHg),
          "bloodOxygenPercent": .number(vitals.bloodOxygenPercent),
          "heartRateBPM": .number(vitals.heartRateBPM),
          "bodyTemperatureC": .number(vitals.bodyTemperatureC),
          "timestamp": .number(vitals.timestamp.timeIntervalSinceReferenceDate),
        ])
    default: return nil
    }
  }

  /// The telemetry or vitals a plain `payload` of this version holds, as `Body`; nil for another
  /// type and for anything JSONDecoder has to read (or refuse) itself.
  static func plainBody<Body>(_ type: Body.Type, from payload: [UInt8]) -> Body? {
    if Body.self == SuitTelemetry.self {
      guard let values = FlatJSON.body(of: payload, version: version, keys: telemetryKeys),
        case .number(let suitPressure) = values[0], case .number(let oxygenLevel) = values[1],
        case .number(let carbonDioxide) = values[2], case .number(let batteryCharge) = values[3],
        case .number(let internalTemperature) = values[4], case .number(let outsideTemperature) = values[5],
        case .number(let targetTemperature) = values[6], case .number(let oxygenFlow) = values[7],
        case .bool(let helmetLightsOn) = values[8], case .number(let timestamp) = values[9]
      else { return nil }
      return SuitTelemetry(
        suitPressureKPa: suitPressure, oxygenLevelPercent: oxygenLevel, carbonDioxideMmHg: carbonDioxide,
        batteryChargePercent: batteryCharge, internalTemperatureC: internalTemperature,
        outsideTemperatureC: outsideTemperature, targetTemperatureC: targetTemperature,
        oxygenFlowLitersPerMinute: oxygenFlow, helmetLightsOn: helmetLightsOn,
        timestamp: Date(timeIntervalSinceReferenceDate: timestamp)) as? Body
    }
    if Body.self == Vitals.self {
      guard let values = FlatJSON.body(of: payload, version: version, keys: vitalsKeys),
        case .number(let systolic) = values[0], case .number(let diastolic) = values[1],
        case .number(let bloodOxygen) = values[2], case .number(let heartRate) = values[3],
        case .number(let bodyTemperature) = values[4], case .number(let timestamp) = values[5]
      else { return nil }
      return Vitals(
        systolicMmHg: systolic, diastolicMmHg: diastolic, bloodOxygenPercent: bloodOxygen, heartRateBPM: heartRate,
        bodyTemperatureC: bodyTemperature, timestamp: Date(timeIntervalSinceReferenceDate: timestamp)) as? Body
    }
    return nil
  }

  /// `{"v":1,"body":{}}`: every telemetry and vitals request.
  private static let emptyPayload: [UInt8] = FlatJSON.envelope(version: version, body: [:]) ?? []

  /// The keys of `SuitTelemetry` on the wire, in the order `plainBody` reads them.
  private static let telemetryKeys: [StaticString] = [
    "suitPressureKPa", "oxygenLevelPercent", "carbonDioxideMmHg", "batteryChargePercent", "internalTemperatureC",
    "outsideTemperatureC", "targetTemperatureC", "oxygenFlowLitersPerMinute", "helmetLightsOn", "timestamp",
  ]

  /// The keys of `Vitals` on the wire, in the order `plainBody` reads them.
  private static let vitalsKeys: [StaticString] = [
    "systolicMmHg", "diastolicMmHg", "bloodOxygenPercent", "heartRateBPM", "bodyTemperatureC", "timestamp",
  ]
}
