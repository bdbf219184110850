import Foundation
import Synchronization
import TestHarness
import Testing

@testable import Network

@Test func idempotentGetIsRetriedWithExponentialBackoff() async throws {
  let transport = FakeTransport([.status(503), .fail(NetworkError.timeout), .status(200, "ok")])
  let sleeper = SleepRecorder()
  let response = try await makeClient(transport, sleeper: sleeper).send(HTTPRequest(path: "/v1/x"))
  #expect(response.status == 200)
  #expect(await transport.requests.count == 3)
  #expect(await sleeper.durations == [.milliseconds(200), .milliseconds(400)])
}

@Test func retriesStopAfterMaxAttemptsWithTheLastError() async throws {
  let transport = FakeTransport(Array(repeating: .fail(NetworkError.unreachable("refused")), count: 10))
  let sleeper = SleepRecorder()
  await #expect(throws: NetworkError.unreachable("refused")) {
    try await makeClient(transport, sleeper: sleeper).send(HTTPRequest(method: .delete, path: "/v1/x"))
  }
  #expect(await transport.requests.count == 3, "the standard policy: 3 attempts")
  #expect(await sleeper.durations == [.milliseconds(200), .milliseconds(400)])
}

@Test func backoffIsCappedByMaxBackoff() async throws {
  let policy = RetryPolicy(maxAttempts: 5, initialBackoff: .seconds(1), multiplier: 3, maxBackoff: .seconds(2))
  let transport = FakeTransport(Array(repeating: .status(500), count: 5))
  let sleeper = SleepRecorder()
  await #expect(throws: NetworkError.status(code: 500, body: "")) {
    try await makeClient(transport, sleeper: sleeper, retry: policy).send(HTTPRequest(method: .put, path: "/x"))
  }
  #expect(await sleeper.durations == [.seconds(1), .seconds(2), .seconds(2), .seconds(2)])
}

@Test func retryAfterSecondsIsHonouredAndCapped() async throws {
  let transport = FakeTransport([
    .status(429, headers: ["Retry-After": "1"]), .status(503, headers: ["retry-after": "30"]), .status(204),
  ])
  let sleeper = SleepRecorder()
  let response = try await makeClient(transport, sleeper: sleeper).send(HTTPRequest(path: "/x"))
  #expect(response.status == 204)
  #expect(await sleeper.durations == [.seconds(1), .seconds(2)])
}

@Test func postWithoutIdempotencyKeyIsNotRetried() async throws {
  let transport = FakeTransport([.status(503, "busy"), .status(201)])
  let sleeper = SleepRecorder()
  await #expect(throws: NetworkError.status(code: 503, body: "busy")) {
    try await makeClient(transport, sleeper: sleeper).send(HTTPRequest(method: .post, path: "/v1/reports"))
  }
  #expect(await transport.requests.count == 1)
  #expect(await sleeper.durations.isEmpty)
}

@Test func postWithIdempotencyKeyIsRetried() async throws {
  let transport = FakeTransport([.fail(NetworkError.timeout), .status(201, "{\"status\":\"applied\"}")])
  let sleeper = SleepRecorder()
  let request = HTTPRequest(method: .post, path: "/v1/reports", headers: ["idempotency-key": "k-1"])
  #expect(request.isIdempotent)
  let response = try await makeClient(transport, sleeper: sleeper).send(request)
  #expect(response.status == 201)
  let sent = await transport.requests
  #expect(sent.count == 2)
  #expect(sent.allSatisfy { $0.header("Idempotency-Key") == "k-1" })
}

@Test func clientErrorsAreNotRetried() async throws {
  let transport = FakeTransport([.status(404, "no such report\n"), .status(200)])
  let sleeper = SleepRecorder()
  await #expect(throws: NetworkError.status(code: 404, body: "no such report")) {
    try await makeClient(transport, sleeper: sleeper).send(HTTPRequest(path: "/v1/reports/9"))
  }
  #expect(await transport.requests.count == 1)
}

