import Foundation
import Logging
import LoggingTestSupport
import Testing

@testable import Network

private struct Note: Encodable, Sendable {
  var id: String
}

private let keys = (1...5).map { "k-\($0)" }

private func sender(
  _ transport: FakeTransport, dialect: DeliveryDialect, budget: Duration? = nil, logs: InMemoryLogSink = .init()
) -> AcknowledgedSender {
  AcknowledgedSender(
    client: makeClient(transport, sleeper: SleepRecorder(), retry: .none), dialect: dialect, budget: budget,
    logger: Logger(module: "Tests", sinks: [logs]))
}

/// Sends `items` through `sender`, each message a `Note`, each outcome as it came.
private func send(_ items: [String], through sender: AcknowledgedSender) async throws -> [AcknowledgedDelivery.Outcome]
{
  try await sender.send(items, key: { $0 }, kind: { _ in "note" }, encode: { Note(id: $0) }, judge: { $0 })
}

private func applied(_ keys: [String]) -> String {
  #"{"results":["# + keys.map { #"{"key":"\#($0)","status":"applied"}"# }.joined(separator: ",") + "]}"
}

private func acknowledgement(_ key: String) -> String { #"{"acknowledged":"\#(key)","status":"applied"}"# }

@Suite struct AcknowledgedSenderTests {
  static let houston = DeliveryDialect(
    path: "/v1/reports", batchPath: "/v1/reports/batch", batchSize: 2,
    batchLayout: .keyed(list: "reports", key: "key", body: "report"), acknowledgement: .byKey)

  @Test func oneRequestCarriesABatchOfAtMostBatchSizeFromTheFront() async throws {
    let transport = FakeTransport([.status(200, applied(["k-1", "k-2"]))])
    let outcomes = try await send(keys, through: sender(transport, dialect: Self.houston))
    #expect(outcomes == [.acknowledged(duplicate: false), .acknowledged(duplicate: false)])
    let requests = await transport.requests
    #expect(requests.map(\.url.path) == ["/api/v1/reports/batch"])
    let body = try #require(try JSONSerialization.jsonObject(with: requests[0].body ?? Data()) as? [String: Any])
    let entries = try #require(body["reports"] as? [[String: Any]])
    #expect(entries.map { $0["key"] as? String } == ["k-1", "k-2"])
    #expect(entries.map { ($0["report"] as? [String: String])?["id"] } == ["k-1", "k-2"])
  }

  @Test func aReceiverWithoutBatchesIsAskedOnceThenGetsOneMessagePerRequest() async throws {
    let logs = InMemoryLogSink()
    let transport = FakeTransport([
      .status(404, #"{"error":"no such endpoint"}"#), .status(201, acknowledgement("k-1")),
      .status(201, acknowledgement("k-2")),
    ])
    let sender = sender(transport, dialect: Self.houston, logs: logs)
    #expect(sender.sendsBatches)
    #expect(try await send(keys, through: sender) == [.acknowledged(duplicate: false)])
    #expect(!sender.sendsBatches)
    #expect(try await send(Array(keys.dropFirst()), through: sender) == [.acknowledged(duplicate: false)])
    let requests = await transport.requests
    #expect(requests.map(\.url.path) == ["/api/v1/reports/batch", "/api/v1/reports", "/api/v1/reports"])
    #expect(requests.last?.header("Idempotency-Key") == "k-2")
    #expect(logs.messages.filter { $0.contains("no batch endpoint") }.count == 1)
  }

  @Test func aRequestPreparedAheadSendsWhatItWasPreparedWith() async throws {
    let transport = FakeTransport([.status(200, applied(["k-1", "k-2"])), .status(200, applied(["k-3", "k-4"]))])
    let sender = sender(transport, dialect: Self.houston)
    let first = try sender.prepare(keys, key: { $0 }, kind: { _ in "note" }, encode: { Note(id: $0) })
    let second = try sender.prepare(
      Array(keys.dropFirst(2)), key: { $0 }, kind: { _ in "note" }, encode: { Note(id: $0) })
    #expect((first.count, second.count) == (2, 2))
    // Preparing sends nothing; each goes out when it is sent, as it was encoded.
    #expect(await transport.requests.isEmpty)
    #expect(try await sender.send(first, judge: { $0 }).count == 2)
    #expect(try await sender.send(second, judge: { $0 }).count == 2)
    let requests = await transport.requests
    #expect(requests.map { $0.header("Idempotency-Key") } == ["batch-2-k-1", "batch-2-k-3"])
  }

  @Test func aBatchPreparedBeforeTheReceiverSaidItHasNoneGoesOutAsItsFirstMessageAlone() async throws {
    let transport = FakeTransport([
      .status(404, #"{"error":"no such endpoint"}"#), .status(201, acknowledgement("k-1")),
      .status(201, acknowledgement("k-3")),
    ])
    let sender = sender(transport, dialect: Self.houston)
    let first = try sender.prepare(keys, key: { $0 }, kind: { _ in "note" }, encode: { Note(id: $0) })
    let ahead = try sender.prepare(
      Array(keys.dropFirst(2)), key: { $0 }, kind: { _ in "note" }, encode: { Note(id: $0) })
    #expect(try await sender.send(first, judge: { $0 }) == [.acknowledged(duplicate: false)])
    // Prepared as a batch while batches were thought possible: only its first message goes.
    #expect(try await sender.send(ahead, judge: { $0 }) == [.acknowledged(duplicate: false)])
    #expect(try sender.prepare(keys, key: { $0 }, kind: { _ in "note" }, encode: { Note(id: $0) }).count == 1)
    let requests = await transport.requests
    #expect(requests.map(\.url.path) == ["/api/v1/reports/batch", "/api/v1/reports", "/api/v1/reports"])
    #expect(requests.map { $0.header("Idempotency-Key") } == ["batch-2-k-1", "k-1", "k-3"])
  }

  @Test func aDialectWithoutABatchPathSendsOneAtATime() async throws {
    let transport = FakeTransport([.status(201, acknowledgement("k-1"))])
    let sender = sender(
      transport,
      dialect: DeliveryDialect(
        path: "/one", batchPath: nil, batchSize: 64, batchLayout: .keyed(list: "reports", key: "key", body: "report"),
        acknowledgement: .byKey))
    #expect(!sender.sendsBatches)
    #expect(try await send(keys, through: sender) == [.acknowledged(duplicate: false)])
    #expect(await transport.requests.map(\.url.path) == ["/api/one"])
  }

  @Test func aBatchThatFailsAsAWholeIsOneFailureOfItsFirstMessage() async throws {
    let transport = FakeTransport([.status(503, "busy")])
    let outcomes = try await send(keys, through: sender(transport, dialect: Self.houston))
    #expect(outcomes == [.failed(.status(code: 503, body: "busy"))])
  }

  @Test func aBareLayoutSendsTheMessagesThemselves() async throws {
    let dialect = DeliveryDialect(
      path: "/api/v2/telemetry", batchPath: "/api/v2/telemetry/batch", batchSize: 64,
      batchLayout: .bare(list: "messages"),
      acknowledgement: .byKey)
    let transport = FakeTransport([.status(200, applied(keys))])
    #expect(try await send(keys, through: sender(transport, dialect: dialect)).count == 5)
    let body = try #require(await transport.requests.first?.body)
    let sent = try #require(try JSONSerialization.jsonObject(with: body) as? [String: [[String: String]]])
    #expect(sent == ["messages": keys.map { ["id": $0] }])
  }

  @Test func aKeyedLayoutNamesItsMembers() async throws {
    let dialect = DeliveryDialect(
      path: "/r", batchPath: "/r/batch", batchSize: 64,
      batchLayout: .keyed(list: "results", key: "key", body: "result"),
      acknowledgement: .byKey)
    let transport = FakeTransport([.status(200, applied(["k-1"]))])
    _ = try await send(["k-1"], through: sender(transport, dialect: dialect))
    let body = try #require(await transport.requests.first?.body)
    let sent = try #require(try JSONSerialization.jsonObject(with: body) as? [String: [[String: Any]]])
    #expect(sent["results"]?.first?["key"] as? String == "k-1")
    #expect((sent["results"]?.first?["result"] as? [String: String]) == ["id": "k-1"])
  }

  @Test func theDialectReadsTheAcknowledgements() async throws {
    // A receiver that answers "ok" for every message and batch: only its own dialect can read that.
    let everything = Acknowledgement(
      single: { _, _ in .acknowledged(duplicate: false) },
      batch: { _, keys in keys.map { _ in .acknowledged(duplicate: true) } })
    let dialect = DeliveryDialect(
      path: "/one", batchPath: "/many", batchSize: 3, batchLayout: .keyed(list: "reports", key: "key", body: "report"),
      acknowledgement: everything)
    let transport = FakeTransport([.status(200, "ok")])
    #expect(
      try await send(keys, through: sender(transport, dialect: dialect))
        == Array(repeating: .acknowledged(duplicate: true), count: 3))
  }

  @Test func eachRequestIsBoundedByTheBudget() async throws {
    let transport = FakeTransport([.status(200, applied(["k-1"]))])
    _ = try await send(["k-1"], through: sender(transport, dialect: Self.houston, budget: .milliseconds(250)))
    let request = try #require(await transport.requests.first)
    #expect(request.timeout <= .milliseconds(250))
  }

  @Test func nothingToSendSendsNothing() async throws {
    let transport = FakeTransport([])
    #expect(try await send([], through: sender(transport, dialect: Self.houston)).isEmpty)
    #expect(await transport.requests.isEmpty)
  }
}
