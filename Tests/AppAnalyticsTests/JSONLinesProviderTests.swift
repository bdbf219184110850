import Foundation
import Testing

@testable import AppAnalytics

private func temporaryDirectory() -> URL {
  FileManager.default.temporaryDirectory.appendingPathComponent("AppAnalyticsTests-\(UUID().uuidString)")
}

@Test func jsonLinesAreCompactSortedWithISODates() throws {
  let directory = temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let url = directory.appendingPathComponent("sub/events.jsonl")
  let provider = try JSONLinesAnalyticsProvider(url: url)
  let event = AnalyticsEvent(
    name: "sync", properties: ["b": "2", "a": "1"], date: Date(timeIntervalSince1970: 1_795_323_600))
  provider.record(event)
  let text = try String(contentsOf: url, encoding: .utf8)
  #expect(text == "{\"date\":\"2026-11-22T05:00:00Z\",\"name\":\"sync\",\"properties\":{\"a\":\"1\",\"b\":\"2\"}}\n")
  #expect(try JSONLinesAnalyticsProvider.readEvents(from: url) == [event])
}

@Test func jsonLinesAppendAcrossInstancesAndConcurrentWriters() async throws {
  let directory = temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let url = directory.appendingPathComponent("events.jsonl")
  let first = try JSONLinesAnalyticsProvider(url: url)
  let second = try JSONLinesAnalyticsProvider(url: url)  // a second open file, as another process would have
  let payload = String(repeating: "p", count: 2_000)
  await withTaskGroup(of: Void.self) { group in
    for (writer, provider) in [first, second].enumerated() {
      for task in 0..<3 {
        group.addTask {
          for index in 0..<40 {
            provider.record(
              AnalyticsEvent(name: "load", properties: ["writer": "\(writer)", "n": "\(task)-\(index)", "p": payload]))
          }
        }
      }
    }
  }
  let events = try JSONLinesAnalyticsProvider.readEvents(from: url)
  #expect(events.count == 240)
  #expect(Set(events.map { "\($0.properties["writer"] ?? "")/\($0.properties["n"] ?? "")" }).count == 240)
}

@Test func errorEventsRoundTripThroughTheFile() throws {
  let directory = temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let url = directory.appendingPathComponent("errors.jsonl")
  let analytics = Analytics(providers: [try JSONLinesAnalyticsProvider(url: url)])
  analytics.recordError(CocoaError(.fileNoSuchFile), module: "Persistence")
  let events = try JSONLinesAnalyticsProvider.readEvents(from: url)
  #expect(events.map(\.name) == ["error"])
  #expect(events.first?.properties["module"] == "Persistence")
  #expect(events.first?.properties["kind"] == "internal")
}
