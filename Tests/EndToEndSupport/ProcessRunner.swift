import Foundation
import TestHarness

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The end-to-end tests' support (EndToEndTests, DeviceEndToEndTests): the built executables, a sandbox
// per test, helper servers. A test-support module: only tests link it.

/// Finds and runs the built executables the way a user would: real processes, real arguments.
public enum Executables {
  /// The repository root.
  public static var repositoryRoot: URL { TestProducts.packageRoot }
  /// The folder of the built executables.
  public static var productsDirectory: URL { TestProducts.directory }

  public static var cosmonaut: URL { TestProducts.executable("cosmonaut") }
  public static var cosmonautRu: URL { TestProducts.executable("cosmonaut-ru") }
  public static var spacesuitSimulator: URL { TestProducts.executable("spacesuit-sim") }
  public static var houston: URL { repositoryRoot.appendingPathComponent("Scripts/houston") }
  public static var issOverview: URL { TestProducts.executable("iss-overview") }
  public static var stationSimulator: URL { TestProducts.executable("station-sim") }
  public static var laboratory: URL { productsDirectory.appendingPathComponent("laboratory") }
  public static var labSimulator: URL { productsDirectory.appendingPathComponent("lab-sim") }
}

/// A fresh data directory (and short socket paths) per test, removed afterwards.
public final class Sandbox: @unchecked Sendable {
  public let directory: URL

  public init() throws {
    directory = URL(fileURLWithPath: "/tmp", isDirectory: true)
      .appendingPathComponent("iss-e2e-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  public var dataDirectory: String { directory.appendingPathComponent("data").path }
  public var socketPath: String { directory.appendingPathComponent("suit.sock").path }
  public var stationSocketPath: String { directory.appendingPathComponent("station.sock").path }

  /// The environment a user's shell would give, minus anything that could leak into the test.
  public var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for key in [
      "ISS_DATA_DIR", "ISS_HOUSTON_URL", "ISS_HOUSTON_TOKEN", "ISS_TSUP_URL", "ISS_TSUP_TOKEN", "ISS_SUIT",
      "ISS_STATION", "ISS_LOG_LEVEL", "XDG_DATA_HOME", "NO_COLOR", "ISS_STAGE", "ISS_LANGUAGE", "ISS_PARTNER",
      "LC_ALL", "LC_MESSAGES", "LANG",
    ] {
      environment[key] = nil
    }
    environment["HOME"] = directory.path
    return environment
  }

  /// Runs `cosmonaut` with this sandbox's data directory.
  public func cosmonaut(
    _ arguments: [String], input: String? = nil, extraEnvironment: [String: String] = [:]
  ) async throws
    -> ProcessResult
  {
    try await run(
      Executables.cosmonaut, ["--data-dir", dataDirectory] + arguments, input: input,
      environment: environment.merging(extraEnvironment) { $1 })
  }

  /// Runs `iss-overview` with this sandbox's data directory.
  public func issOverview(_ arguments: [String], input: String? = nil) async throws -> ProcessResult {
    try await run(
      Executables.issOverview, ["--data-dir", dataDirectory] + arguments, input: input, environment: environment)
  }

  /// Runs a process to its end (its standard input is `input`, then end of input); killed after two minutes.
  public func run(
    _ executable: URL, _ arguments: [String], input: String? = nil, environment: [String: String]
  ) async throws
    -> ProcessResult
  {
    try await ChildProcess.run(executable, arguments, environment: environment, input: input, timeLimit: .seconds(120))
  }
}

public enum ProcessFailure: Error, CustomStringConvertible {
  case timedOut(String)
  case notReady(String)

  public var description: String {
    switch self {
    case .timedOut(let command): "timed out: \(command)"
    case .notReady(let detail): "server did not become ready: \(detail)"
    }
  }
}

/// A long-running helper process (a simulator, Houston) that prints one ready line.
///
/// Released, it is killed (SIGKILL); `stop()` ends it gently and says how it ended.
public final class BackgroundServer: Sendable {
  public let process: ChildProcess
  public let readyLine: String

