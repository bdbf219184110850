import CosmonautService
import CosmonautServiceInterface
import Foundation
import HoustonMissionControl
import MissionControlInterface
import Network
import Persistence
import TestHarness
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Houston's batch endpoint and layout, as its dialect names them.
private let batchPath = CosmonautDialect.houston.reports.batchPath ?? ""
private let batchLayout = BatchLayout.keyed(list: "reports", key: "key", body: "report")

/// A temporary directory for a store and Houston's state, removed afterwards; a clock at 2026-11-22T05:00:00Z.
private final class Harness: Sendable {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("houston-\(UUID().uuidString)")

  init() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  /// The live client in Houston's dialect over a store in the directory, through `http` with `token`.
  func client(
    _ http: HTTPClient, token: AuthToken
  ) throws -> LiveCosmonautClient<
    ReportPayload, ReportEnvelope, StationPosition
  > {
    let store = try EntityStore(
      configuration: StoreConfiguration(fileURL: directory.appendingPathComponent("cosmonaut.sqlite")))
    return LiveCosmonautClient(
      store: store, dialect: .houston,
      missionControl: MissionControlClient(center: .houston, http: AuthenticatedClient(client: http, token: token)),
      analytics: .disabled, logger: .disabled(module: "CosmonautService"),
      now: { Date(timeIntervalSince1970: 1_795_323_600) })
  }
}

/// `Scripts/houston` as a real process on 127.0.0.1, spoken to over URLSession.
final class HoustonProcess: Sendable {
  let process: ChildProcess
  let baseURL: URL

  static var scriptURL: URL { TestProducts.packageRoot.appendingPathComponent("Scripts/houston") }

  static var isAvailable: Bool { Tool.isInstalled("python3") }

  struct HoustonStartError: Error { let line: String }

  /// Starts Houston and waits (bounded) for the line that says where it listens; its stderr goes
  /// to `errors` when given (else it is dropped).
  static func start(arguments: [String], errors: URL? = nil) async throws -> HoustonProcess {
    let process = try ChildProcess(
      "python3", [scriptURL.path, "--port", "0"] + arguments, errors: errors.map { .file($0.path) } ?? .discard)
    let line = try await process.firstLine(within: .seconds(60)) ?? ""
    let prefix = "houston listening on "
    guard line.hasPrefix(prefix), let url = URL(string: String(line.dropFirst(prefix.count))) else {
      await process.kill()
      throw HoustonStartError(line: line)
    }
    return HoustonProcess(process: process, baseURL: url)
  }

  private init(process: ChildProcess, baseURL: URL) {
    self.process = process
    self.baseURL = baseURL
  }

  /// Sends SIGTERM and waits; SIGKILL after 10 s (so a test never hangs). Returns the exit status.
  func stop() async -> Int32 { await process.stop().status }

  /// Asks Houston to stop without waiting (for `defer`); it is killed if it has not stopped soon.
  func terminate() { process.terminate() }
}

/// The client in Houston's dialect against `Scripts/houston`, and the script itself.
@Suite(.enabled(if: HoustonProcess.isAvailable, Tool.missing("python3", for: "Scripts/houston runs on it")))
struct HoustonScriptTests {
  struct Reports: Decodable {
    struct Report: Decodable { let id: String; let kind: String }
    let reports: [Report]
  }

  @Test func liveClientSyncsExactlyOnceThroughFaultsAndReadsThePosition() async throws {
    let houston = try await HoustonProcess.start(arguments: [
      "--token", "secret-token", "--fail-first", "1", "--drop-response-first", "1",
    ])
    defer { houston.terminate() }
    let harness = try Harness()
    let token = try #require(AuthToken("secret-token"))
    let http = HTTPClient(configuration: ClientConfiguration(baseURL: houston.baseURL), sleep: { _ in })
    let client = try harness.client(http, token: token)

    _ = try await client.consume("water", quantity: 2)
    _ = try await client.updateProfile(ProfileUpdate(name: "Valentina Orlova"))
    let report = try await client.sync()
    #expect(report.delivered.map(\.kind) == ["supplies.changed", "profile.updated", "status.report"])
    #expect(report.pending.isEmpty)

    let applied = try await AuthenticatedClient(client: http, token: token)
      .send(HTTPRequest(path: "/v1/reports"), decoding: Reports.self)
    #expect(applied.reports.map(\.id) == report.delivered.map(\.id))

    let position = try await client.stationPosition()
    #expect(position.isLive)
    #expect(abs(position.position.latitude) <= 51.64 + 0.01)
    #expect((-180...180).contains(position.position.longitude))
    #expect(abs(position.position.altitudeKm - 420) < 5)
  }

