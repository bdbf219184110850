import Foundation
import Testing

@testable import Logging

/// `UTCTimestamp` writes and reads what Foundation's ISO-8601 formatter does, without it.
@Test(arguments: [
  0, 1, -1, 0.999, -0.5, 59.999_999, 951_782_400, 1_795_323_600.75, 4_102_444_799.9, 253_402_300_799,
  -62_135_596_800, -12_219_292_800, -2_208_988_800, 1_234_567_890.123,
])
func timestampsAreFoundationsISO8601(secondsSince1970: Double) {
  let date = Date(timeIntervalSince1970: secondsSince1970)
  let foundation = date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
  #expect(UTCTimestamp.string(from: date) == foundation)
  #expect(LogRecord.timestamp(date) == foundation)
  #expect(UTCTimestamp.date(from: foundation) == (try? Date.ISO8601FormatStyle().parse(foundation)))
}

@Test func timestampsMatchFoundationBothWaysOverManyDates() {
  var generator = SystemRandomNumberGenerator()
  for _ in 0..<2_000 {
    let date = Date(timeIntervalSince1970: Double.random(in: -62_000_000_000...253_000_000_000, using: &generator))
    let foundation = date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
    #expect(UTCTimestamp.string(from: date) == foundation, "\(date)")
    #expect(UTCTimestamp.date(from: foundation) == (try? Date.ISO8601FormatStyle().parse(foundation)), "\(foundation)")
  }
}

@Test func datesBeyondFourDigitYearsAndNonFiniteOnesStillFormat() {
  for date in [Date.distantPast, Date.distantFuture, Date(timeIntervalSince1970: 1e15)] {
    #expect(UTCTimestamp.string(from: date) == date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt)))
  }
  #expect(!UTCTimestamp.string(from: Date(timeIntervalSince1970: .nan)).isEmpty)
}

/// Whatever `.iso8601` reads (or refuses), `.utcTimestamp` reads (or refuses) alike.
@Test(arguments: [
  "2026-11-22T05:00:00Z", "2024-02-29T23:59:59Z", "2023-02-29T00:00:00Z", "2026-04-31T00:00:00Z",
  "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z", "2026-11-00T00:00:00Z", "2026-11-22T24:00:00Z",
  "2026-11-22T05:60:00Z", "2026-11-22T05:00:60Z", "2026-11-22T05:00:00+01:00", "2026-11-22T05:00:00.250Z",
  "2026-11-22 05:00:00Z", "2026-11-22T05:00:00", "1500-01-01T00:00:00Z", "0001-01-01T00:00:00Z",
  "9999-12-31T23:59:59Z", "+026-11-22T05:00:00Z", "2026-1x-22T05:00:00Z", "", "yesterday", "2026-11-22",
  " 2026-11-22T05:00:00Z",
])
func readingIsFoundationsISO8601(text: String) throws {
  struct Stamp: Codable { var at: Date }
  let json = Data(#"{"at":"\#(text)"}"#.utf8)
  let foundation = JSONDecoder()
  foundation.dateDecodingStrategy = .iso8601
  let ours = JSONDecoder()
  ours.dateDecodingStrategy = .utcTimestamp
  let expected = try? foundation.decode(Stamp.self, from: json)
  let actual = try? ours.decode(Stamp.self, from: json)
  #expect(actual?.at == expected?.at)
  if expected == nil {
    #expect(throws: DecodingError.self) { try ours.decode(Stamp.self, from: json) }
  }
}

@Test func writingIsFoundationsISO8601() throws {
  struct Stamp: Codable { var at: Date }
  let foundation = JSONEncoder()
  foundation.dateEncodingStrategy = .iso8601
  let ours = JSONEncoder()
  ours.dateEncodingStrategy = .utcTimestamp
  for seconds in [0, 1_795_323_600.5, -1, 253_402_300_799] as [Double] {
    let stamp = Stamp(at: Date(timeIntervalSince1970: seconds))
    #expect(try ours.encode(stamp) == foundation.encode(stamp))
  }
}
