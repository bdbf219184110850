import Foundation
import Testing

@testable import Network

private struct Report: Encodable {
  var id: String
  var text: String
}

private func delivery(_ transport: FakeTransport) -> AcknowledgedDelivery {
  AcknowledgedDelivery(client: makeClient(transport, sleeper: SleepRecorder(), retry: .none), path: "/v1/reports")
}

@Test func anAcknowledgementOfTheKeyIsADelivery() async throws {
  let transport = FakeTransport([
    .status(201, #"{"status":"applied","acknowledged":"k-1"}"#),
    .status(200, #"{"status":"duplicate","acknowledged":"k-1"}"#),
  ])
  let send = delivery(transport)
  #expect(try await send.deliver(Report(id: "k-1", text: "x"), key: "k-1") == .acknowledged(duplicate: false))
  #expect(try await send.deliver(Report(id: "k-1", text: "x"), key: "k-1") == .acknowledged(duplicate: true))
  let request = try #require(await transport.requests.first)
  #expect(request.method == .post)
  #expect(request.header("Idempotency-Key") == "k-1")
  #expect(request.header("Content-Type") == "application/json")
}

@Test(arguments: [
  "<html>hello</html>", "{}", #"{"status":"applied"}"#, #"{"acknowledged":"k-2"}"#, "", "null",
  #"{"id":"k-1","text":"x"}"#,
])
func anythingElseIsNotADelivery(body: String) async throws {
  let outcome = try await delivery(FakeTransport([.status(200, body)])).deliver(
    Report(id: "k-1", text: "x"), key: "k-1")
  guard case .failed(.unacknowledged(let status, let answer)) = outcome else {
    Issue.record("expected unacknowledged, got \(outcome)")
    return
  }
  #expect(status == 200)
  #expect(answer == body)
}

@Test(arguments: [400, 410, 413, 422])
func aReceiversJSONRefusalIsPermanent(status: Int) async throws {
  let outcome = try await delivery(FakeTransport([.status(status, #"{"error":"kind unknown"}"#)]))
    .deliver(Report(id: "k", text: "x"), key: "k")
  #expect(outcome == .refused(status: status, reason: "kind unknown"))
}

@Test(arguments: [401, 403, 404, 405, 407, 408, 409, 425, 429, 500, 503])
func statusesAboutTheConnectionOrTheMomentAreNotRefusals(status: Int) async throws {
  let outcome = try await delivery(FakeTransport([.status(status, #"{"error":"x"}"#)]))
    .deliver(Report(id: "k", text: "x"), key: "k")
  #expect(outcome == .failed(.status(code: status, body: #"{"error":"x"}"#)))
}

@Test func aFourHundredPageFromSomethingElseIsNotARefusal() async throws {
  let outcome = try await delivery(FakeTransport([.status(400, "<html>Bad Request</html>")]))
    .deliver(Report(id: "k", text: "x"), key: "k")
  #expect(outcome == .failed(.status(code: 400, body: "<html>Bad Request</html>")))
}

@Test func transportFailuresAreFailedDeliveries() async throws {
  let outcome = try await delivery(FakeTransport([.fail(NetworkError.unreachable("refused"))]))
    .deliver(Report(id: "k", text: "x"), key: "k")
  #expect(outcome == .failed(.unreachable("refused")))
}
