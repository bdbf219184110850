import Foundation
import Localization
import Testing

@testable import Network

/// A delivery reason kept in no language: its code and values read back as the same reason, and it
/// reads in the reader's language with the receiver named by its owner.
@Suite struct DeliveryReasonTests {
  @Test(arguments: [
    DeliveryReason.refused(center: "Houston", status: 422, reason: "quantity too large"), .timeout,
    .unreachable(detail: "connection refused"), .status(code: 503, body: "later"),
    .invalidAnswer(keyPath: "position.latitude", detail: "expected a number"),
    .unacknowledged(status: 200, answer: "{}"), .invalidURL("ftp://x"), .encoding(detail: "bad payload"),
  ])
  func aReasonKeptAsCodeAndValuesReadsBackAsItself(reason: DeliveryReason) {
    #expect(DeliveryReason(code: reason.code, values: reason.values) == reason)
  }

  @Test func anUnknownCodeOrAMissingValueIsNoReason() {
    #expect(DeliveryReason(code: "fromTheFuture", values: [:]) == nil)
    #expect(DeliveryReason(code: "refused", values: ["center": "Houston", "status": "x", "reason": "r"]) == nil)
    #expect(DeliveryReason(code: "status", values: [:]) == nil)
  }

  @Test func aRefusalNamesTheReceiverInTheReadersLanguage() {
    let refused = DeliveryReason.refused(center: "Houston", status: 422, reason: "quantity too large")
    #expect(refused.code == "refused")
    #expect(refused.values == ["center": "Houston", "status": "422", "reason": "quantity too large"])
    let text = refused.text { $0 == "Houston" ? .verbatim("Хьюстон") : .verbatim($0) }
    #expect(text.resolved(in: .russian) == "Хьюстон отказал в приёме (HTTP 422): quantity too large")
    #expect(
      refused.text(centerName: LocalizedText.verbatim).description
        == "Houston refused it (HTTP 422): quantity too large")
  }

  @Test func aNetworkFailureReadsInNetworksWordsAndItsTextsAreRedacted() throws {
    let reason = try #require(DeliveryReason(.status(code: 500, body: "Orlova's report"), redacting: { _ in "[x]" }))
    #expect(reason == .status(code: 500, body: "[x]"))
    #expect(
      reason.text(centerName: LocalizedText.verbatim).description
        == NetworkError.status(code: 500, body: "[x]").description)
    #expect(
      DeliveryReason(.timeout, redacting: { $0 })?.text(centerName: LocalizedText.verbatim).resolved(in: .russian)
        == "время ожидания ответа истекло")
  }
}
