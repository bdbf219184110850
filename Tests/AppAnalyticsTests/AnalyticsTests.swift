import AppAnalyticsTestSupport
import Foundation
import Testing

@testable import AppAnalytics

private let fixedDate = Date(timeIntervalSince1970: 1_795_323_600)  // 2026-11-22T05:00:00Z

private struct OutOfStock: ReportableError {
  var kind: ErrorKind { .rejected }
  var userMessage: String { "only 2 L of water left; consume at most 2" }
}

private enum PlainFailure: Error { case broken(code: Int) }

@Test func trackSendsTheEventToEveryProvider() {
  let first = InMemoryAnalyticsProvider()
  let second = InMemoryAnalyticsProvider()
  let analytics = Analytics(providers: [first, second], clock: { fixedDate })
  analytics.track("supplies.consumed", ["item": "water"])
  let expected = AnalyticsEvent(name: "supplies.consumed", properties: ["item": "water"], date: fixedDate)
  #expect(first.events == [expected])
  #expect(second.events == [expected])
}

@Test func disabledAnalyticsRecordsNothing() {
  #expect(Analytics.disabled.providers.isEmpty)
  Analytics.disabled.track("ignored")
}

@Test func recordErrorUsesReportableKindAndMessage() {
  let provider = InMemoryAnalyticsProvider()
  let analytics = Analytics(providers: [provider], clock: { fixedDate })
  analytics.recordError(OutOfStock(), module: "Cosmonaut", context: ["item": "water", "kind": "ignored"])
  #expect(provider.errors.count == 1)
  #expect(
    provider.events.first?.properties == [
      "module": "Cosmonaut", "kind": "rejected", "message": "only 2 L of water left; consume at most 2",
      "type": "OutOfStock", "item": "water",
    ])
}

@Test func recordErrorTreatsOtherErrorsAsInternal() {
  let provider = InMemoryAnalyticsProvider()
  Analytics(providers: [provider]).recordError(PlainFailure.broken(code: 7), module: "Radio")
  let properties = provider.events.first?.properties
  #expect(properties?["kind"] == "internal")
  #expect(properties?["message"] == "broken(code: 7)")
  #expect(properties?["type"] == "PlainFailure")
  #expect(properties?["module"] == "Radio")
}

@Test func consoleProviderWritesSortedKeyValueLinesWithTheQuotingItIsHanded() {
  let lines = Lines()
  let provider = ConsoleAnalyticsProvider(quote: { "<\($0)>" }, writeLine: lines.append)
  provider.record(AnalyticsEvent(name: "app.started", properties: ["mode": "once", "app": "cosmonaut"]))
  provider.record(AnalyticsEvent(name: "error", properties: ["message": "no water"]))
  provider.record(AnalyticsEvent(name: "quiet"))
  #expect(
    lines.all == [
      "analytics: app.started app=<cosmonaut> mode=<once>", "analytics: error message=<no water>", "analytics: quiet",
    ])
}

@Test func aConsoleLineThatCannotBeWrittenIsDropped() {
  let lines = Lines(accepts: false)
  let provider = ConsoleAnalyticsProvider(quote: { $0 }, writeLine: lines.append)
  provider.record(AnalyticsEvent(name: "app.started"))
  #expect(lines.all.isEmpty)
}
