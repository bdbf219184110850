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

/// A stand-in for the app's rule of showing text inert (Localization's, which Logging does not
/// link): brackets what it is given and says the limit, so a test sees what goes through it.
private let bracketing = LogLineFormat(inert: { text, limit in "<\(text)|\(limit)>" })

@Test func aLineIsTimeLevelModuleMessageAndSortedPairsEachShownByTheInertRuleBounded() {
  let record = LogRecord(
    date: fixedDate, level: .error, module: "App", message: "no partner", metadata: ["path": "a b", "k": "v"])
  #expect(
    bracketing.line(for: record)
      == "2026-11-22T05:00:00Z ERROR [<App|4096>] <no partner|4096> <k|4096>=<v|4096> <path|4096>=<\"a b\"|4096>")
}

@Test func valuesAreQuotedWhenEmptyOrHoldingSpaceQuotesOrEquals() {
  #expect(LogRecord.quoteIfNeeded("plain") == "plain")
  #expect(LogRecord.quoteIfNeeded("") == "\"\"")
  #expect(LogRecord.quoteIfNeeded("a=b") == "\"a=b\"")
  #expect(LogRecord.quoteIfNeeded("say \"hi\"\n\\") == "\"say \\\"hi\\\"\\n\\\\\"")
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
