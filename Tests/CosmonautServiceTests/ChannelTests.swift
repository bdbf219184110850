import AppAnalytics
import CosmonautServiceInterface
import Foundation
import Localization
import Logging
import MissionControlInterface
import Network
import Persistence
import Synchronization
import Testing

@testable import CosmonautService

/// A receiver behind the transport seam that acknowledges every key of a batch (and a single report
/// by its key), or answers `status` the next `times` requests (every request when `times` is nil).
private actor AcknowledgingReceiver: HTTPTransport {
  private(set) var paths: [String] = []
  private var status: (code: Int, body: String, times: Int?)?

  func answer(_ code: Int, body: String = #"{"error":"busy"}"#, times: Int? = nil) {
    status = (code, body, times)
  }

  func send(_ request: WireRequest) async throws -> HTTPResponse {
    paths.append(request.url.path)
    if let answer = status {
      if let times = answer.times { status = times > 1 ? (answer.code, answer.body, times - 1) : nil }
      return HTTPResponse(status: answer.code, body: Data(answer.body.utf8))
    }
    if request.url.path == "/one" {
      let key = request.headers.first { $0.key.lowercased() == "idempotency-key" }?.value ?? ""
      return HTTPResponse(status: 201, body: Data(#"{"status":"applied","acknowledged":"\#(key)"}"#.utf8))
    }
    let body = (try? JSONSerialization.jsonObject(with: request.body ?? Data())) as? [String: [[String: Any]]]
    let results = (body?["reports"] ?? []).map { ["key": $0["key"] as? String ?? "", "status": "applied"] }
    return HTTPResponse(status: 200, body: try JSONSerialization.data(withJSONObject: ["results": results]))
  }
}

/// A store in a directory of its own, removed afterwards, with an outbox of notes.
private final class Workspace: Sendable {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("channel-tests-\(UUID().uuidString)")
  let store: EntityStore
  let outbox: Outbox<String>

  init() throws {
    store = try EntityStore(configuration: StoreConfiguration(fileURL: directory.appendingPathComponent("s.sqlite")))
    outbox = Outbox(store: store, name: "crew")
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  func queue(_ count: Int) throws {
    for index in 0..<count {
      try store.transaction { _ = try outbox.enqueue("note", "n\(index)", createdAt: Date(), in: $0) }
    }
  }

  /// The channel of the outbox to `receiver` (nil: offline), batches of 2, `retry` for each request.
  func channel(_ receiver: AcknowledgingReceiver?, retry: RetryPolicy = .none) -> any ReportChannel {
    let http = receiver.map { receiver in
      AuthenticatedClient(
        client: HTTPClient(
          configuration: ClientConfiguration(baseURL: URL(string: "http://centre.test")!, retry: retry),
          transport: receiver, sleep: { _ in }),
        token: AuthToken("token")!)
    }
    let endpoints = ReportEndpoints(
      path: "/one", batchPath: "/many", batchSize: 2, batchLayout: .keyed(list: "reports", key: "key", body: "report"),
      acknowledgement: .byKey)
    return MissionControlClient(center: .houston, http: http).channel(
      store: store, outbox: "crew", endpoints: endpoints, body: { (_: QueuedReport, note: String) in note },
      logger: .disabled(module: "Tests"), analytics: .disabled, analyticsEvents: nil, now: Date.init)
  }
}

/// How a failure is told in the retry notices: as the cosmonaut service tells it.
private let describing: @Sendable (MissionControlFailure) -> LocalizedText = {
  CosmonautServiceError($0, center: .houston).translatedMessage
}

/// The channel every service delivers its reports through: batches, counts, failures, background rounds.
@Suite struct ChannelTests {
  @Test func aRoundDeliversInBatchesAndSaysHowFarItGot() async throws {
    let workspace = try Workspace()
    try workspace.queue(5)
    let receiver = AcknowledgingReceiver()
    let channel = workspace.channel(receiver)
    let progress = Mutex<[MissionControlProgress]>([])
    let round = try await channel.deliver(
      redacting: { $0 }, describing: describing, progress: { event in progress.withLock { $0.append(event) } })
    #expect(round.delivered.count == 5 && round.after.pending.isEmpty && round.stopped == nil)
    #expect(!round.failedAsAWhole)
    #expect(await receiver.paths == ["/many", "/many", "/many"], "batches of 2")
    #expect(progress.withLock { $0 }.first == .contactingReport(1, of: 5))
    #expect(progress.withLock { $0 }.last == .delivered(5, of: 5))
    #expect(try await channel.counts() == ReportCounts(pending: 0, setAside: 0))
    #expect(try await channel.history().map(\.attempts) == Array(repeating: 1, count: 5))
  }

  @Test func aRoundThatDeliversNothingFailsAsAWholeWithTheCentresAnswer() async throws {
    let workspace = try Workspace()
    try workspace.queue(1)
    let receiver = AcknowledgingReceiver()
    await receiver.answer(503)
    let channel = workspace.channel(receiver)
    let round = try await channel.deliver(redacting: { $0 }, describing: describing, progress: { _ in })
    #expect(round.failedAsAWhole && round.delivered.isEmpty)
    guard case .answered(503, let body, _) = round.stopped?.failure else {
      Issue.record("expected the centre's 503, got \(String(describing: round.stopped?.failure))")
      return
    }
    #expect(body == #"{"error":"busy"}"#)
    #expect(
      CosmonautServiceError(try #require(round.stopped?.failure), center: .houston)
        == .answeredError(.houston, status: 503, reason: #"{"error":"busy"}"#))
    let waiting = try await channel.contents()
    #expect(waiting.pending.first?.attempts == 1)
    #expect(waiting.pending.first?.lastError?.contains("503") == true)
    #expect(waiting.pending.first?.lastReason?.code == "status")
  }

  @Test func offlineARoundSaysTheCentreIsNotConfigured() async throws {
    let workspace = try Workspace()
    try workspace.queue(1)
    let channel = workspace.channel(nil)
    #expect(!channel.isConfigured)
    await #expect(throws: MissionControlFailure.notConfigured) {
      try await channel.deliver(redacting: { $0 }, describing: describing, progress: { _ in })
    }
    #expect(try await channel.counts() == ReportCounts(pending: 1, setAside: 0))
  }

  @Test func roundsRunAtOnceAndSoonAfterEachNudgeUntilStopped() async throws {
    let workspace = try Workspace()
    let channel = workspace.channel(nil)
    channel.nudge()  // before the rounds start: nothing runs, nothing breaks
    let (rounds, continuation) = AsyncStream.makeStream(of: Int.self)
    let calls = Mutex(0)
    let sync = channel.startRounds(every: .seconds(3600)) {
      continuation.yield(
        calls.withLock { calls in
          calls += 1
          return calls
        })
    }
    var received = rounds.makeAsyncIterator()
    #expect(await received.next() == 1, "at once")
    channel.nudge()
    #expect(await received.next() == 2, "after a nudge")
    sync.nudge()
    #expect(await received.next() == 3, "after a nudge of the rounds themselves")
    await sync.stop()
    #expect(calls.withLock { $0 } == 3)
  }

  @Test func retriesAreToldInTheServicesWordsWithoutPersonalData() async throws {
    let workspace = try Workspace()
    try workspace.queue(1)
    let receiver = AcknowledgingReceiver()
    await receiver.answer(503, body: "Gagarin's report later", times: 1)
    let retry = RetryPolicy(maxAttempts: 2, initialBackoff: .seconds(2), multiplier: 1, maxBackoff: .seconds(2))
    let channel = workspace.channel(receiver, retry: retry)
    let told = Mutex<[MissionControlProgress]>([])
    let round = try await channel.deliver(
      redacting: PersonalData(values: ["Gagarin"]).redact, describing: describing,
      progress: { event in told.withLock { $0.append(event) } })
    #expect(round.delivered.count == 1)

    let expected = CosmonautServiceError.answeredError(.houston, status: 503, reason: "[personal data]'s report later")
    let retries = told.withLock { $0 }.filter { if case .retrying = $0 { true } else { false } }
    #expect(retries == [.retrying(attempt: 1, retryIn: .seconds(2), reason: expected.translatedMessage)])
    #expect(!expected.translatedMessage.description.contains("Gagarin"))
    #expect(expected.translatedMessage.description.contains("Houston"))
  }

  @Test func onlyARefusedReportCanBeRetriedOrDiscardedAndAWrongKeyIsALookupError() async throws {
    let workspace = try Workspace()
    try workspace.queue(1)
    let channel = workspace.channel(nil)
    let waiting = try #require(try await channel.contents().pending.first)
    for key in [waiting.id, "nope", ""] {
      let retried = await #expect(throws: ReportLookupError.self) { try await channel.retry(key) }
      #expect(retried?.reason.resolved(in: .russian) != retried?.reason.description, "said in Russian too")
      await #expect(throws: ReportLookupError.self) { try await channel.discard(key) }
    }
    #expect(try await channel.counts() == ReportCounts(pending: 1, setAside: 0))
  }
}
