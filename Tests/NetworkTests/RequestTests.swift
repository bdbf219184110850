import Foundation
import Localization
import Testing
import URLSessionBridgeInterface

@testable import Network

private struct Position: Codable, Equatable {
  var latitude: Double
  var longitude: Double
  var timestamp: Date
}

private struct Envelope: Codable {
  struct Member: Codable { var name: String }
  var position: Position
  var crew: [Member]
}

@Test func decodesJSONWithISODates() async throws {
  let body = #"{"latitude":51.6,"longitude":-12.3,"timestamp":"2026-11-22T05:00:00Z"}"#
  let transport = FakeTransport([.status(200, body)])
  let position = try await makeClient(transport, sleeper: SleepRecorder())
    .send(HTTPRequest(path: "/v1/station/position"), decoding: Position.self)
  #expect(position == Position(latitude: 51.6, longitude: -12.3, timestamp: Date(timeIntervalSince1970: 1_795_323_600)))
}

@Test func decodingErrorsNameTheKeyPath() throws {
  let wrongType = #"{"position":{"latitude":"north","longitude":1,"timestamp":"2026-11-22T05:00:00Z"},"crew":[]}"#
  #expect(throws: NetworkError.self) { try HTTPClient.decode(Envelope.self, from: Data(wrongType.utf8)) }
  #expect(keyPath(decoding: Envelope.self, wrongType) == "position.latitude")

  let missingName =
    #"{"position":{"latitude":1,"longitude":1,"timestamp":"2026-11-22T05:00:00Z"},"crew":[{"name":"A"},{}]}"#
  #expect(keyPath(decoding: Envelope.self, missingName) == "crew[1].name")

  let array = #"[{"name":"A"},{"name":"B"},{"nom":"C"}]"#
  #expect(keyPath(decoding: [Envelope.Member].self, array) == "[2].name")

  let badDate = #"{"latitude":1,"longitude":1,"timestamp":"yesterday"}"#
  #expect(keyPath(decoding: Position.self, badDate) == "timestamp")
}

private func keyPath<T: Decodable>(decoding type: T.Type, _ json: String) -> String? {
  do {
    _ = try HTTPClient.decode(type, from: Data(json.utf8))
    return nil
  } catch NetworkError.decoding(let keyPath, let reason) {
    return reason.isEmpty ? nil : keyPath
  } catch {
    return nil
  }
}

@Test func baseURLAndPathAreJoinedWithOneSlash() throws {
  let sleeper = SleepRecorder()
  let transport = FakeTransport([])
  let client = makeClient(transport, sleeper: sleeper, base: "http://h:1/api")
  #expect(try client.makeWireRequest(HTTPRequest(path: "/v1/x")).url.absoluteString == "http://h:1/api/v1/x")
  #expect(try client.makeWireRequest(HTTPRequest(path: "v1/x")).url.absoluteString == "http://h:1/api/v1/x")
  let slashed = makeClient(transport, sleeper: sleeper, base: "http://h:1/api/")
  #expect(try slashed.makeWireRequest(HTTPRequest(path: "/v1/x")).url.absoluteString == "http://h:1/api/v1/x")
  let root = makeClient(transport, sleeper: sleeper, base: "http://h:1")
  #expect(try root.makeWireRequest(HTTPRequest(path: "/health")).url.absoluteString == "http://h:1/health")
}

@Test func queryIsSortedAndPercentEncoded() throws {
  let client = makeClient(FakeTransport([]), sleeper: SleepRecorder(), base: "http://h:1")
  let request = HTTPRequest(path: "/search", query: ["q": "a b+c&d", "a": "1/2"])
  #expect(try client.makeWireRequest(request).url.absoluteString == "http://h:1/search?a=1/2&q=a%20b%2Bc%26d")
}

@Test func methodHeadersBodyAndTimeoutReachTheTransport() async throws {
  struct Report: Encodable { var kind: String; var at: Date }
  let transport = FakeTransport([.status(201)])
  let client = makeClient(transport, sleeper: SleepRecorder(), timeout: .milliseconds(2500))
  let request = try HTTPRequest.json(
    .post, path: "/v1/reports", body: Report(kind: "status", at: Date(timeIntervalSince1970: 0)),
    headers: ["X-Trace": "t1"])
  _ = try await client.send(request)
  let sent = try #require(await transport.requests.first)
  #expect(sent.method == .post)
  #expect(sent.timeout == .milliseconds(2500))
  #expect(sent.header("Content-Type") == "application/json")
  #expect(sent.header("X-Trace") == "t1")
  #expect(
    sent.body.map { String(decoding: $0, as: UTF8.self) } == #"{"at":"1970-01-01T00:00:00Z","kind":"status"}"#)
}

