import Foundation
import Network

/// Replays scripted responses or errors in order and records every request it was sent.
actor FakeTransport: HTTPTransport {
  enum Step {
    case respond(HTTPResponse)
    case fail(any Error)
  }

  private var script: [Step]
  private(set) var requests: [WireRequest] = []

  init(_ script: [Step]) { self.script = script }

  func send(_ request: WireRequest) async throws -> HTTPResponse {
    requests.append(request)
    guard !script.isEmpty else { return HTTPResponse(status: 599, body: Data("script exhausted".utf8)) }
    switch script.removeFirst() {
    case .respond(let response): return response
    case .fail(let error): throw error
    }
  }
}

/// Records the waits a client asked for instead of sleeping.
actor SleepRecorder {
  private(set) var durations: [Duration] = []

  func record(_ duration: Duration) { durations.append(duration) }

  nonisolated var sleep: @Sendable (Duration) async throws -> Void {
    { duration in await self.record(duration) }
  }
}

extension FakeTransport.Step {
  static func status(_ code: Int, _ body: String = "", headers: [String: String] = [:]) -> Self {
    .respond(HTTPResponse(status: code, headers: headers, body: Data(body.utf8)))
  }
}

func makeClient(
  _ transport: FakeTransport, sleeper: SleepRecorder, retry: RetryPolicy = .standard,
  base: String = "http://houston.test:8080/api", timeout: Duration = .seconds(10)
) -> HTTPClient {
  HTTPClient(
    configuration: ClientConfiguration(baseURL: URL(string: base)!, timeout: timeout, retry: retry),
    transport: transport, sleep: sleeper.sleep)
}
