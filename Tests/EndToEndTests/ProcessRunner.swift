import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What a finished process left behind.
struct ProcessResult: Sendable {
  let status: Int32
  let stdout: String
  let stderr: String
  /// How long the process ran, from its start to its exit (not to the end of its output).
  var seconds: Double = 0
}

/// Finds and runs the built executables the way a user would: real processes, real arguments.
enum Executables {
  /// The repository root, from this file's location (Tests/EndToEndTests/ProcessRunner.swift).
  static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The directory holding the built products (the test bundle sits beside them).
  static let productsDirectory: URL = {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL,
      Bundle.main.bundleURL.deletingLastPathComponent(),
    ]
    return candidates.first {
      FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("cosmonaut").path)
    }
      ?? candidates[0]
  }()

  static var cosmonaut: URL { productsDirectory.appendingPathComponent("cosmonaut") }
  static var cosmonautRu: URL { productsDirectory.appendingPathComponent("cosmonaut-ru") }
  static var spacesuitSimulator: URL { productsDirectory.appendingPathComponent("spacesuit-sim") }
  static var houston: URL { repositoryRoot.appendingPathComponent("Scripts/houston") }
  static var issOverview: URL { productsDirectory.appendingPathComponent("iss-overview") }
  static var stationSimulator: URL { productsDirectory.appendingPathComponent("station-sim") }
}

/// A fresh data directory (and short socket paths) per test, removed afterwards.
final class Sandbox: @unchecked Sendable {
  let directory: URL

  init() throws {
    directory = URL(fileURLWithPath: "/tmp", isDirectory: true)
      .appendingPathComponent("iss-e2e-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  var dataDirectory: String { directory.appendingPathComponent("data").path }
  var socketPath: String { directory.appendingPathComponent("suit.sock").path }
  var stationSocketPath: String { directory.appendingPathComponent("station.sock").path }

  /// The environment a user's shell would give, minus anything that could leak into the test.
  var environment: [String: String] {
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
  func cosmonaut(
    _ arguments: [String], input: String? = nil, extraEnvironment: [String: String] = [:]
  ) async throws
    -> ProcessResult
  {
    try await run(
      Executables.cosmonaut, ["--data-dir", dataDirectory] + arguments, input: input,
      environment: environment.merging(extraEnvironment) { $1 })
  }

  /// Runs `iss-overview` with this sandbox's data directory.
  func issOverview(_ arguments: [String], input: String? = nil) async throws -> ProcessResult {
    try await run(
      Executables.issOverview, ["--data-dir", dataDirectory] + arguments, input: input, environment: environment)
  }

  /// Runs a process to its end without blocking a thread of the test runner; killed after a minute.
  func run(
    _ executable: URL, _ arguments: [String], input: String? = nil, environment: [String: String]
  ) async throws
    -> ProcessResult
  {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    let stdin = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = stdin
    let ended = LineBox()
    let exited = AsyncStream<Void> { continuation in
      process.terminationHandler = { _ in
        ended.set(String(Date().timeIntervalSinceReferenceDate))
        continuation.finish()
      }
    }
    let started = Date().timeIntervalSinceReferenceDate
    try process.run()
    let outputData = PipeReader(output.fileHandleForReading)
    let errorData = PipeReader(errors.fileHandleForReading)
    if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
    try stdin.fileHandleForWriting.close()
    let watchdog = Task {
      try await Task.sleep(for: .seconds(60))
      process.terminate()
    }
    for await _ in exited {}
    watchdog.cancel()
    process.waitUntilExit()
    if process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM {
      throw ProcessFailure.timedOut(([executable.lastPathComponent] + arguments).joined(separator: " "))
    }
    let exitTime = ended.wait(seconds: 1).flatMap(Double.init) ?? Date().timeIntervalSinceReferenceDate
    return ProcessResult(
      status: process.terminationStatus, stdout: outputData.finish(), stderr: errorData.finish(),
      seconds: exitTime - started)
  }
}

enum ProcessFailure: Error, CustomStringConvertible {
  case timedOut(String)
  case notReady(String)

  var description: String {
    switch self {
    case .timedOut(let command): "timed out: \(command)"
    case .notReady(let detail): "server did not become ready: \(detail)"
    }
  }
}

/// Drains a pipe on a background thread so a chatty process never blocks on a full pipe.
final class PipeReader: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      let all = handle.readDataToEndOfFile()
      lock.withLock { data = all }
      done.signal()
    }
  }

