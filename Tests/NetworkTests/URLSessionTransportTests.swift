import Foundation
import Synchronization
import TestHarness
import Testing

@testable import Network

#if canImport(Glibc)
  import Glibc
#endif

private struct Health: Decodable, Equatable {
  var status: String
  var at: Date
}

@Test(.enabled(if: HelperPresence.isPartOfThisPackage, HelperPresence.missing))
func urlSessionTransportTalksToARealLocalServer() async throws {
  let server = try LocalHTTPServer(json: #"{"status":"ok","at":"2026-11-22T05:00:00Z"}"#)
  defer { server.stop() }
  let base = try #require(URL(string: "http://127.0.0.1:\(server.port)/api"))
  let client = AuthenticatedClient(
    client: HTTPClient(configuration: ClientConfiguration(baseURL: base, timeout: .seconds(5), retry: .none)),
    token: try #require(AuthToken("t0k3n")))
  let health = try await client.send(HTTPRequest(path: "/health", query: ["v": "1"]), decoding: Health.self)
  #expect(health == Health(status: "ok", at: Date(timeIntervalSince1970: 1_795_323_600)))
  let head = try #require(server.requests.first)
  #expect(head.hasPrefix("GET /api/health?v=1 HTTP/1.1\r\n"))
  #expect(head.lowercased().contains("authorization: bearer t0k3n"))
}

@Test(.enabled(if: HelperPresence.isPartOfThisPackage, HelperPresence.missing))
func refusedConnectionIsUnreachableAfterRetries() async throws {
  let port = try LocalHTTPServer.unusedPort()
  let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
  let sleeper = SleepRecorder()
  let client = HTTPClient(
    configuration: ClientConfiguration(baseURL: base, timeout: .seconds(5)), sleep: sleeper.sleep)
  await #expect {
    try await client.send(HTTPRequest(path: "/health"))
  } throws: { error in
    guard case NetworkError.unreachable = error else { return false }
    return true
  }
  #expect(await sleeper.durations.count == RetryPolicy.standard.maxAttempts - 1)
}

// No wall-clock bound to miss on a loaded machine: URLSession's own timeout is an hour, so only the
// limit can end the request within the test's time limit.
@Test(.enabled(if: HelperPresence.isPartOfThisPackage, HelperPresence.missing), .timeLimit(.minutes(1)))
func aServerThatNeverAnswersIsGivenUpAtTheLimit() async throws {
  // Listening but never accepting: the connection is made, the request sent, no answer comes.
  let (listener, port) = try LocalHTTPServer.silentListener()
  defer { close(listener) }
  let url = try #require(URL(string: "http://127.0.0.1:\(port)/slow"))
  await #expect(throws: NetworkError.timeout) {
    try await URLSessionTransport().send(WireRequest(url: url, timeout: .seconds(3600)), within: .milliseconds(300))
  }
}

// Timeouts of an hour: only the cancellation can end the request within the test's time limit.
@Test(.enabled(if: HelperPresence.isPartOfThisPackage, HelperPresence.missing), .timeLimit(.minutes(1)))
func cancellingTheCallerEndsTheRequestAtOnce() async throws {
  let (listener, port) = try LocalHTTPServer.silentListener()
  defer { close(listener) }
  let url = try #require(URL(string: "http://127.0.0.1:\(port)/slow"))
  let transport = URLSessionTransport()
  let request = Task {
    try await transport.send(WireRequest(url: url, timeout: .seconds(3600)), within: .seconds(3600))
  }
  // Cancelled once it is in flight: its connection waits in the listener's queue.
  try await until("the request to reach the listener") {
    var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
    return poll(&waiting, 1, 0) > 0
  }
  request.cancel()
  await #expect(throws: CancellationError.self) { try await request.value }
}