@Test func invalidBaseURLIsReported() async throws {
  let client = makeClient(FakeTransport([]), sleeper: SleepRecorder(), base: "not a url")
  await #expect(throws: NetworkError.self) { try await client.send(HTTPRequest(path: "/x")) }
}

@Test func authTokenRejectsEmptyAndWhitespace() {
  #expect(AuthToken("") == nil)
  #expect(AuthToken("  \n\t") == nil)
  #expect(AuthToken(" s3cret ")?.rawValue == "s3cret")
  #expect(AuthToken("s3cret")?.description == "AuthToken(redacted)")
}

@Test func authenticatedClientAddsBearerHeader() async throws {
  let transport = FakeTransport([.status(200, #"{"ok":true}"#), .status(200)])
  let token = try #require(AuthToken("s3cret"))
  let client = AuthenticatedClient(client: makeClient(transport, sleeper: SleepRecorder()), token: token)
  struct Answer: Decodable { var ok: Bool }
  let answer = try await client.send(HTTPRequest(path: "/v1/reports"), decoding: Answer.self)
  #expect(answer.ok)
  _ = try await client.send(HTTPRequest(path: "/health", headers: ["authorization": "Bearer forged"]))
  let sent = await transport.requests
  #expect(sent.map { $0.header("Authorization") } == ["Bearer s3cret", "Bearer s3cret"])
}

@Test func fractionalSecondDatesDecode() throws {
  let position = try HTTPClient.decode(
    Position.self, from: Data(#"{"latitude":1,"longitude":2,"timestamp":"2026-11-22T05:00:00.500Z"}"#.utf8))
  #expect(position.timestamp == Date(timeIntervalSince1970: 1_795_323_600.5))
}

@Test func aNetworkFailureReadsInTheReadersLanguageWithTheServersWordsVerbatim() {
  #expect(NetworkError.timeout.translatedMessage.resolved(in: .russian) == "время ожидания ответа истекло")
  #expect(NetworkError.timeout.description == "request timed out")
  #expect(
    NetworkError.status(code: 503, body: "overloaded").translatedMessage.resolved(in: .russian)
      == "код HTTP 503: overloaded")
  #expect(
    NetworkError.unreachable("Connection refused").translatedMessage.resolved(in: .russian)
      == "сервер недоступен: Connection refused")
  #expect(
    NetworkError.decoding(keyPath: "crew[1].name", reason: "missing key").translatedMessage.resolved(in: .russian)
      == "неверный ответ в crew[1].name: missing key")
  let missingLibrary = NetworkError.unreachable(URLSessionHelper.unavailablePrefix + "the URLSession helper is missing")
  #expect(missingLibrary.translatedMessage.resolved(in: .russian) == missingLibrary.description)
}

@Test func anUnreachableServerReadsItsCauseInTheReadersLanguageAndLogsTheLibrarysDetail() {
  let refused = NetworkError.unreachable(UnreachableCause.couldNotConnect.tagged("Could not connect to the server."))
  #expect(refused.translatedMessage.resolved(in: .russian) == "сервер недоступен: не удалось подключиться к серверу")
  #expect(refused.translatedMessage.resolved(in: .english) == "server unreachable: could not connect to the server")
  #expect(
    refused.description == "server unreachable: could not connect to the server (Could not connect to the server.)")
  for cause in UnreachableCause.allCases {
    let line = NetworkError.unreachable(cause.tagged("Some English detail")).translatedMessage.resolved(in: .russian)
    #expect(!line.contains("English"), "\(cause): \(line)")
    #expect(!line.unicodeScalars.contains { ("a"..."z").contains($0) }, "\(cause): \(line)")
  }
}

@Test func aReasonThatNamesNoCauseStaysAsItCame() {
  #expect(UnreachableCause.parse("could-not-connect: x") == (.couldNotConnect, "x"))
  #expect(UnreachableCause.parse("no-cause-here: x").cause == nil)
  #expect(UnreachableCause.parse("no-cause-here: x").detail == "no-cause-here: x")
}
