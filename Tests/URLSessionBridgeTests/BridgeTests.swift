import Foundation
import TestHarness
import Testing
import URLSessionBridgeInterface

@testable import URLSessionBridge

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

@Test func aRequestCarriesItsMethodHeadersAndBodyAndTheAnswerComesBackWhole() async throws {
  let server = try EchoServer()
  defer { server.stop() }
  let session = issURLSessionSessionCreate()
  defer { issURLSessionSessionRelease(session) }
  let body = Array(#"{"id":"k-1","note":"ünïcode\u{0}and a NUL"}"#.utf8)
  let (completions, task) = send(
    session, "http://127.0.0.1:\(server.port)/status/201?q=a%20b", method: "POST",
    headers: [("X-Test", "one two"), ("Content-Type", "application/json")], body: body)
  let delivered = try #require(await completions.first())
  #expect(delivered.outcome == .response)
  #expect(delivered.status == 201)
  #expect(delivered.header("X-Echo-Method") == "POST")
  #expect(delivered.header("X-Echo-Test") == "one two")
  #expect(delivered.body == body)
  #expect(delivered.message == nil)
  let received = try #require(server.received.first)
  #expect(received.head.hasPrefix("POST /status/201?q=a%20b HTTP/1.1\r\n"))
  #expect(received.body == body)
  let handle = try #require(task)
  issURLSessionTaskCancel(handle)  // after the completion: harmless, and no second completion
  issURLSessionTaskRelease(handle)
  // A window for a second completion that must not come.
  try await Task.sleep(for: .milliseconds(200))
  #expect(completions.count == 1)
}

@Test func noBodyAndAnEmptyBodyAreDifferent() async throws {
  let server = try EchoServer()
  defer { server.stop() }
  let session = issURLSessionSessionCreate()
  defer { issURLSessionSessionRelease(session) }
  let (none, first) = send(session, "http://127.0.0.1:\(server.port)/none")
  #expect(try #require(await none.first()).status == 200)
  let (empty, second) = send(session, "http://127.0.0.1:\(server.port)/empty", method: "PUT", body: [])
  #expect(try #require(await empty.first()).header("X-Echo-Method") == "PUT")
  let heads = server.received.map { $0.head.lowercased() }
  #expect(heads.count == 2)
  #expect(!heads[0].contains("content-length"))
  #expect(heads[1].contains("content-length: 0"))
  [first, second].compactMap { $0 }.forEach(issURLSessionTaskRelease)
}

@Test func oneSessionKeepsItsConnectionAlive() async throws {
  let server = try EchoServer()
  defer { server.stop() }
  let session = issURLSessionSessionCreate()
  defer { issURLSessionSessionRelease(session) }
  for index in 0..<3 {
    let (completions, task) = send(session, "http://127.0.0.1:\(server.port)/\(index)")
    #expect(try #require(await completions.first()).status == 200)
    task.map(issURLSessionTaskRelease)
  }
  #expect(server.received.map(\.connection) == [1, 1, 1])
}

@Test func aCancelledRequestHearsCancelledOnce() async throws {
  let (listener, port) = try TestSockets.listening()  // never accepts, never answers
  defer { close(listener) }
  let session = issURLSessionSessionCreate()
  defer { issURLSessionSessionRelease(session) }
  let (completions, task) = send(session, "http://127.0.0.1:\(port)/slow", timeout: 60)
  let handle = try #require(task)
  #expect(await completions.first(within: 0.3) == nil)
  issURLSessionTaskCancel(handle)
  let delivered = try #require(await completions.first())
  #expect(delivered.outcome == .cancelled)
  issURLSessionTaskCancel(handle)
  issURLSessionTaskRelease(handle)
  // A window for a second completion that must not come.
  try await Task.sleep(for: .milliseconds(200))
  #expect(completions.count == 1)
}

@Test func aServerThatStaysSilentTimesOut() async throws {
  let (listener, port) = try TestSockets.listening()
  defer { close(listener) }
  let session = issURLSessionSessionCreate()
  defer { issURLSessionSessionRelease(session) }
  let (completions, task) = send(session, "http://127.0.0.1:\(port)/slow", timeout: 0.5)
  let delivered = try #require(await completions.first(within: 60))
  #expect(delivered.outcome == .timeout)
  #expect(delivered.message?.isEmpty == false)
  task.map(issURLSessionTaskRelease)
}

@Test func aRefusedPortIsUnreachable() async throws {
  let port = try TestSockets.unusedPort()
  let session = issURLSessionSessionCreate()
  defer { issURLSessionSessionRelease(session) }
  let (completions, task) = send(session, "http://127.0.0.1:\(port)/health")
  let delivered = try #require(await completions.first())
  #expect(delivered.outcome == .unreachable)
  #expect(delivered.message?.contains("\n") == false)
  task.map(issURLSessionTaskRelease)
}

@Test(arguments: ["not a url", "", "/relative/path", "http://"])
func anInvalidURLIsAnsweredBeforeSendReturns(url: String) async throws {
  let session = issURLSessionSessionCreate()
  defer { issURLSessionSessionRelease(session) }
  let (completions, task) = send(session, url)
  #expect(task == nil)
  #expect(completions.count == 1, "the completion came during the call")
  let delivered = try #require(await completions.first(within: 0))
  #expect(delivered.outcome == .invalidURL)
  #expect(delivered.message == "invalid URL: \(url)")
}

@Test func aSessionReleasedWhileARequestRunsStillCompletesItOnce() async throws {
  let server = try EchoServer()
  defer { server.stop() }
  let session = issURLSessionSessionCreate()
  let (completions, task) = send(session, "http://127.0.0.1:\(server.port)/late")
  issURLSessionSessionRelease(session)
  #expect(try #require(await completions.first()).status == 200)
  task.map(issURLSessionTaskRelease)
  // A window for a second completion that must not come.
  try await Task.sleep(for: .milliseconds(200))
  #expect(completions.count == 1)
}

@Test func urlErrorsMapToOutcomes() {
  #expect(BridgeReply.outcome(of: .timedOut) == .timeout)
  for code in [
    URLError.Code.cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet, .cannotFindHost,
    .dnsLookupFailed, .secureConnectionFailed,
  ] {
    #expect(BridgeReply.outcome(of: code) == .unreachable, "\(code)")
  }
  #expect(BridgeReply.outcome(of: .badURL) == .invalidURL)
  #expect(BridgeReply.outcome(of: .unsupportedURL) == .invalidURL)
  #expect(BridgeReply.outcome(of: .cancelled) == .cancelled)
  #expect(BridgeReply.outcome(of: .badServerResponse) == .failed)
  #expect(
    BridgeReply.message(for: URLError(.badServerResponse)).hasSuffix(
      "(URLError \(URLError.Code.badServerResponse.rawValue))"))
  #expect(BridgeOutcome.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5], "the ABI's numbers never change")
  #expect(issURLSessionABIVersion() == 1)
}

@Test func anUnreachableServersMessageNamesItsCauseInFront() {
  let message = BridgeReply.message(for: URLError(.cannotConnectToHost))
  #expect(UnreachableCause.parse(message).cause == .couldNotConnect, "\(message)")
  #expect(BridgeReply.cause(of: .cannotFindHost) == .hostNotFound)
  #expect(BridgeReply.cause(of: .dnsLookupFailed) == .hostNotFound)
  #expect(BridgeReply.cause(of: .networkConnectionLost) == .connectionLost)
  #expect(BridgeReply.cause(of: .notConnectedToInternet) == .noNetwork)
  #expect(BridgeReply.cause(of: .secureConnectionFailed) == .secureConnectionFailed)
  #expect(BridgeReply.cause(of: .timedOut) == nil)
}