@Test(.enabled(if: HelperPresence.isPartOfThisPackage, HelperPresence.missing))
func oneTransportSendsOneRequestAfterAnotherWithoutALimit() async throws {
  let server = try LocalHTTPServer(json: #"{"n":1}"#, connections: 2)
  defer { server.stop() }
  let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/a"))
  let transport = URLSessionTransport()
  for _ in 0..<2 {
    let response = try await transport.send(WireRequest(url: url, method: .delete, headers: ["X-Trace": "t1"]))
    #expect(response.status == 200)
    #expect(response.header("content-type") == "application/json")
    #expect(response.body == Data(#"{"n":1}"#.utf8))
  }
  #expect(server.requests.count == 2)
  #expect(server.requests.allSatisfy { $0.hasPrefix("DELETE /a HTTP/1.1\r\n") && $0.contains("X-Trace: t1") })
}

@Test(.enabled(if: HelperPresence.isPartOfThisPackage, HelperPresence.missing))
func aURLThatURLSessionCannotSendIsAnInvalidURL() async throws {
  let url = try #require(URL(string: "nope://127.0.0.1/x"))
  await #expect {
    try await URLSessionTransport().send(WireRequest(url: url), within: .seconds(60))
  } throws: { error in
    guard case NetworkError.invalidURL = error else { return false }
    return true
  }
}

/// Without the URLSession helper, a request fails at once with one line that says what to do, and
/// is not retried.
@Test func aMissingHelperIsOneClearLineAndNoRetry() async throws {
  let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-dir/iss-urlsession").path
  let sleeper = SleepRecorder()
  let client = HTTPClient(
    configuration: ClientConfiguration(baseURL: URL(string: "http://127.0.0.1:9")!),
    transport: URLSessionTransport(helperPath: missing), sleep: sleeper.sleep)
  var progress: [HTTPProgress] = []
  let recorded = Mutex<[HTTPProgress]>([])
  do {
    _ = try await client.send(HTTPRequest(path: "/health")) { event in recorded.withLock { $0.append(event) } }
    Issue.record("a request without the helper succeeded")
  } catch let error as NetworkError {
    guard case .unreachable = error else {
      Issue.record("expected .unreachable, got \(error)")
      return
    }
    #expect(!error.isTransient)
    #expect(error.description.contains(missing))
    #expect(error.description.contains("run `swift build`"))
    #expect(!error.description.contains("\n"))
  }
  progress = recorded.withLock { $0 }
  #expect(progress == [.attempt(1)], "one attempt, no wait")
  #expect(await sleeper.durations.isEmpty)
}

@Test(.enabled(if: HelperPresence.isPartOfThisPackage, HelperPresence.missing))
func theHelperIsFoundNextToTheExecutableOrWhereTheEnvironmentSays() throws {
  let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
  let folder = URL(fileURLWithPath: executable).deletingLastPathComponent().path
  #expect(URLSessionHelper.executableDirectory() == folder)
  let nextToIt = folder + "/URLSessionHelper-tool"
  #expect(FileManager.default.isExecutableFile(atPath: nextToIt), "swift build puts it there")
  setenv(URLSessionHelper.environmentVariable, "/elsewhere/iss-urlsession", 1)
  let chosen = URLSessionHelper.defaultPath
  unsetenv(URLSessionHelper.environmentVariable)
  #expect(chosen == "/elsewhere/iss-urlsession")
  #expect(URLSessionHelper.defaultPath == nextToIt)
}

/// A helper killed while a request waits: the request fails as unreachable at once, and the next
/// transport starts a new helper.
// A request timeout of an hour: only the helper's death can end the wait within the test's time limit.
@Test(.enabled(if: HelperPresence.isPartOfThisPackage, HelperPresence.missing), .timeLimit(.minutes(1)))
func aHelperThatDiesFailsWhatWaits() async throws {
  let (listener, port) = try LocalHTTPServer.silentListener()
  defer { close(listener) }
  let url = try #require(URL(string: "http://127.0.0.1:\(port)/slow"))
  let helper = try URLSessionHelper(path: nil)
  let race = FirstOutcome<HTTPResponse>()
  let outcome = Task {
    try await withCheckedThrowingContinuation { continuation in
      race.start(continuation)
      _ = helper.send(WireRequest(url: url, timeout: .seconds(3600)), race: race)
    }
  }
  // The request waits once the helper's connection is pending at the listener (which never accepts).
  var pending = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
  let deadline = ContinuousClock.now + .seconds(50)
  while poll(&pending, 1, 20) == 0 && ContinuousClock.now < deadline {}
  #expect(pending.revents & Int16(POLLIN) != 0, "the helper connected")
  helper.close()
  await #expect {
    try await outcome.value
  } throws: { error in
    guard case NetworkError.unreachable(let reason) = error else { return false }
    return reason.hasPrefix(URLSessionHelper.unavailablePrefix)
  }
}
