import Foundation
import Synchronization
import Testing

@testable import AppAnalytics

/// A line writer that keeps what it was handed, as the app's writer (a file, standard error) would write it.
final class Lines: Sendable {
  private let storage = Mutex<[String]>([])
  let accepts: Bool

  init(accepts: Bool = true) { self.accepts = accepts }

  var all: [String] { storage.withLock { $0 } }
  var append: @Sendable (String) -> Bool {
    { line in
      guard self.accepts else { return false }
      self.storage.withLock { $0.append(line) }
      return true
    }
  }
}

@Test func jsonLinesAreCompactSortedWithISODates() throws {
  let lines = Lines()
  let provider = JSONLinesAnalyticsProvider(appendLine: lines.append)
  let event = AnalyticsEvent(
    name: "sync", properties: ["b": "2", "a": "1"], date: Date(timeIntervalSince1970: 1_795_323_600))
  provider.record(event)
  #expect(lines.all == [#"{"date":"2026-11-22T05:00:00Z","name":"sync","properties":{"a":"1","b":"2"}}"#])
  #expect(JSONLinesAnalyticsProvider.encode(event) == lines.all.first)
}

@Test func anInjectedTimestampWritesTheDates() throws {
  let lines = Lines()
  let provider = JSONLinesAnalyticsProvider(appendLine: lines.append, timestamp: { _ in "2000-01-02T03:04:05Z" })
  provider.record(AnalyticsEvent(name: "open", date: Date(timeIntervalSince1970: 1_795_323_600)))
  #expect(lines.all == [#"{"date":"2000-01-02T03:04:05Z","name":"open","properties":{}}"#])
  let decoder = JSONDecoder()
  decoder.dateDecodingStrategy = .iso8601
  let event = try decoder.decode(AnalyticsEvent.self, from: Data(try #require(lines.all.first).utf8))
  #expect(event.date == Date(timeIntervalSince1970: 946_782_245))
}

@Test func eachEventIsOneLineFromManyThreads() async throws {
  let lines = Lines()
  let provider = JSONLinesAnalyticsProvider(appendLine: lines.append)
  let payload = String(repeating: "p", count: 2_000) + "\nsecond line"
  await withTaskGroup(of: Void.self) { group in
    for task in 0..<6 {
      group.addTask {
        for index in 0..<40 {
          provider.record(AnalyticsEvent(name: "load", properties: ["n": "\(task)-\(index)", "p": payload]))
        }
      }
    }
  }
  #expect(lines.all.count == 240)
  #expect(lines.all.allSatisfy { !$0.contains("\n") }, "a newline in a value is escaped, never a line break")
  let decoder = JSONDecoder()
  decoder.dateDecodingStrategy = .iso8601
  let events = try lines.all.map { try decoder.decode(AnalyticsEvent.self, from: Data($0.utf8)) }
  #expect(Set(events.compactMap { $0.properties["n"] }).count == 240)
}

@Test func aWriterThatCannotWriteDropsTheEventWithoutStoppingTheApp() {
  let lines = Lines(accepts: false)
  let analytics = Analytics(providers: [JSONLinesAnalyticsProvider(appendLine: lines.append)])
  analytics.recordError(CocoaError(.fileNoSuchFile), module: "Persistence")
  analytics.track("after")
  #expect(lines.all.isEmpty)
}

@Test func eventsReadBackFromAFile() throws {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "AppAnalyticsTests-\(UUID().uuidString).jsonl")
  defer { try? FileManager.default.removeItem(at: url) }
  let event = AnalyticsEvent(name: "error", properties: ["module": "Persistence"], date: Date(timeIntervalSince1970: 0))
  try Data((JSONLinesAnalyticsProvider.encode(event) + "\n\n").utf8).write(to: url)
  #expect(try JSONLinesAnalyticsProvider.readEvents(from: url) == [event])
}

/// The lines are written by hand; a reader of the file must find what JSONEncoder would have written,
/// byte for byte: every control character, quotes, backslashes, slashes, non-ASCII, keys in order.
@Test(arguments: [
  [:],
  ["b": "2", "a": "1"],
  ["route": "supplies list", "B": "x", "a10": "", "a2": "y", "_": "z", "é": "w", "Z": "/path/to"],
])
func linesAreByteForByteWhatJSONEncoderWrites(properties: [String: String]) throws {
  let awkward =
    (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined() + "\"\\/ é ✓ 🚀 \u{7F} {\"json\": [1]}"
  var withAwkward = properties
  withAwkward[awkward] = awkward
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  encoder.dateEncodingStrategy = .iso8601
  for properties in [properties, withAwkward] {
    let event = AnalyticsEvent(
      name: "error " + awkward, properties: properties, date: Date(timeIntervalSince1970: 1_700_000_000))
    #expect(JSONLinesAnalyticsProvider.encode(event) == String(decoding: try encoder.encode(event), as: UTF8.self))
  }
}

@Test func theWriterIsToldWhichLinesAreErrors() throws {
  let marked = Mutex<[Bool]>([])
  let provider = JSONLinesAnalyticsProvider(appendLineSayingErrors: { _, isError in
    marked.withLock { $0.append(isError) }
    return true
  })
  let analytics = Analytics(providers: [provider])
  analytics.track("app.start")
  analytics.recordError(CocoaLikeError(), module: "Galley")
  analytics.track("app.shutdown", ["error": "error"])
  #expect(marked.withLock { $0 } == [false, true, false])
}

private struct CocoaLikeError: Error {}