@Test func idempotencyRules() {
  #expect(HTTPRequest(method: .get, path: "/").isIdempotent)
  #expect(HTTPRequest(method: .put, path: "/").isIdempotent)
  #expect(HTTPRequest(method: .delete, path: "/").isIdempotent)
  #expect(!HTTPRequest(method: .post, path: "/").isIdempotent)
  #expect(!HTTPRequest(method: .patch, path: "/").isIdempotent)
  #expect(HTTPRequest(method: .patch, path: "/", headers: ["Idempotency-Key": "x"]).isIdempotent)
  #expect(RetryPolicy.none.maxAttempts == 1)
}

@Test func cancellationIsNotRetried() async throws {
  let transport = FakeTransport([.fail(CancellationError()), .status(200)])
  let sleeper = SleepRecorder()
  await #expect(throws: CancellationError.self) {
    try await makeClient(transport, sleeper: sleeper).send(HTTPRequest(path: "/x"))
  }
  #expect(await transport.requests.count == 1)
  #expect(await sleeper.durations.isEmpty)
}

@Test func hugeRetryAfterFromTheServerIsCappedInsteadOfCrashing() async throws {
  // 1e300 s overflows Int64 milliseconds; the server's header must never trap the client.
  let transport = FakeTransport([.status(503, headers: ["Retry-After": "1e300"]), .status(204)])
  let sleeper = SleepRecorder()
  let response = try await makeClient(transport, sleeper: sleeper).send(HTTPRequest(path: "/x"))
  #expect(response.status == 204)
  #expect(await sleeper.durations == [RetryPolicy.standard.maxBackoff])
}

@Test func theTotalTimeoutBoundsRetriesAndWaits() async throws {
  let transport = FakeTransport(Array(repeating: .status(503), count: 10))
  let sleeper = SleepRecorder()
  let policy = RetryPolicy(maxAttempts: 10, initialBackoff: .seconds(1), multiplier: 1, maxBackoff: .seconds(1))
  var request = HTTPRequest(path: "/x")
  request.totalTimeout = .milliseconds(500)
  await #expect(throws: NetworkError.status(code: 503, body: "")) {
    try await makeClient(transport, sleeper: sleeper, retry: policy).send(request)
  }
  #expect(await transport.requests.count == 1, "the first wait (1 s) would not fit in 0.5 s")
  #expect(await sleeper.durations.isEmpty)
}

/// Never answers, like a Houston that hangs: it waits until the attempt is given up (cancelled).
private final class HangingTransport: HTTPTransport, Sendable {
  let cancelled = Mutex(false)

  func send(_ request: WireRequest) async throws -> HTTPResponse {
    do {
      while true { try await Task.sleep(for: .seconds(3600)) }
    } catch {
      cancelled.withLock { $0 = true }
      throw error
    }
  }
}

// No wall-clock bound to miss on a loaded machine: the transport never answers, so the attempt
// ends only by its own limit (a client without one would hang until the time limit fails it).
@Test(.timeLimit(.minutes(1))) func anAttemptIsBoundedEvenWhenTheTransportHangs() async throws {
  let transport = HangingTransport()
  let client = HTTPClient(
    configuration: ClientConfiguration(
      baseURL: URL(string: "http://houston.test")!, timeout: .milliseconds(200), retry: .none),
    transport: transport)
  await #expect(throws: NetworkError.timeout) { try await client.send(HTTPRequest(path: "/x")) }
  try await until("the hanging attempt to be cancelled") { transport.cancelled.withLock { $0 } }
}

@Test func progressTellsEachAttemptAndEachWait() async throws {
  let transport = FakeTransport([.status(503), .status(200, "ok")])
  let events = Mutex<[HTTPProgress]>([])
  _ = try await makeClient(transport, sleeper: SleepRecorder()).send(HTTPRequest(path: "/x")) { event in
    events.withLock { $0.append(event) }
  }
  #expect(
    events.withLock { $0 } == [
      .attempt(1), .waiting(afterAttempt: 1, retryIn: .milliseconds(200), failure: .status(code: 503, body: "")),
      .attempt(2),
    ])
}
