import AppAnalytics
import AppAnalyticsTestSupport
import CosmonautServiceInterface
import Foundation
import Logging
import LoggingTestSupport
import MissionControlInterface
import Network
import Persistence
import Synchronization

@testable import CosmonautService

/// A scripted Houston behind the `HTTPTransport` seam: records every request, applies reports
/// once per Idempotency-Key, and plays scripted replies first.
///
/// By default it predates `POST /v1/reports/batch` (404, no script consumed), so the client falls
/// back to one report per request; `setBatches(true)` serves batches: a scripted reply answers a
/// whole batch request, and a normal one applies each report in order (refusing `refusedKinds`).
actor FakeHouston: HTTPTransport {
  enum Reply: Sendable {
    /// Answer with this status and body, applying nothing.
    case status(Int, body: String = "{}")
    /// Answer with this status and an acknowledgement of the request's key, applying nothing.
    case acknowledge(Int)
    /// Throw this transport error.
    case failure(NetworkError)
    /// Apply the report, then answer this status (the response is "lost").
    case applyThenStatus(Int)
    /// Behave normally for this request.
    case normal
  }

  struct Recorded: Sendable {
    var method: String
    var path: String
    var headers: [String: String]
    var body: Data?

    func header(_ name: String) -> String? {
      headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
  }

  private(set) var requests: [Recorded] = []
  /// Keys of applied reports, each once, in order.
  private(set) var appliedKeys: [String] = []
  /// Bodies of applied reports, in order.
  private(set) var appliedBodies: [Data] = []
  private var script: [Reply]
  private var positionBody: String?
  private var alwaysFail: NetworkError?
  private var delay: Duration?
  private var alwaysStatus: (code: Int, body: String)?
  private var echo = false
  private var batches = false
  private var refusedKinds: Set<String> = []

  init(script: [Reply] = [], positionBody: String? = nil) {
    self.script = script
    self.positionBody = positionBody
  }

  func setScript(_ replies: [Reply]) { script = replies }
  func setPositionBody(_ body: String?) { positionBody = body }
  /// Every request fails with this error (nil = back to normal).
  func setAlwaysFail(_ error: NetworkError?) { alwaysFail = error }
  /// Every request is answered with this status and body, applying nothing (nil = back to normal).
  func setAlwaysStatus(_ code: Int?, body: String = "") { alwaysStatus = code.map { ($0, body) } }
  /// Every request is answered 200 with its own body, as an echo server that is not Houston does.
  func setEcho(_ on: Bool) { echo = on }
  /// Every answer waits this long first (nil = none), as a slow Houston does.
  func setDelay(_ delay: Duration?) { self.delay = delay }

  /// Serves `POST /v1/reports/batch` (true), or answers it 404 like an older Houston (false).
  func setBatches(_ on: Bool) { batches = on }
  /// Reports of these kinds are refused for good inside a batch (422, applying nothing).
  func setRefusedKinds(_ kinds: Set<String>) { refusedKinds = kinds }

  var reportRequests: [Recorded] { requests.filter { $0.method == "POST" && $0.path == "/v1/reports" } }
  var batchRequests: [Recorded] { requests.filter { $0.method == "POST" && $0.path == "/v1/reports/batch" } }

  func send(_ request: WireRequest) async throws -> HTTPResponse {
    let recorded = Recorded(
      method: request.method.rawValue, path: request.url.path, headers: request.headers, body: request.body)
    requests.append(recorded)
    if recorded.path == "/v1/reports/batch" && !batches { return HTTPResponse(status: 404, body: Data("{}".utf8)) }
    if let delay { try await Task.sleep(for: delay) }
    if let alwaysFail { throw alwaysFail }
    if let alwaysStatus { return HTTPResponse(status: alwaysStatus.code, body: Data(alwaysStatus.body.utf8)) }
    if echo { return HTTPResponse(status: 200, body: recorded.body ?? Data()) }
    if let reply = script.first {
      script.removeFirst()
      switch reply {
      case .normal: break
      case .status(let code, let body): return HTTPResponse(status: code, body: Data(body.utf8))
      case .acknowledge(let code):
        guard recorded.path == "/v1/reports/batch" else {
          return HTTPResponse(status: code, body: Self.acknowledgement(recorded))
        }
        let results = Self.batchEntries(recorded).map { ["key": $0.key, "status": "applied"] }
        return HTTPResponse(status: code, body: Self.json(["results": results]))
      case .failure(let error): throw error
      case .applyThenStatus(let code):
        if recorded.path == "/v1/reports/batch" {
          _ = applyBatch(recorded)
        } else {
          apply(recorded)
        }
        return HTTPResponse(status: code, body: Data("{}".utf8))
      }
    }
    return respondNormally(to: recorded)
  }

  private func respondNormally(to recorded: Recorded) -> HTTPResponse {
    switch (recorded.method, recorded.path) {
    case ("POST", "/v1/reports/batch"):
      return HTTPResponse(status: 200, body: Self.json(["results": applyBatch(recorded)]))
    case ("POST", "/v1/reports"):
      let fresh = apply(recorded)
      return HTTPResponse(status: fresh ? 201 : 200, body: Self.acknowledgement(recorded, fresh: fresh))
    case ("GET", "/v1/station/position"):
      guard let positionBody else { return HTTPResponse(status: 503, body: Data("{}".utf8)) }
      return HTTPResponse(status: 200, body: Data(positionBody.utf8))
    default:
      return HTTPResponse(status: 404, body: Data("{}".utf8))
    }
  }

  /// Houston's acknowledgement of the report in `request`.
  static func acknowledgement(_ request: Recorded, fresh: Bool = true) -> Data {
    let key = request.header("Idempotency-Key") ?? ""
    return Data(#"{"status":"\#(fresh ? "applied" : "duplicate")","acknowledged":"\#(key)"}"#.utf8)
  }

  /// The (key, report) pairs of a batch request, in order.
  static func batchEntries(_ request: Recorded) -> [(key: String, report: [String: Any])] {
    guard let body = request.body,
      let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
      let reports = object["reports"] as? [[String: Any]]
    else { return [] }
    return reports.compactMap { entry in
      guard let key = entry["key"] as? String, let report = entry["report"] as? [String: Any] else { return nil }
      return (key, report)
    }
  }

  static func json(_ object: Any) -> Data { (try? JSONSerialization.data(withJSONObject: object)) ?? Data() }

  /// Applies each report of a batch once, in order; the answer's results.
  private func applyBatch(_ request: Recorded) -> [[String: Any]] {
    Self.batchEntries(request).map { entry in
      if let kind = entry.report["kind"] as? String, refusedKinds.contains(kind) {
        return ["key": entry.key, "status": "refused", "error": "kind \(kind) is refused", "httpStatus": 422]
      }
      guard !appliedKeys.contains(entry.key) else { return ["key": entry.key, "status": "duplicate"] }
      appliedKeys.append(entry.key)
      appliedBodies.append(Self.json(entry.report))
      return ["key": entry.key, "status": "applied"]
    }
  }

  @discardableResult
  private func apply(_ request: Recorded) -> Bool {
    guard let key = request.header("Idempotency-Key"), !appliedKeys.contains(key) else { return false }
    appliedKeys.append(key)
    appliedBodies.append(request.body ?? Data())
    return true
  }
}

/// Collects values a `@Sendable` callback hands over (progress events, statuses).
final class EventRecorder<Value: Sendable>: Sendable {
  private let storage = Mutex<[Value]>([])

  var values: [Value] { storage.withLock { $0 } }
  var record: @Sendable (Value) -> Void { { value in self.storage.withLock { $0.append(value) } } }
}

/// A clock tests move by hand.
final class TestClock: Sendable {
  private let current: Mutex<Date>

  init(_ start: Date = Date(timeIntervalSince1970: 1_795_323_600)) { current = Mutex(start) }

  var now: Date { current.withLock { $0 } }
  func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
  var closure: @Sendable () -> Date { { self.now } }
}

/// The client under test, in the tests' own dialect (`CosmonautDialect.test`).
typealias TestClient = LiveCosmonautClient<TestPayload, TestEnvelope, StationPosition>

/// A temp directory with one SQLite file, a fake Houston and recorders; removes the directory on deinit.
final class Harness: Sendable {
  let directory: URL
  let houston: FakeHouston
  let analytics = InMemoryAnalyticsProvider()
  let logs = InMemoryLogSink()
  let clock = TestClock()

  init(houston: FakeHouston = FakeHouston()) throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("cosmonaut-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    self.houston = houston
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  var storeURL: URL { directory.appendingPathComponent("cosmonaut.sqlite") }

  func makeStore() throws -> EntityStore { try EntityStore(configuration: StoreConfiguration(fileURL: storeURL)) }

  func authenticatedClient(retry: RetryPolicy = .standard) -> AuthenticatedClient? {
    guard let baseURL = URL(string: "http://houston.test"), let token = AuthToken("secret-token") else { return nil }
    let client = HTTPClient(
      configuration: ClientConfiguration(baseURL: baseURL, retry: retry), transport: houston, sleep: { _ in })
    return AuthenticatedClient(client: client, token: token)
  }

  /// The mission control client of the fake Houston (nil HTTP client when not `configured`).
  func missionControl(
    configured: Bool = true, retry: RetryPolicy = .standard, budget: MissionControlBudget = .interactive
  ) -> MissionControlClient {
    MissionControlClient(center: .houston, http: configured ? authenticatedClient(retry: retry) : nil, budget: budget)
  }

  func makeClient(
    store: EntityStore? = nil, configured: Bool = true, retry: RetryPolicy = .standard,
    statusReportInterval: Duration = .seconds(900), budget: MissionControlBudget = .interactive
  ) throws -> TestClient {
    LiveCosmonautClient(
      store: try store ?? makeStore(), dialect: .test,
      missionControl: missionControl(configured: configured, retry: retry, budget: budget),
      analytics: Analytics(providers: [analytics]), logger: Logger(module: "CosmonautService", sinks: [logs]),
      now: clock.closure, statusReportInterval: statusReportInterval)
  }

  /// Error events recorded for this module.
  var recordedErrors: [AnalyticsEvent] { analytics.errors.filter { $0.properties["module"] == "CosmonautService" } }
}

/// The JSON object of a request body.
func jsonObject(_ data: Data?) -> [String: Any]? {
  guard let data else { return nil }
  return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
}

/// How many reports one batch carries at most in the tests' dialect.
let batchSize = CosmonautDialect<TestPayload, TestEnvelope, StationPosition>.test.reports.batchSize

let positionJSON =
  #"{"latitude":51.6,"longitude":-12.3,"altitudeKm":420.1,"speedKmPerSecond":7.66,"timestamp":"2026-11-22T05:00:00Z"}"#
