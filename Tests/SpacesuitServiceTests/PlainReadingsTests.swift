import Foundation
import SpacesuitServiceInterface
import Testing

@testable import SpacesuitService

/// The suit's readings on the wire without Codable (`PlainReadings`, `FlatJSON`): JSONEncoder's
/// JSON but for the order of the keys, JSONDecoder's values, and JSONDecoder's word on anything else.
@Suite struct PlainReadingsTests {
  static let telemetry: [SuitTelemetry] = [
    .nominal,
    SuitTelemetry(
      suitPressureKPa: 29.593233713229402, oxygenLevelPercent: 97.35700900707063, carbonDioxideMmHg: 1e-05,
      batteryChargePercent: 0, internalTemperatureC: -0.0, outsideTemperatureC: -119.61038250447871,
      targetTemperatureC: 1e16, oxygenFlowLitersPerMinute: 1.2345678901234567e+20, helmetLightsOn: true,
      timestamp: Date(timeIntervalSinceReferenceDate: 817_607_659.6032563)),
    SuitTelemetry(
      suitPressureKPa: .leastNonzeroMagnitude, oxygenLevelPercent: .greatestFiniteMagnitude, carbonDioxideMmHg: 0.1,
      batteryChargePercent: 100, internalTemperatureC: 21.5, outsideTemperatureC: -45, targetTemperatureC: 22,
      oxygenFlowLitersPerMinute: 2, helmetLightsOn: false, timestamp: Date(timeIntervalSinceReferenceDate: -1.5)),
  ]

  static let vitals: [Vitals] = [
    .nominal,
    Vitals(
      systolicMmHg: 114.03125, diastolicMmHg: 75, bloodOxygenPercent: 97.99999999999999, heartRateBPM: 72.5,
      bodyTemperatureC: 36.8, timestamp: Date(timeIntervalSinceReferenceDate: 817_607_659.25)),
  ]

  /// What JSONEncoder makes of `body` in the envelope.
  static func encoded<Body: Codable>(_ body: Body) throws -> [UInt8] {
    Array(try JSONEncoder().encode(SuitProtocol.Envelope(v: SuitProtocol.version, body: body)))
  }

  /// The envelope's version and each key of its flat body with its value as written.
  static func texts(_ payload: [UInt8]) throws -> [String: String] {
    let text = String(decoding: payload, as: UTF8.self)
    let body = try #require(text.range(of: #""body":{"#))
    let end = try #require(text[body.upperBound...].firstIndex(of: "}"))
    var texts: [String: String] = [:]
    for member in text[body.upperBound..<end].split(separator: ",") {
      let parts = member.split(separator: ":", maxSplits: 1)
      texts[String(parts[0])] = String(parts[1])
    }
    let outside = text[..<body.lowerBound] + text[text.index(after: end)...]
    let version = try #require(outside.split(separator: ":").last)
    texts["v"] = version.filter { $0.isNumber }
    return texts
  }

  @Test(arguments: telemetry) func telemetryIsWrittenAsJSONEncoderWritesIt(_ sample: SuitTelemetry) throws {
    let payload = try SuitProtocol.encode(sample)
    let expected = try Self.encoded(sample)
    #expect(try Self.texts(payload) == Self.texts(expected))
    #expect(payload.count == expected.count)
    #expect(try JSONDecoder().decode(SuitProtocol.Envelope<SuitTelemetry>.self, from: Data(payload)).body == sample)
  }

  @Test(arguments: vitals) func vitalsAreWrittenAsJSONEncoderWritesThem(_ sample: Vitals) throws {
    let payload = try SuitProtocol.encode(sample)
    #expect(try Self.texts(payload) == Self.texts(Self.encoded(sample)))
  }

  @Test func theEmptyRequestIsJSONEncodersToo() throws {
    let payload = try SuitProtocol.encode(SuitProtocol.Empty())
    #expect(payload.sorted() == (try Self.encoded(SuitProtocol.Empty())).sorted())
    #expect(try SuitProtocol.decode(SuitProtocol.Empty.self, from: payload) == SuitProtocol.Empty())
  }

  @Test(arguments: telemetry) func telemetryIsReadAsJSONDecoderReadsIt(_ sample: SuitTelemetry) throws {
    let payload = try Self.encoded(sample)
    let plain = try #require(SuitProtocol.plainBody(SuitTelemetry.self, from: payload))
    #expect(plain == sample)
    #expect(plain.timestamp == sample.timestamp)
    #expect(plain.internalTemperatureC.sign == sample.internalTemperatureC.sign)
    #expect(try SuitProtocol.decode(SuitTelemetry.self, from: payload) == sample)
  }