  @Test func wrongTokenIsRefused() async throws {
    let houston = try await HoustonProcess.start(arguments: ["--token", "right"])
    defer { houston.terminate() }
    let harness = try Harness()
    let token = try #require(AuthToken("wrong"))
    let http = HTTPClient(
      configuration: ClientConfiguration(baseURL: houston.baseURL, retry: .none), sleep: { _ in })
    let client = try harness.client(http, token: token)
    let error = await #expect(throws: CosmonautServiceError.self) { try await client.sync() }
    #expect(error == .refusedToken(.houston, status: 401))
    #expect(error?.kind == .unavailable)
    #expect(error?.userMessage.contains("refused the token") == true)
    #expect(try await client.pendingSync().pending.first?.attempts == 1)
  }

  @Test func appliedReportsSurviveARestartWithStateFile() async throws {
    let harness = try Harness()
    let stateFile = harness.directory.appendingPathComponent("houston-state.json").path
    let report = try HTTPRequest(
      method: .post, path: "/v1/reports", headers: ["Idempotency-Key": "key-1", "Content-Type": "application/json"],
      body: JSONSerialization.data(withJSONObject: ["id": "key-1", "kind": "status.report", "payload": [:]]))

    let first = try await HoustonProcess.start(arguments: ["--state", stateFile])
    let firstClient = HTTPClient(configuration: ClientConfiguration(baseURL: first.baseURL, retry: .none))
    #expect(try await firstClient.send(report).status == 201)
    #expect(await first.stop() == 0)

    let second = try await HoustonProcess.start(arguments: ["--state", stateFile])
    defer { second.terminate() }
    let secondClient = HTTPClient(configuration: ClientConfiguration(baseURL: second.baseURL, retry: .none))
    let duplicate = try await secondClient.send(report)
    #expect(duplicate.status == 200)
    #expect(String(decoding: duplicate.body, as: UTF8.self).contains("duplicate"))
    let applied = try await secondClient.send(HTTPRequest(path: "/v1/reports"), decoding: Reports.self)
    #expect(applied.reports.map(\.id) == ["key-1"])

    let malformed = HTTPRequest(
      method: .post, path: "/v1/reports", headers: ["Idempotency-Key": "key-2"], body: Data("{not json".utf8))
    let error = await #expect(throws: NetworkError.self) { try await secondClient.send(malformed) }
    guard case .status(let code, let body) = error else {
      Issue.record("expected a status error, got \(String(describing: error))")
      return
    }
    #expect(code == 400)
    #expect(body.contains("malformed JSON"))
  }

  @Test func aReportThatCannotBeSavedIsNotAppliedSoTheRetryAppliesIt() async throws {
    let harness = try Harness()
    let stateDirectory = harness.directory.appendingPathComponent("state")
    try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
    let stateFile = stateDirectory.appendingPathComponent("houston-state.json").path
    let report = try HTTPRequest(
      method: .post, path: "/v1/reports", headers: ["Idempotency-Key": "key-1"],
      body: JSONSerialization.data(withJSONObject: ["id": "key-1", "kind": "status.report", "payload": [:]]))
    let houston = try await HoustonProcess.start(arguments: ["--state", stateFile])
    defer { houston.terminate() }
    let client = HTTPClient(configuration: ClientConfiguration(baseURL: houston.baseURL, retry: .none))

    // The state directory vanishes: saving fails, so Houston must answer 500 and apply nothing.
    try FileManager.default.removeItem(at: stateDirectory)
    let error = await #expect(throws: NetworkError.self) { try await client.send(report) }
    guard case .status(let code, _) = error else {
      Issue.record("expected a 500 answer, got \(String(describing: error))")
      return
    }
    #expect(code == 500)

    // The client's retry, once saving works again, applies the report (not "duplicate").
    try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
    #expect(try await client.send(report).status == 201)
    let applied = try await client.send(HTTPRequest(path: "/v1/reports"), decoding: Reports.self)
    #expect(applied.reports.map(\.id) == ["key-1"])
    #expect(FileManager.default.fileExists(atPath: stateFile))
  }

