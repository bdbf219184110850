import AppAnalytics
import AppAnalyticsTestSupport
import Testing

/// The provider tests read analytics from keeps every event, errors among them, until told to forget them.
@Suite("In-memory analytics provider")
struct InMemoryAnalyticsProviderTests {
  struct Refused: ReportableError {
    var kind: ErrorKind { .rejected }
    var userMessage: String { "refused" }
  }

  @Test func itKeepsEveryEventAndTellsTheErrorsApartUntilItForgetsThem() {
    let provider = InMemoryAnalyticsProvider()
    let analytics = Analytics(providers: [provider])
    analytics.track("supplies.consume", ["item": "water"])
    analytics.recordError(Refused(), module: "Tests")
    #expect(provider.events.map(\.name) == ["supplies.consume", "error"])
    #expect(provider.errors.map { $0.properties["kind"] } == ["rejected"])
    provider.removeAll()
    #expect(provider.events.isEmpty)
  }
}
