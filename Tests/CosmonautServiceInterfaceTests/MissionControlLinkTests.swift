import AppAnalytics
import Foundation
import Localization
import Logging
import Network
import Persistence
import Synchronization
import Testing

@testable import CosmonautServiceInterface

/// A receiver behind the transport seam that acknowledges every key of a batch, or answers `status`.
private actor AcknowledgingReceiver: HTTPTransport {
  private(set) var paths: [String] = []
  private var status: Int?

  func answer(_ status: Int?) { self.status = status }

  func send(_ request: WireRequest) async throws -> HTTPResponse {
    paths.append(request.url.path)
    if let status { return HTTPResponse(status: status, body: Data(#"{"error":"busy"}"#.utf8)) }
    let body = (try? JSONSerialization.jsonObject(with: request.body ?? Data())) as? [String: [[String: Any]]]
    let results = (body?["reports"] ?? []).map { ["key": $0["key"] as? String ?? "", "status": "applied"] }
    return HTTPResponse(status: 200, body: try JSONSerialization.data(withJSONObject: ["results": results]))
  }
}

/// Counts calls from any thread.
private final class Counter: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}

/// A store in a directory of its own, removed afterwards.
private final class Workspace: Sendable {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("link-tests-\(UUID().uuidString)")
  let outbox: Outbox<String>

  init() throws {
    let store = try EntityStore(
      configuration: StoreConfiguration(fileURL: directory.appendingPathComponent("s.sqlite")))
    outbox = Outbox(store: store, name: "crew")
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  func queue(_ count: Int) throws {
    for index in 0..<count {
      try outbox.store.transaction { _ = try outbox.enqueue("note", "n\(index)", createdAt: Date(), in: $0) }
    }
  }

  func link(_ receiver: AcknowledgingReceiver?, queued: Counter = Counter()) -> MissionControlLink<String> {
    let client = receiver.map { receiver in
      AuthenticatedClient(
        client: HTTPClient(
          configuration: ClientConfiguration(baseURL: URL(string: "http://centre.test")!, retry: .none),
          transport: receiver, sleep: { _ in }),
        token: AuthToken("token")!)
    }
    return MissionControlLink(
      center: MissionControlLinkTests.houston, module: "Tests", outbox: outbox, client: client,
      dialect: DeliveryDialect(path: "/one", batchPath: "/many", batchSize: 2), budget: .interactive,
      analytics: .disabled, logger: .disabled(module: "Tests"), now: Date.init,
      queueStatusReportIfDue: { queued.increment() })
  }
}

/// The delivery both live clients share: sync in batches, counts, background rounds, the retry relay.
@Suite struct MissionControlLinkTests {
  static let houston = ControlCenter(name: "Houston", setting: "", clock: .utc)
  static let tsup = ControlCenter(name: "TsUP", setting: "", clock: .moscow)

  @Test func syncQueuesTheDueReportThenDeliversInBatchesAndSaysHowFarItGot() async throws {
    let workspace = try Workspace()
    try workspace.queue(5)
    let receiver = AcknowledgingReceiver()
    let queued = Counter()
    let link = workspace.link(receiver, queued: queued)
    let progress = Mutex<[MissionControlProgress]>([])
    let report = try await link.sync(
      body: { $0.payload }, personal: { .none }, progress: { event in progress.withLock { $0.append(event) } })
    #expect(queued.value == 1)
    #expect(report.delivered.count == 5 && report.pending.isEmpty && report.houstonConfigured)
    #expect(await receiver.paths == ["/many", "/many", "/many"], "batches of 2")
    #expect(progress.withLock { $0 }.last == .delivered(5, of: 5))
    #expect(try await link.syncStatus() == SyncStatus(pending: 0, setAside: 0, houstonConfigured: true))
  }

  @Test func aSyncThatDeliversNothingThrowsTheCentresError() async throws {
    let workspace = try Workspace()
    try workspace.queue(1)
    let receiver = AcknowledgingReceiver()
    await receiver.answer(503)
    let link = workspace.link(receiver)
    await #expect(throws: CosmonautServiceError.answeredError(Self.houston, status: 503, reason: #"{"error":"busy"}"#))
    {
      try await link.sync(body: { $0.payload }, personal: { .none }, progress: { _ in })
    }
    let waiting = try await link.pendingSync()
    #expect(waiting.pending.first?.attempts == 1)
    #expect(waiting.lastError?.contains("503") == true)
  }

  @Test func offlineTheSyncSaysTheCentreIsNotConfigured() async throws {
    let workspace = try Workspace()
    let link = workspace.link(nil)
    await #expect(throws: CosmonautServiceError.notConfigured(Self.houston)) {
      try await link.sync(body: { $0.payload }, personal: { .none }, progress: { _ in })
    }
    #expect(try await link.syncStatus().houstonConfigured == false)
  }

  @Test func eachRoundPublishesTheCountsWithItsOutcomeAndAFailureIsSaidNotThrown() async throws {
    let workspace = try Workspace()
    try workspace.queue(2)
    let link = workspace.link(nil)
    let calls = Mutex(0)
    let (statuses, continuation) = AsyncStream.makeStream(of: SyncStatus.self)
    link.delivery.nudge()  // before start: nothing runs, nothing breaks
    let sync = link.startBackgroundSync(
      every: .seconds(3600),
      round: {
        let call = calls.withLock { calls in
          calls += 1
          return calls
        }
        switch call {
        case 1: return nil  // offline: only queued
        case 2:
          return SyncReport(
            delivered: [], pending: [], houstonConfigured: true, lastError: .verbatim("Houston is away"))
        default: throw CosmonautServiceError.notConfigured(Self.houston)
        }
      }, onStatus: { continuation.yield($0) })
    var received = statuses.makeAsyncIterator()

    let offline = try #require(await received.next())
    #expect(offline.pending == 2 && offline.setAside == 0 && offline.lastErrorText == nil && offline.lastDelivered == 0)
    link.delivery.nudge()
    let stopped = try #require(await received.next())
    #expect(stopped.lastError == "Houston is away")
    link.delivery.nudge()
    let failed = try #require(await received.next())
    #expect(failed.lastError == CosmonautServiceError.notConfigured(Self.houston).userMessage && failed.pending == 2)
    await sync.stop()
  }

  @Test func retriesAreRelayedInTheCentresWordsWithoutPersonalData() {
    let told = Mutex<[MissionControlProgress]>([])
    let relay = MissionControlProgress.relay(
      { event in told.withLock { $0.append(event) } }, center: Self.tsup, personal: PersonalData(values: ["Gagarin"]))
    relay(.attempt(1))
    let failure = NetworkError.status(code: 503, body: "Gagarin's report later")
    relay(.waiting(afterAttempt: 1, retryIn: .seconds(2), failure: failure))

    let expected = CosmonautServiceError(failure, center: Self.tsup, personal: PersonalData(values: ["Gagarin"]))
    #expect(told.withLock { $0 } == [.retrying(attempt: 1, retryIn: .seconds(2), reason: expected.translatedMessage)])
    #expect(!expected.translatedMessage.description.contains("Gagarin"))
    #expect(expected.translatedMessage.description.contains("TsUP"))
  }
}