  @Test(arguments: vitals) func vitalsAreReadAsJSONDecoderReadsThem(_ sample: Vitals) throws {
    #expect(try SuitProtocol.plainBody(Vitals.self, from: Self.encoded(sample)) == sample)
  }

  @Test func numbersOfEveryKindAreReadToTheSameDoubleAsJSONDecoderReadsThem() throws {
    // 5,000 envelopes of six numbers each: most take the exact reading without the C library.
    var generator = SystemRandomNumberGenerator()
    func anyNumber() -> Double {
      switch Int.random(in: 0..<4, using: &generator) {
      case 0:  // any finite double
        while true {
          let number = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator))
          if number.isFinite { return number }
        }
      case 1:  // a reading with a few decimals
        return Double(Int.random(in: -999_999...999_999, using: &generator)) / 100
      case 2:  // a drifting reading: as many digits as a double has
        return Double.random(in: -200...200, using: &generator) * [1, 1e-3, 1e3, 1e9][Int.random(in: 0..<4)]
      default:  // a whole number, up to and beyond 2^53
        return Double(Int64.random(in: -(1 << 60)...(1 << 60), using: &generator))
      }
    }
    for _ in 0..<5000 {
      let sample = Vitals(
        systolicMmHg: anyNumber(), diastolicMmHg: anyNumber(), bloodOxygenPercent: anyNumber(),
        heartRateBPM: anyNumber(), bodyTemperatureC: anyNumber(),
        timestamp: Date(timeIntervalSinceReferenceDate: anyNumber()))
      let payload = try Self.encoded(sample)
      let expected = try JSONDecoder().decode(SuitProtocol.Envelope<Vitals>.self, from: Data(payload)).body
      let plain = try #require(SuitProtocol.plainBody(Vitals.self, from: payload))
      let bits = { (vitals: Vitals) in
        [
          vitals.systolicMmHg, vitals.diastolicMmHg, vitals.bloodOxygenPercent, vitals.heartRateBPM,
          vitals.bodyTemperatureC, vitals.timestamp.timeIntervalSinceReferenceDate,
        ].map(\.bitPattern)
      }
      #expect(bits(plain) == bits(expected), "\(String(decoding: payload, as: UTF8.self))")
    }
  }

  /// Numbers of up to 19 digits, halfway between two doubles and around them among them, read
  /// as the standard library reads them.
  @Test(arguments: [
    "9007199254740993", "9007199254740995", "9007199254740994.5", "18014398509481985",
    "1844674407370955161.5", "1.0000000000000001110223024625156540", "0.1000000000000000055511151231257827",
    "29.593233713229402", "97.35700900707063", "-119.61038250447871", "817607659.6032563",
    "1234567890123456789", "0.0000000000000000000000123", "123.45678901234567890", "9999999999999999999",
    "0.9999999999999999999", "4503599627370497.5", "4503599627370496.5", "72057594037927945",
  ])
  func longNumbersAreReadToTheNearestDouble(_ text: String) throws {
    let expected = try #require(Double(text))
    let payload = Array(
      (#"{"v":1,"body":{"systolicMmHg":"# + text
        + #","diastolicMmHg":75,"bloodOxygenPercent":98,"heartRateBPM":72,"bodyTemperatureC":36.8,"timestamp":0}}"#)
        .utf8)
    let plain = SuitProtocol.plainBody(Vitals.self, from: payload)
    #expect(plain?.systolicMmHg.bitPattern == expected.bitPattern, "\(text)")
    #expect(try SuitProtocol.decode(Vitals.self, from: payload).systolicMmHg.bitPattern == expected.bitPattern)
  }

  @Test func plainJSONWithSpacesAndOtherNumberFormsIsRead() throws {
    let payload = Array(
      """
       { "body" : { "systolicMmHg" : 1E2, "diastolicMmHg":-0, "bloodOxygenPercent":9.5e+1,
        "heartRateBPM":72.0,"bodyTemperatureC":3.68e1,"timestamp":0 } ,"v": 1 }\r\n
      """.utf8)
    let expected = try JSONDecoder().decode(SuitProtocol.Envelope<Vitals>.self, from: Data(payload)).body
    #expect(SuitProtocol.plainBody(Vitals.self, from: payload) == expected)
  }

  /// Bodies the plain reader leaves to JSONDecoder, each with what JSONDecoder says of it.
  static let unusual: [(body: String, readable: Bool)] = [
    (
      #"{"v":1,"body":{"systolicMmHg":115,"diastolicMmHg":75,"bloodOxygenPercent":98,"heartRateBPM":72,"bodyTemperatureC":36.8,"timestamp":0,"pulse":"weak"}}"#,
      true
    ),
    (
      #"{"v":1,"body":{"systolic\u004DmHg":115,"diastolicMmHg":75,"bloodOxygenPercent":98,"heartRateBPM":72,"bodyTemperatureC":36.8,"timestamp":0}}"#,
      true
    ),
    (
      #"{"v":1,"v":1,"body":{"systolicMmHg":115,"diastolicMmHg":75,"bloodOxygenPercent":98,"heartRateBPM":72,"bodyTemperatureC":36.8,"timestamp":0}}"#,
      true
    ),
    (
      #"{"v":1,"body":{"systolicMmHg":115,"diastolicMmHg":75,"bloodOxygenPercent":98,"heartRateBPM":72,"timestamp":0}}"#,
      false
    ),
    (
      #"{"v":1,"body":{"systolicMmHg":115,"diastolicMmHg":75,"bloodOxygenPercent":98,"heartRateBPM":72,"bodyTemperatureC":true,"timestamp":0}}"#,
      false
    ),
    (
      #"{"v":1,"body":{"systolicMmHg":0115,"diastolicMmHg":75,"bloodOxygenPercent":98,"heartRateBPM":72,"bodyTemperatureC":36.8,"timestamp":0}}"#,
      false
    ),
    (
      #"{"v":1,"body":{"systolicMmHg":115.,"diastolicMmHg":75,"bloodOxygenPercent":98,"heartRateBPM":72,"bodyTemperatureC":36.8,"timestamp":0}}"#,
      false
    ),
    (
      #"{"v":1,"body":{"systolicMmHg":1e999,"diastolicMmHg":75,"bloodOxygenPercent":98,"heartRateBPM":72,"bodyTemperatureC":36.8,"timestamp":0}}"#,
      false
    ),
    (
      #"{"v":1,"body":{"systolicMmHg":115,"diastolicMmHg":75,"bloodOxygenPercent":98,"heartRateBPM":72,"bodyTemperatureC":36.8,"timestamp":0}}x"#,
      false
    ),
    (
      #"{"v":2,"body":{"systolicMmHg":115,"diastolicMmHg":75,"bloodOxygenPercent":98,"heartRateBPM":72,"bodyTemperatureC":36.8,"timestamp":0}}"#,
      false
    ),
    (
      #"{"body":{"systolicMmHg":115,"diastolicMmHg":75,"bloodOxygenPercent":98,"heartRateBPM":72,"bodyTemperatureC":36.8,"timestamp":0}}"#,
      false
    ),
    (#"[1]"#, false),
    ("", false),
  ]

  @Test(arguments: unusual) func anythingElseIsLeftToJSONDecoder(_ unusual: (body: String, readable: Bool)) throws {
    let payload = Array(unusual.body.utf8)
    #expect(SuitProtocol.plainBody(Vitals.self, from: payload) == nil)
    if unusual.readable {
      #expect(try SuitProtocol.decode(Vitals.self, from: payload).systolicMmHg == 115)
    } else {
      #expect(throws: SuitProtocol.DecodingFailure.self) { try SuitProtocol.decode(Vitals.self, from: payload) }
    }
  }

  @Test func aReadingThatIsNoNumberIsRefusedAsJSONEncoderRefusesIt() {
    var broken = SuitTelemetry.nominal
    broken.carbonDioxideMmHg = .nan
    #expect(SuitProtocol.plainPayload(of: broken) == nil)
    #expect(throws: EncodingError.self) { try SuitProtocol.encode(broken) }
  }

  @Test func otherBodiesAreNotPlain() {
    #expect(SuitProtocol.plainPayload(of: SuitCommand.setLights(on: true)) == nil)
    #expect(SuitProtocol.plainBody(SuitCommand.self, from: Array(#"{"v":1,"body":{}}"#.utf8)) == nil)
  }
}
