import AppAnalytics
import Foundation
import Localization
import Logging
import Testing

@testable import Scaffold

#if canImport(Glibc)
  import Glibc
#endif

/// What the Shared modules get from each other through Scaffold: the log's lines show text from
/// outside by Localization's rule, and the console's analytics lines quote as the log does and are
/// written by Logging's writer. Byte for byte what the apps write.
@Suite struct SharedWiringTests {
  private let fixedDate = Date(timeIntervalSince1970: 1_795_323_600)  // 2026-11-22T05:00:00Z

  @Test func aLogLineHasTheUTCTimestampLevelModuleMessageAndSortedMetadata() {
    let record = LogRecord(
      date: fixedDate, level: .warning, module: "Network", message: "retrying",
      metadata: ["zeta": "1", "alpha": "two words", "mid": ""])
    #expect(
      LogLineFormat.inertText.line(for: record)
        == "2026-11-22T05:00:00Z WARNING [Network] retrying alpha=\"two words\" mid=\"\" zeta=1")
    let plain = LogRecord(date: fixedDate, level: .info, module: "App", message: "line1\nline2")
    #expect(LogLineFormat.inertText.line(for: plain) == "2026-11-22T05:00:00Z INFO [App] line1\\nline2")
  }

  @Test func aLogLineShowsTextFromOutsideInert() {
    let record = LogRecord(
      date: fixedDate, level: .error, module: "App", message: "no partner \"\u{1B}[2J\u{7}\"\r",
      metadata: ["name": "Ann\u{1B}[31mRed", "path": "a b\u{0}"])
    let line = LogLineFormat.inertText.line(for: record)
    #expect(
      line == "2026-11-22T05:00:00Z ERROR [App] no partner \"\\e[2J\\u{7}\"\\r name=Ann\\e[31mRed path=\"a b\\u{0}\"")
    #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control })
  }

  @Test func aLogLineKeepsItsLengthBounded() {
    let long = LogRecord(date: fixedDate, level: .info, module: "App", message: String(repeating: "x", count: 200_000))
    let line = LogLineFormat.inertText.line(for: long)
    #expect(line.count == "2026-11-22T05:00:00Z INFO [App] ".count + LogLineFormat.maximumLength)
    #expect(line.hasSuffix("x…"))
  }

  @Test func theConsoleWritesSortedKeyValueLinesQuotedAsTheLogIs() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let provider = ConsoleAnalyticsProvider.writingLines(to: ends[1])
    provider.record(AnalyticsEvent(name: "app.started", properties: ["mode": "once", "app": "cosmonaut"]))
    provider.record(AnalyticsEvent(name: "error", properties: ["message": "no water", "path": "a\\b \"c\"\n"]))
    close(ends[1])
    let output = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readDataToEndOfFile()
    #expect(
      String(decoding: output, as: UTF8.self)
        == "analytics: app.started app=cosmonaut mode=once\n"
        + "analytics: error message=\"no water\" path=\"a\\\\b \\\"c\\\"\\n\"\n")
  }
}
