import Logging
import LoggingTestSupport
import Testing

/// The sink tests read logs from keeps what a logger writes, in order, until told to forget it.
@Suite("In-memory log sink")
struct InMemoryLogSinkTests {
  @Test func itKeepsEveryRecordALoggerWritesUntilItForgetsThem() {
    let sink = InMemoryLogSink()
    let logger = Logger(module: "Tests", level: .info, sinks: [sink])
    logger.debug("below the level")
    logger.info("first")
    logger.warning("second")
    #expect(sink.messages == ["first", "second"])
    #expect(sink.records.map(\.level) == [.info, .warning] && sink.records.allSatisfy { $0.module == "Tests" })
    sink.removeAll()
    #expect(sink.records.isEmpty)
  }
}
