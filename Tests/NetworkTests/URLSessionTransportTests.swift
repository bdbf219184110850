import Foundation
import Testing

@testable import Network

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

private struct Health: Decodable, Equatable {
  var status: String
  var at: Date
}

@Test func urlSessionTransportTalksToARealLocalServer() async throws {
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

@Test func refusedConnectionIsUnreachableAfterRetries() async throws {
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

@Test func aServerThatNeverAnswersIsGivenUpAtTheLimit() async throws {
  // Listening but never accepting: the connection is made, the request sent, no answer comes.
  let (listener, port) = try LocalHTTPServer.silentListener()
  defer { close(listener) }
  let url = try #require(URL(string: "http://127.0.0.1:\(port)/slow"))
  var request = URLRequest(url: url)
  request.timeoutInterval = 60
  let started = ContinuousClock.now
  await #expect(throws: NetworkError.timeout) {
    try await URLSessionTransport().send(request, within: .milliseconds(300))
  }
  #expect(ContinuousClock.now - started < .seconds(10), "bounded by the limit, not by URLSession's 60 s")
}