  @Test func aStateFileThatIsNotAnObjectIsRefusedWithOneLine() async throws {
    let harness = try Harness()
    let stateFile = harness.directory.appendingPathComponent("houston-state.json")
    try Data("[1, 2]".utf8).write(to: stateFile)
    let result = try await ChildProcess.run(
      "python3", [HoustonProcess.scriptURL.path, "--port", "0", "--state", stateFile.path])
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("houston: error: cannot read state file") == true)
  }

  /// Runs a python3 client snippet against Houston and returns what it printed.
  private func pythonClient(_ script: String, port: Int) async throws -> String {
    try await ChildProcess.run("python3", ["-c", script, String(port)]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func eachAnswerGoesOutInOneWriteSoNoClientWaitsOnDelayedAcknowledgement() async throws {
    let houston = try await HoustonProcess.start(arguments: [])
    defer { houston.terminate() }
    let port = try #require(houston.baseURL.port)
    // Headers and body written separately arrive as two segments, the second held back by Nagle
    // until the client's delayed ACK (~40 ms): the first read would then hold the headers only.
    let script = """
      import socket, sys
      whole = 0
      for _ in range(20):
          s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
          s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
          s.sendall(b"GET /health HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n")
          first = s.recv(65536)
          whole += b'"status": "ok"' in first
          s.close()
      print(whole)
      """
    #expect(try await pythonClient(script, port: port) == "20")
  }

  @Test func aClientThatGoesAwayIsOneLineNeverATraceback() async throws {
    let harness = try Harness()
    let errors = harness.directory.appendingPathComponent("houston.err")
    let houston = try await HoustonProcess.start(arguments: ["--delay-ms", "300"], errors: errors)
    let port = try #require(houston.baseURL.port)
    let script = """
      import socket, sys, time
      for request in [b"GET /health HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n", b"POST /v1/reports HTTP/1.1\\r\\nContent-Length: 10\\r\\n\\r\\n{", b"GET /v1/sta"]:
          s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
          s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\x00")
          s.sendall(request)
          s.close()
      time.sleep(0.8)
      print("done")
      """
    #expect(try await pythonClient(script, port: port) == "done")
    #expect(await houston.stop() == 0)
    let text = try String(contentsOf: errors, encoding: .utf8)
    #expect(!text.contains("Traceback"), "\(text)")
    #expect(text.split(separator: "\n").allSatisfy { $0.hasPrefix("houston: ") }, "\(text)")
  }

  @Test func helpSaysHowToReadWhatHoustonApplied() async throws {
    let result = try await ChildProcess.run("python3", [HoustonProcess.scriptURL.path, "--help"])
    let help = result.stdout
    #expect(result.status == 0)
    #expect(help.contains("GET /v1/reports"))
    #expect(help.contains("--state FILE"))
    #expect(help.contains("curl"))
    #expect(help.contains("--refuse-kind"))
  }

  @Test func answersAcknowledgeTheReportsKey() async throws {
    let houston = try await HoustonProcess.start(arguments: [])
    defer { houston.terminate() }
    let client = HTTPClient(configuration: ClientConfiguration(baseURL: houston.baseURL, retry: .none))
    let report = try HTTPRequest.json(
      .post, path: "/v1/reports", body: ["id": "key-9", "kind": "status.report"],
      headers: ["Idempotency-Key": "key-9"])
    let delivery = AcknowledgedDelivery(client: client, path: "/v1/reports")
    #expect(try await delivery.deliver(["id": "key-9"], key: "key-9") == .acknowledged(duplicate: false))
    #expect(try await delivery.deliver(["id": "key-9"], key: "key-9") == .acknowledged(duplicate: true))
    let answer = try await client.send(report)
    let object = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: String])
    #expect(object == ["status": "duplicate", "acknowledged": "key-9"])
  }

  @Test func aBatchIsAppliedInOrderOncePerKeyWithRefusalsAnsweredOneByOne() async throws {
    let harness = try Harness()
    let stateFile = harness.directory.appendingPathComponent("houston-state.json").path
    let houston = try await HoustonProcess.start(arguments: ["--state", stateFile, "--refuse-kind", "bad.kind"])
    defer { houston.terminate() }
    let client = HTTPClient(configuration: ClientConfiguration(baseURL: houston.baseURL, retry: .none))
    let batch = AcknowledgedBatchDelivery(client: client, path: batchPath, layout: batchLayout)
    let messages = [("k-1", "status.report"), ("k-2", "bad.kind"), ("k-3", "supplies.changed")].map {
      AcknowledgedBatchDelivery.Message(key: $0.0, report: ["id": $0.0, "kind": $0.1])
    }
    let refusal = AcknowledgedDelivery.Outcome.refused(
      status: 422, reason: "reports of kind bad.kind are refused (--refuse-kind)")
    #expect(
      try await batch.deliver(messages)
        == .answered([.acknowledged(duplicate: false), refusal, .acknowledged(duplicate: false)]))
    #expect(
      try await batch.deliver(messages)
        == .answered([.acknowledged(duplicate: true), refusal, .acknowledged(duplicate: true)]))
    let applied = try await client.send(HTTPRequest(path: "/v1/reports"), decoding: Reports.self)
    #expect(applied.reports.map(\.id) == ["k-1", "k-3"])
    let saved = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: stateFile))) as? [String: Any])
    #expect((saved["applied"] as? [Any])?.count == 2)

    let empty = try HTTPRequest.json(.post, path: batchPath, body: ["reports": [String]()])
    let error = await #expect(throws: NetworkError.self) { try await client.send(empty) }
    guard case .status(400, let body) = error else {
      Issue.record("expected a 400 answer, got \(String(describing: error))")
      return
    }
    #expect(body.contains("1 to 256 reports"))
  }

  @Test func aBatchThatCannotBeSavedIsTakenBackWhole() async throws {
    let harness = try Harness()
    let stateDirectory = harness.directory.appendingPathComponent("state")
    try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
    let stateFile = stateDirectory.appendingPathComponent("houston-state.json").path
    let houston = try await HoustonProcess.start(arguments: ["--state", stateFile])
    defer { houston.terminate() }
    let client = HTTPClient(configuration: ClientConfiguration(baseURL: houston.baseURL, retry: .none))
    let batch = AcknowledgedBatchDelivery(client: client, path: batchPath, layout: batchLayout)
    let messages = ["k-1", "k-2"].map { AcknowledgedBatchDelivery.Message(key: $0, report: ["id": $0, "kind": "x"]) }

    try FileManager.default.removeItem(at: stateDirectory)
    guard case .failed(.status(500, _)) = try await batch.deliver(messages) else {
      Issue.record("expected a 500 answer")
      return
    }
    try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
    #expect(
      try await batch.deliver(messages)
        == .answered([.acknowledged(duplicate: false), .acknowledged(duplicate: false)]))
  }

  @Test func aHoustonStartedWithoutBatchesAnswersTheBatchPath404() async throws {
    let houston = try await HoustonProcess.start(arguments: ["--no-batch"])
    defer { houston.terminate() }
    let client = HTTPClient(configuration: ClientConfiguration(baseURL: houston.baseURL, retry: .none))
    let batch = AcknowledgedBatchDelivery(client: client, path: batchPath, layout: batchLayout)
    #expect(try await batch.deliver([.init(key: "k-1", report: ["id": "k-1"])]) == .unsupported)
  }
}