  func finish() -> String {
    done.wait()
    return lock.withLock { String(decoding: data, as: UTF8.self) }
  }
}

/// A long-running helper process (the suit simulator, Houston) that prints one ready line.
final class BackgroundServer: @unchecked Sendable {
  let process = Process()
  let readyLine: String
  private let errors = Pipe()

  /// Starts `executable` and waits (bounded) for its first stdout line to contain `marker`.
  init(_ executable: URL, _ arguments: [String], marker: String, environment: [String: String]) throws {
    let output = Pipe()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let handle = output.fileHandleForReading
    let lineBox = LineBox()
    Thread.detachNewThread {
      var buffer = Data()
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        buffer.append(chunk)
        if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
          lineBox.set(String(decoding: buffer[..<newline], as: UTF8.self))
          // Keep draining so the server never blocks on a full pipe.
          while !handle.availableData.isEmpty {}
          return
        }
      }
      lineBox.set(String(decoding: buffer, as: UTF8.self))
    }
    guard let line = lineBox.wait(seconds: 20), line.contains(marker) else {
      process.terminate()
      throw ProcessFailure.notReady("\(executable.lastPathComponent): no line containing \"\(marker)\"")
    }
    readyLine = line
    Thread.detachNewThread { [errors] in _ = errors.fileHandleForReading.readDataToEndOfFile() }
  }

  /// Starts a server like `init`, waiting for its ready line on a thread of its own, so the test
  /// runner's few cooperative threads (which other tests' timers need) are never held up.
  static func launch(
    _ executable: URL, _ arguments: [String], marker: String, environment: [String: String]
  ) async throws -> BackgroundServer {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(
          with: Result { try BackgroundServer(executable, arguments, marker: marker, environment: environment) })
      }
    }
  }

  /// Asks the server to stop (SIGTERM), waits a bounded time, then kills it; returns its exit status.
  @discardableResult
  func stop() -> Int32 {
    if process.isRunning { process.terminate() }
    let deadline = Date().addingTimeInterval(5)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Kills the server at once (SIGKILL), as a crash would: it cleans nothing up.
  func crash() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  deinit { stop() }
}

final class LineBox: @unchecked Sendable {
  private let lock = NSLock()
  private var line: String?
  private let ready = DispatchSemaphore(value: 0)

  func set(_ value: String) {
    lock.withLock { line = value }
    ready.signal()
  }

  func wait(seconds: Double) -> String? {
    guard ready.wait(timeout: .now() + seconds) == .success else { return nil }
    return lock.withLock { line }
  }
}

extension String {
  /// Decodes this process output as JSON.
  func json() throws -> Any {
    try JSONSerialization.jsonObject(with: Data(utf8))
  }
}

extension Sandbox {
  /// Starts `Scripts/houston` on a free port with `arguments`; returns it and its base URL.
  func houston(_ arguments: [String] = []) async throws -> (server: BackgroundServer, url: String) {
    let server = try await BackgroundServer.launch(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", Executables.houston.path, "--port", "0"] + arguments,
      marker: "listening", environment: environment)
    guard let url = server.readyLine.split(separator: " ").last.map(String.init) else {
      server.stop()
      throw ProcessFailure.notReady(server.readyLine)
    }
    return (server, url)
  }

  /// Starts an HTTP server that is not Houston: every request gets `status` and `body` (text/html).
  func notHouston(status: Int = 200, body: String) async throws -> (server: BackgroundServer, url: String) {
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
      server.stop()
      throw ProcessFailure.notReady(server.readyLine)
    }
    return (server, url)
  }

  /// The outbox as `sync status --json` shows it.
  func syncStatus() async throws -> [String: Any] {
    let result = try await cosmonaut(["sync", "status", "--json"])
    return try (result.stdout.json() as? [String: Any]) ?? [:]
  }
}

/// What a running `Scripts/houston` says it applied.
enum Houston {
  /// The reports Houston at `base` applied, in order (`GET /v1/reports`).
  static func appliedReports(at base: String, token: String? = nil) async throws -> [[String: Any]] {
    guard let url = URL(string: base + "/v1/reports") else { throw URLError(.badURL) }
    var request = URLRequest(url: url)
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    let (data, _) = try await URLSession.shared.data(for: request)
    let body = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    guard let reports = body?["reports"] as? [[String: Any]] else { throw URLError(.cannotParseResponse) }
    return reports
  }
}
