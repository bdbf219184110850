import AppAnalytics
import AppAnalyticsTestSupport
import CosmonautService
import CosmonautServiceInterface
import Foundation
import Logging
import LoggingTestSupport
import MissionControlInterface
import Network
import Persistence
import TsUPMissionControl

/// TsUP behind the `HTTPTransport` seam, speaking its dialect: the orbit in SI units and Moscow
/// time, telemetry applied once per key. Records every request; scripted replies go first.
///
/// By default it has no batch endpoint (404 on `POST /api/v2/telemetry/batch`, no script consumed),
/// so the client falls back to one message per request; `setBatches(true)` serves batches.
actor FakeTsUP: HTTPTransport {
  enum Reply: Sendable {
    /// Answer with this status and body, applying nothing.
    case status(Int, body: String = "{}")
    /// Apply the message, then answer this status (the answer is "lost").
    case applyThenStatus(Int)
    /// Behave normally.
    case normal
  }

  struct Request: Sendable {
    var method: String
    var path: String
    var headers: [String: String]
    var body: Data?

    func header(_ name: String) -> String? {
      headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// The body as a JSON object.
    var json: [String: Any]? {
      body.flatMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] }
    }
  }

  private(set) var requests: [Request] = []
  /// Keys of applied messages, each once, in order.
  private(set) var appliedKeys: [String] = []
  private var script: [Reply] = []
  private var orbitBody: String?
  private var refusedTypes: Set<String> = []
  private var alwaysStatus: (code: Int, body: String)?
  private var echo = false
  private var batches = false

  init(orbitBody: String? = orbitJSON) { self.orbitBody = orbitBody }

  func setScript(_ replies: [Reply]) { script = replies }
  func setOrbitBody(_ body: String?) { orbitBody = body }
  /// Messages of this TsUP type are refused for good (422).
  func refuse(type: String) { refusedTypes.insert(type) }
  /// Every request is answered with this status and body (nil: back to normal).
  func setAlwaysStatus(_ code: Int?, body: String = "{}") { alwaysStatus = code.map { ($0, body) } }
  /// Every request is answered 200 with its own body, as a server that is not TsUP does.
  func setEcho(_ on: Bool) { echo = on }

  /// Serves `POST /api/v2/telemetry/batch` (true), or answers it 404 like a TsUP without it (false).
  func setBatches(_ on: Bool) { batches = on }

  var telemetry: [Request] { requests.filter { $0.method == "POST" && $0.path == "/api/v2/telemetry" } }
  var batchRequests: [Request] { requests.filter { $0.method == "POST" && $0.path == "/api/v2/telemetry/batch" } }

  func send(_ request: WireRequest) async throws -> HTTPResponse {
    let recorded = Request(
      method: request.method.rawValue, path: request.url.path, headers: request.headers, body: request.body)
    requests.append(recorded)
    if recorded.path == "/api/v2/telemetry/batch" && !batches {
      return HTTPResponse(status: 404, body: Data("{}".utf8))
    }
    if let alwaysStatus { return HTTPResponse(status: alwaysStatus.code, body: Data(alwaysStatus.body.utf8)) }
    if echo { return HTTPResponse(status: 200, body: recorded.body ?? Data()) }
    if let reply = script.first {
      script.removeFirst()
      switch reply {
      case .status(let code, let body): return HTTPResponse(status: code, body: Data(body.utf8))
      case .applyThenStatus(let code):
        let isBatch = recorded.path == "/api/v2/telemetry/batch"
        _ = isBatch ? applyBatch(recorded) : [["applied": apply(recorded)]]
        return HTTPResponse(status: code, body: Data("{}".utf8))
      case .normal: break
      }
    }
    switch (recorded.method, recorded.path) {
    case ("GET", "/api/v2/orbit"):
      guard let orbitBody else { return HTTPResponse(status: 503, body: Data("{}".utf8)) }
      return HTTPResponse(status: 200, body: Data(orbitBody.utf8))
    case ("POST", "/api/v2/telemetry"):
      let header = recorded.json?["header"] as? [String: Any]
      if let type = header?["type"] as? String, refusedTypes.contains(type) {
        return HTTPResponse(status: 422, body: Data(#"{"error":"\#(type) is not accepted"}"#.utf8))
      }
      let fresh = apply(recorded)
      let key = recorded.header("Idempotency-Key") ?? ""
      let answer = #"{"status":"\#(fresh ? "applied" : "duplicate")","acknowledged":"\#(key)"}"#
      return HTTPResponse(status: fresh ? 201 : 200, body: Data(answer.utf8))
    case ("POST", "/api/v2/telemetry/batch"):
      let results = applyBatch(recorded)
      return HTTPResponse(
        status: 200, body: (try? JSONSerialization.data(withJSONObject: ["results": results])) ?? Data())
    default:
      return HTTPResponse(status: 404, body: Data("{}".utf8))
    }
  }

  /// Applies each message of a batch once, in order (each names its key in its header); the
  /// answer's results.
  private func applyBatch(_ request: Request) -> [[String: Any]] {
    let messages = request.json?["messages"] as? [[String: Any]] ?? []
    return messages.map { message in
      let header = message["header"] as? [String: Any]
      let key = header?["key"] as? String ?? ""
      if let type = header?["type"] as? String, refusedTypes.contains(type) {
        return ["key": key, "status": "refused", "error": "\(type) is not accepted", "httpStatus": 422]
      }
      guard !appliedKeys.contains(key) else { return ["key": key, "status": "duplicate"] }
      appliedKeys.append(key)
      return ["key": key, "status": "applied"]
    }
  }

  @discardableResult
  private func apply(_ request: Request) -> Bool {
    guard let key = request.header("Idempotency-Key"), !appliedKeys.contains(key) else { return false }
    appliedKeys.append(key)
    return true
  }
}

/// What TsUP answers for the orbit at 2026-11-22T05:00:00Z (08:00 in Moscow), in SI units.
let orbitJSON = #"""
  {"orbit":{"latitude_deg":51.6,"longitude_deg":-12.3,"altitude_m":420100,"velocity_m_s":7660},
   "epoch":"2026-11-22T08:00:00+03:00"}
  """#

/// 2026-11-22T05:00:00Z, when the tests' clock stands.
let testNow = Date(timeIntervalSince1970: 1_795_323_600)

/// The live cosmonaut client in TsUP's dialect, as `cosmonaut-ru` composes it.
typealias TsUPClient = LiveCosmonautClient<TsUPWire.Body, TsUPWire.Message, TsUPWire.Orbit>

/// A temporary directory with the store, a fake TsUP and recorders; removes the directory on deinit.
final class Harness: Sendable {
  let directory: URL
  let tsup: FakeTsUP
  let analytics = InMemoryAnalyticsProvider()
  let logs = InMemoryLogSink()

  init(tsup: FakeTsUP = FakeTsUP()) throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("tsup-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    self.tsup = tsup
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  func makeStore() throws -> EntityStore {
    try EntityStore(configuration: StoreConfiguration(fileURL: directory.appendingPathComponent("cosmonaut-ru.sqlite")))
  }

  /// The live client in TsUP's dialect over `store` (else the harness's file), reporting to the fake
  /// TsUP (offline when not `configured`).
  func makeClient(
    store: EntityStore? = nil, configured: Bool = true, retry: RetryPolicy = .standard,
    now: @escaping @Sendable () -> Date = { testNow }
  ) throws -> TsUPClient {
    var tsupClient: AuthenticatedClient?
    if configured, let baseURL = URL(string: "http://tsup.test"), let token = AuthToken("tsup-token") {
      let http = HTTPClient(
        configuration: ClientConfiguration(baseURL: baseURL, retry: retry), transport: tsup, sleep: { _ in })
      tsupClient = AuthenticatedClient(client: http, token: token)
    }
    return LiveCosmonautClient(
      store: try store ?? makeStore(), dialect: .tsup,
      missionControl: MissionControlClient(center: .tsup, http: tsupClient),
      analytics: Analytics(providers: [analytics]),
      logger: Logger(module: "CosmonautService", sinks: [logs]), now: now)
  }

  /// Error events recorded for the cosmonaut service.
  var recordedErrors: [AnalyticsEvent] {
    analytics.errors.filter { $0.properties["module"] == "CosmonautService" }
  }
}
