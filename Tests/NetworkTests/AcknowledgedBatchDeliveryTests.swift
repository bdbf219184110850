import Foundation
import Testing

@testable import Network

private struct Report: Encodable, Sendable {
  var text: String
}

private func batch(_ transport: FakeTransport, retry: RetryPolicy = .none) -> AcknowledgedBatchDelivery {
  AcknowledgedBatchDelivery(
    client: makeClient(transport, sleeper: SleepRecorder(), retry: retry), path: "/v1/reports/batch",
    layout: .keyed(list: "reports", key: "key", body: "report"))
}

private let messages = ["k-1", "k-2", "k-3"].map {
  AcknowledgedBatchDelivery.Message(key: $0, report: Report(text: $0))
}

@Test func eachMessageIsDeliveredOnlyByItsOwnAcknowledgement() async throws {
  let transport = FakeTransport([
    .status(
      200,
      #"{"results":[{"key":"k-3","status":"applied"},{"key":"k-1","status":"duplicate"},"#
        + #"{"key":"k-2","status":"refused","error":"kind unknown","httpStatus":422}]}"#)
  ])
  let outcome = try await batch(transport).deliver(messages)
  #expect(
    outcome
      == .answered([
        .acknowledged(duplicate: true), .refused(status: 422, reason: "kind unknown"), .acknowledged(duplicate: false),
      ]))
  let request = try #require(await transport.requests.first)
  #expect(request.method == .post)
  #expect(request.header("Idempotency-Key") == "batch-3-k-1")
  let body = try #require(request.body)
  let sent = try #require(try JSONSerialization.jsonObject(with: body) as? [String: [[String: Any]]])
  #expect(sent["reports"]?.compactMap { $0["key"] as? String } == ["k-1", "k-2", "k-3"])
  #expect(sent["reports"]?.compactMap { ($0["report"] as? [String: String])?["text"] } == ["k-1", "k-2", "k-3"])
}

@Test func aMessageTheAnswerLeavesOutIsNotDelivered() async throws {
  let answer = #"{"results":[{"key":"k-1","status":"applied"},{"key":"k-2","status":"maybe"}]}"#
  let outcome = try await batch(FakeTransport([.status(200, answer)])).deliver(messages)
  let missing = AcknowledgedDelivery.Outcome.failed(.unacknowledged(status: 200, answer: answer))
  #expect(outcome == .answered([.acknowledged(duplicate: false), missing, missing]))
}

@Test(arguments: ["<html>ok</html>", "{}", #"{"results":{}}"#, "", "null", #"{"acknowledged":"k-1"}"#])
func anAnswerThatIsNoBatchAnswerDeliversNothing(body: String) async throws {
  let outcome = try await batch(FakeTransport([.status(200, body)])).deliver(messages)
  let none = AcknowledgedDelivery.Outcome.failed(.unacknowledged(status: 200, answer: body))
  #expect(outcome == .answered([none, none, none]))
}

@Test(arguments: [404, 405])
func aReceiverWithoutTheBatchEndpointIsUnsupported(status: Int) async throws {
  let outcome = try await batch(FakeTransport([.status(status, #"{"error":"no such endpoint"}"#)])).deliver(messages)
  #expect(outcome == .unsupported)
}

@Test func aBatchTooLargeForTheReceiverIsTooLarge() async throws {
  let outcome = try await batch(FakeTransport([.status(413, #"{"error":"too large"}"#)])).deliver(messages)
  #expect(outcome == .tooLarge)
}

@Test(arguments: [401, 422, 429, 500, 503])
func anyOtherFailureDeliversNothing(status: Int) async throws {
  let outcome = try await batch(FakeTransport([.status(status, #"{"error":"x"}"#)])).deliver(messages)
  #expect(outcome == .failed(.status(code: status, body: #"{"error":"x"}"#)))
}

@Test func aBatchIsRetriedLikeAnyIdempotentRequest() async throws {
  let transport = FakeTransport([
    .status(503, "busy"),
    .status(
      200,
      #"{"results":[{"key":"k-1","status":"applied"},{"key":"k-2","status":"applied"},"#
        + #"{"key":"k-3","status":"duplicate"}]}"#),
  ])
  let outcome = try await batch(transport, retry: .standard).deliver(messages)
  #expect(
    outcome
      == .answered([.acknowledged(duplicate: false), .acknowledged(duplicate: false), .acknowledged(duplicate: true)]))
  #expect(await transport.requests.count == 2)
}

@Test func anEmptyBatchSendsNothing() async throws {
  let transport = FakeTransport([])
  let none: [AcknowledgedBatchDelivery.Message<Report>] = []
  #expect(try await batch(transport).deliver(none) == .answered([]))
  #expect(await transport.requests.isEmpty)
}
