import CosmonautServiceInterface
import Foundation
import Localization
import MissionControlInterface
import Network
import Persistence
import Testing

@testable import CosmonautService

/// Reasons kept with a report are shown in the reader's language when this version kept them in no
/// language, and as they were kept otherwise; errors that wrap the store's keep its own line.
@Suite struct ReasonTests {
  static let created = Date(timeIntervalSince1970: 1_795_000_000)

  @Test func aRefusalKeptInNoLanguageIsShownInRussianAndItsEnglishLineIsTheOneKept() throws {
    let refused = DeliveryReason.refused(center: "Houston", status: 422, reason: "quantity too large")
    let verdict = DeliveryVerdict(
      .refused(status: 422, reason: "quantity too large"), center: .houston, redacting: { $0 })
    guard case .refused(let line, let explained) = verdict else {
      Issue.record("a refusal is a refused verdict")
      return
    }
    #expect(line == "Houston refused it (HTTP 422): quantity too large")
    #expect(explained == OutboxReason(code: refused.code, values: refused.values))
    let message = OutboxMessage(
      id: "k", kind: "supplies.changed", createdAt: Self.created, attempts: 1, lastError: line, lastReason: explained)
    let report = QueuedReport(message, center: .houston)
    #expect(report.lastReason == ReportReason(code: "refused", values: refused.values))
    let text = try #require(report.lastErrorText)
    #expect(text.description == line)
    #expect(text.resolved(in: .russian) == "Хьюстон отказал в приёме (HTTP 422): quantity too large")
  }

  @Test func aRefusalsTextsFromTheCentreAreRedacted() {
    let verdict = DeliveryVerdict(
      .refused(status: 422, reason: "Orlova is unknown"), center: .houston,
      redacting: { $0.replacing("Orlova", with: "[x]") })
    guard case .refused(let line, _) = verdict else {
      Issue.record("a refusal is a refused verdict")
      return
    }
    #expect(line == "Houston refused it (HTTP 422): [x] is unknown")
  }

  @Test func aReasonKeptAsTextByAnOlderVersionIsShownAsItWasKept() throws {
    let old = OutboxMessage(
      id: "k", kind: "status.report", createdAt: Self.created, lastError: "Houston refused it (HTTP 400): bad")
    #expect(
      try #require(QueuedReport(old, center: .houston).lastErrorText).resolved(in: .russian)
        == "Houston refused it (HTTP 400): bad")
    let unknownCode = OutboxMessage(
      id: "k", kind: "status.report", createdAt: Self.created, lastError: "a newer reason",
      lastReason: OutboxReason(code: "fromTheFuture", values: ["x": "1"]))
    #expect(
      try #require(QueuedReport(unknownCode, center: .houston).lastErrorText).resolved(in: .russian)
        == "a newer reason")
    let missingValue = OutboxMessage(
      id: "k", kind: "status.report", createdAt: Self.created, lastError: "HTTP status 503",
      lastReason: OutboxReason(code: "status", values: [:]))
    #expect(
      try #require(QueuedReport(missingValue, center: .houston).lastErrorText).resolved(in: .russian)
        == "HTTP status 503")
    #expect(
      QueuedReport(OutboxMessage(id: "k", kind: "k", createdAt: Self.created), center: .houston).lastErrorText == nil)
  }

  /// Every network failure's English line is the one Network writes, so a reason kept from now on
  /// reads as before in English; its Russian line differs.
  @Test(arguments: [
    NetworkError.timeout, .unreachable("connection refused"), .status(code: 503, body: ""),
    .status(code: 500, body: "boom"), .decoding(keyPath: "", reason: "not JSON"),
    .decoding(keyPath: "position.latitude", reason: "expected a number"),
    .unacknowledged(status: 200, answer: ""), .unacknowledged(status: 200, answer: "ok"),
    .invalidURL("ftp://x"), .encoding("bad payload"),
  ])
  func aNetworkFailureKeepsItsEnglishLineAndHasARussianOne(error: NetworkError) throws {
    let failure = ChannelDeliveryFailure(error, center: .houston, redacting: { $0 })
    #expect(failure.description == error.description)
    let stored = try #require(failure.outboxReason)
    let reason = try #require(DeliveryReason(code: stored.code, values: stored.values))
    #expect(reason == failure.reason)
    let text = reason.text(centerName: ControlCenter.houston.localizedName(of:))
    #expect(text.description == error.description)
    #expect(text.resolved(in: .russian) != error.description)
    #expect(failure.failure.reason == text)
  }

  /// What the centre did, as the service says it: a refused token, an answer, silence, nonsense.
  @Test(arguments: [
    (NetworkError.status(code: 401, body: "no"), CosmonautServiceError.refusedToken(.houston, status: 401)),
    (.status(code: 403, body: ""), .refusedToken(.houston, status: 403)),
    (.status(code: 500, body: "boom"), .answeredError(.houston, status: 500, reason: "boom")),
    (.timeout, .noAnswer(from: .houston)),
  ])
  func aNetworkFailureIsWhatTheCentreDid(error: NetworkError, expected: CosmonautServiceError) {
    #expect(CosmonautServiceError(MissionControlFailure(error, redacting: { $0 }), center: .houston) == expected)
  }

  @Test func aStoreFailureInsideAServiceErrorIsInTheReadersLanguage() {
    let full = CosmonautServiceError(storing: .diskFull(path: "/data/iss.sqlite"))
    #expect(full.kind == .io)
    #expect(full.userMessage == PersistenceError.diskFull(path: "/data/iss.sqlite").description)
    #expect(full.translatedMessage.resolved(in: .russian).hasPrefix("диск с /data/iss.sqlite заполнен"))
    let damaged = CosmonautServiceError(storing: .sqlite(code: 1, message: "no such table"))
    #expect(damaged.kind == .internal)
    let russian = damaged.translatedMessage.resolved(in: .russian)
    #expect(russian.hasPrefix("сбой локального хранилища ("), "\(russian)")
    #expect(!russian.contains("the local store"), "\(russian)")
    let unknownKey = CosmonautServiceError(
      ReportLookupError(reason: OutboxError.notSetAside("abc").translatedMessage))
    #expect(unknownKey.kind == .usage)
    #expect(!unknownKey.translatedMessage.resolved(in: .russian).contains("no set-aside"))
  }
}
