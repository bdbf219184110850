import Foundation
import Logging
import Testing

@testable import Network

/// What counts as a receiver's refusal of a message, and what does not: a server that refuses every
/// message alike refuses the requests, and nothing of it is a message's own refusal.
@Suite struct RefusalTests {
  private struct Note: Encodable, Sendable { var id: String }

  /// Messages `k-1`… of the kinds given, in order.
  private let kinds = ["supplies", "supplies", "profile", "status"]
  private var keys: [String] { kinds.indices.map { "k-\($0 + 1)" } }

  private func sender(_ transport: FakeTransport, batchSize: Int = 64, batches: Bool = true) -> AcknowledgedSender {
    AcknowledgedSender(
      client: makeClient(transport, sleeper: SleepRecorder(), retry: .none),
      dialect: DeliveryDialect(
        path: "/r", batchPath: batches ? "/r/batch" : nil, batchSize: batchSize,
        batchLayout: .keyed(list: "reports", key: "key", body: "report"), acknowledgement: .byKey),
      logger: .disabled(module: "Tests"))
  }

  private func send(_ sender: AcknowledgedSender, from start: Int = 0) async throws -> [AcknowledgedDelivery.Outcome] {
    let items = Array(zip(keys, kinds).dropFirst(start))
    return try await sender.send(items, key: \.0, kind: \.1, encode: { Note(id: $0.0) }, judge: { $0 })
  }

  private static func refused(_ keys: ArraySlice<String>, status: Int = 400, reason: String = "bad request") -> String {
    let results = keys.map { #"{"key":"\#($0)","status":"refused","error":"\#(reason)","httpStatus":\#(status)}"# }
    return #"{"results":["# + results.joined(separator: ",") + "]}"
  }

  @Test func aBatchWhoseMessagesOfSeveralKindsAreAllRefusedAlikeFailsAsAWhole() async throws {
    let transport = FakeTransport([.status(200, Self.refused(keys[...]))])
    let outcomes = try await send(sender(transport))
    #expect(outcomes == Array(repeating: .failed(.refusedAlike(status: 400, reason: "bad request")), count: 4))
  }

  @Test func aBatchWhoseMessagesOfOneKindAreRefusedAlikeIsThatKindRefused() async throws {
    let transport = FakeTransport([.status(200, Self.refused(keys.prefix(2), status: 422, reason: "no such item"))])
    let outcomes = try await send(sender(transport, batchSize: 2))
    #expect(outcomes == Array(repeating: .refused(status: 422, reason: "no such item"), count: 2))
  }

  @Test func aMessageRefusedAloneIsComparedWithOneOfAnotherKind() async throws {
    // Refused, and the witness (a message of another kind) refused the same way: not a refusal.
    let alike = FakeTransport([.status(400, #"{"error":"bad request"}"#), .status(400, #"{"error":"bad request"}"#)])
    #expect(
      try await send(sender(alike, batches: false)) == [.failed(.refusedAlike(status: 400, reason: "bad request"))])
    #expect(await alike.requests.map { $0.header("Idempotency-Key") } == ["k-1", "k-3"])
    // Refused, and the witness taken: the first message's own refusal (the witness goes again later, by its key).
    let own = FakeTransport([
      .status(422, #"{"error":"no such item"}"#), .status(201, #"{"acknowledged":"k-3","status":"applied"}"#),
    ])
    #expect(try await send(sender(own, batches: false)) == [.refused(status: 422, reason: "no such item")])
  }

  @Test func aMessageRefusedAloneWithNothingToCompareCountsOnlyAs413Or422() async throws {
    let bad = FakeTransport([.status(400, #"{"error":"bad request"}"#)])
    #expect(try await send(sender(bad, batches: false), from: 3) == [.failed(.status(code: 400, body: "bad request"))])
    let refused = FakeTransport([.status(422, #"{"error":"no such item"}"#)])
    #expect(try await send(sender(refused, batches: false), from: 3) == [.refused(status: 422, reason: "no such item")])
  }

  @Test func aBatchTooLargeIsSentAgainAtHalfTheSizeAndLaterOnesAreNoLarger() async throws {
    let applied = { (keys: ArraySlice<String>) in
      #"{"results":["# + keys.map { #"{"key":"\#($0)","status":"applied"}"# }.joined(separator: ",") + "]}"
    }
    let transport = FakeTransport([
      .status(413, #"{"error":"too large"}"#), .status(200, applied(keys.prefix(2))), .status(200, applied(keys[2...])),
    ])
    let sender = sender(transport)
    #expect(try await send(sender).count == 2)
    #expect(try await send(sender, from: 2).count == 2)
    #expect(
      await transport.requests.map { $0.header("Idempotency-Key") } == ["batch-4-k-1", "batch-2-k-1", "batch-2-k-3"])
  }

  @Test func aReceiverWithoutABatchEndpointIsAskedAgainAfterSomeSingleRequests() async throws {
    let single = { (key: String) in FakeTransport.Step.status(201, #"{"acknowledged":"\#(key)","status":"applied"}"#) }
    var script: [FakeTransport.Step] = [.status(404, #"{"error":"no such endpoint"}"#)]
    script += (0..<AcknowledgedSender.batchProbeInterval).map { _ in single("k-1") }
    script.append(.status(200, #"{"results":[{"key":"k-1","status":"applied"},{"key":"k-2","status":"applied"}]}"#))
    let transport = FakeTransport(script)
    let sender = sender(transport, batchSize: 2)
    for _ in 0..<AcknowledgedSender.batchProbeInterval { _ = try await send(sender) }
    #expect(!(await transport.requests.dropFirst().contains { $0.url.path.hasSuffix("/batch") }))
    #expect(sender.sendsBatches)
    #expect(try await send(sender).count == 2)
  }
}
