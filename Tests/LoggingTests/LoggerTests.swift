import Foundation
import LoggingTestSupport
import Testing

@testable import Logging

private let fixedDate = Date(timeIntervalSince1970: 1_795_323_600)  // 2026-11-22T05:00:00Z

private func makeLogger(level: LogLevel = .info, sink: InMemoryLogSink) -> Logger {
  Logger(module: "Network", level: level, sinks: [sink], clock: { fixedDate })
}

@Test func levelNamesParseCaseInsensitivelyWithAliases() {
  #expect(LogLevel(name: "debug") == .debug)
  #expect(LogLevel(name: "WARNING") == .warning)
  #expect(LogLevel(name: "warn") == .warning)
  #expect(LogLevel(name: " Critical ") == .critical)
  #expect(LogLevel(name: "loud") == nil)
  #expect(LogLevel.trace < LogLevel.critical)
  #expect(LogLevel.allCases.map(\.description) == ["TRACE", "DEBUG", "INFO", "NOTICE", "WARNING", "ERROR", "CRITICAL"])
}

@Test func recordsBelowTheLevelAreDroppedWithoutEvaluatingTheMessage() {
  let sink = InMemoryLogSink()
  let logger = makeLogger(level: .warning, sink: sink)
  var evaluated = false
  func expensive() -> String {
    evaluated = true
    return "expensive"
  }
  logger.debug(expensive())
  logger.info(expensive())
  #expect(!evaluated)
  #expect(sink.records.isEmpty)
  logger.warning("disk low", metadata: ["free": "3%"])
  logger.critical("disk full")
  #expect(sink.records.map(\.level) == [.warning, .critical])
  #expect(
    sink.records.first
      == LogRecord(date: fixedDate, level: .warning, module: "Network", message: "disk low", metadata: ["free": "3%"]))
}

@Test func disabledLoggerNeverEvaluatesMessages() {
  let logger = Logger.disabled(module: "X")
  var evaluated = false
  func message() -> String {
    evaluated = true
    return "m"
  }
  logger.critical(message())
  #expect(!evaluated)
  #expect(!logger.isEnabled(.critical))
}

@Test func scopedLoggerKeepsSinksAndLevelWithNewModule() {
  let sink = InMemoryLogSink()
  let scoped = makeLogger(level: .debug, sink: sink).scoped(to: "Persistence")
  scoped.debug("opened")
  scoped.trace("hidden")
  #expect(sink.records.map(\.module) == ["Persistence"])
  #expect(scoped.level == .debug)
}

@Test func formattedLineHasUTCTimestampLevelModuleAndSortedMetadata() {
  let record = LogRecord(
    date: fixedDate, level: .warning, module: "Network", message: "retrying",
    metadata: ["zeta": "1", "alpha": "two words", "mid": ""])
  #expect(record.formatted == "2026-11-22T05:00:00Z WARNING [Network] retrying alpha=\"two words\" mid=\"\" zeta=1")
  let plain = LogRecord(date: fixedDate, level: .info, module: "App", message: "line1\nline2")
  #expect(plain.formatted == "2026-11-22T05:00:00Z INFO [App] line1\\nline2")
}

@Test func aLogLineShowsTextFromOutsideInert() {
  let record = LogRecord(
    date: fixedDate, level: .error, module: "App", message: "no partner \"\u{1B}[2J\u{7}\"\r",
    metadata: ["name": "Ann\u{1B}[31mRed", "path": "a b\u{0}"])
  #expect(
    record.formatted
      == "2026-11-22T05:00:00Z ERROR [App] no partner \"\\e[2J\\u{7}\"\\r name=Ann\\e[31mRed path=\"a b\\u{0}\"")
  #expect(!record.formatted.unicodeScalars.contains { $0.properties.generalCategory == .control })
}

@Test func aLogLineKeepsItsLengthBounded() {
  let long = LogRecord(date: fixedDate, level: .info, module: "App", message: String(repeating: "x", count: 200_000))
  #expect(long.formatted.count < LogText.maximumLength + 60)
  #expect(long.formatted.hasSuffix("x…"))
}

@Test func inMemorySinkIsThreadSafe() async {
  let sink = InMemoryLogSink()
  let logger = makeLogger(sink: sink)
  await withTaskGroup(of: Void.self) { group in
    for task in 0..<8 {
      group.addTask {
        for index in 0..<100 { logger.info("task \(task) line \(index)") }
      }
    }
  }
  #expect(sink.records.count == 800)
}