  /// Starts `executable` and waits (bounded) for its first stdout line to contain `marker`.
  public static func launch(
    _ executable: URL, _ arguments: [String], marker: String, environment: [String: String]
  ) async throws -> BackgroundServer {
    let process = try ChildProcess(executable, arguments, environment: environment)
    guard let line = try await process.firstLine(within: .seconds(60)), line.contains(marker) else {
      await process.kill()
      throw ProcessFailure.notReady(
        "\(executable.lastPathComponent): no line containing \"\(marker)\" in:\n\(process.output)\(process.errors)")
    }
    return BackgroundServer(process: process, readyLine: line)
  }

  private init(process: ChildProcess, readyLine: String) {
    self.process = process
    self.readyLine = readyLine
  }

  /// Asks the server to stop (SIGTERM), kills it after a bounded wait; returns its exit status.
  @discardableResult
  public func stop() async -> Int32 { await process.stop().status }

  /// Asks the server to stop without waiting (for `defer`); it is killed if it has not stopped soon.
  public func terminate() { process.terminate() }

  /// Kills the server at once (SIGKILL), as a crash would: it cleans nothing up.
  public func crash() async { await process.kill() }
}

extension String {
  /// Decodes this process output as JSON.
  public func json() throws -> Any {
    try JSONSerialization.jsonObject(with: Data(utf8))
  }
}

extension Sandbox {
  /// Starts `Scripts/houston` on a free port with `arguments`; returns it and its base URL.
  public func houston(_ arguments: [String] = []) async throws -> (server: BackgroundServer, url: String) {
    let server = try await BackgroundServer.launch(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", Executables.houston.path, "--port", "0"] + arguments,
      marker: "listening", environment: environment)
    guard let url = server.readyLine.split(separator: " ").last.map(String.init) else {
      await server.stop()
      throw ProcessFailure.notReady(server.readyLine)
    }
    return (server, url)
  }

  /// Starts an HTTP server that is not Houston: every request gets `status` and `body` (text/html).
  public func notHouston(status: Int = 200, body: String) async throws -> (server: BackgroundServer, url: String) {
    let script = """
      import http.server, signal, sys
      # A test runner may hand down a mask that blocks SIGTERM; stop() must end this server at once.
      signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
      class Handler(http.server.BaseHTTPRequestHandler):
          protocol_version = "HTTP/1.1"
          def log_message(self, *args): pass
          def answer(self):
              self.rfile.read(int(self.headers.get("Content-Length") or 0))
              data = sys.argv[2].encode()
              self.send_response(int(sys.argv[1]))
              self.send_header("Content-Type", "text/html")
              self.send_header("Content-Length", str(len(data)))
              self.end_headers()
              self.wfile.write(data)
          do_GET = do_POST = answer
      server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
      print("listening on http://127.0.0.1:%d" % server.server_address[1], flush=True)
      server.serve_forever()
      """
    let server = try await BackgroundServer.launch(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, String(status), body], marker: "listening",
      environment: environment)
    guard let url = server.readyLine.split(separator: " ").last.map(String.init) else {
      await server.stop()
      throw ProcessFailure.notReady(server.readyLine)
    }
    return (server, url)
  }

  /// The outbox as `sync status --json` shows it.
  public func syncStatus() async throws -> [String: Any] {
    let result = try await cosmonaut(["sync", "status", "--json"])
    return try (result.stdout.json() as? [String: Any]) ?? [:]
  }
}

/// What a running `Scripts/houston` says it applied.
public enum Houston {
  /// The reports Houston at `base` applied, in order (`GET /v1/reports`).
  public static func appliedReports(at base: String, token: String? = nil) async throws -> [[String: Any]] {
    guard let url = URL(string: base + "/v1/reports") else { throw URLError(.badURL) }
    var request = URLRequest(url: url)
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    let (data, _) = try await URLSession.shared.data(for: request)
    let body = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    guard let reports = body?["reports"] as? [[String: Any]] else { throw URLError(.cannotParseResponse) }
    return reports
  }
}
