import FoundationEssentials

/// The seam between a client and the wire; the live one is `URLSessionTransport`, tests use fakes.
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the response of any status; throws `NetworkError` for transport failures.
  func send(_ request: WireRequest) async throws -> HTTPResponse
  /// Like `send(_:)`, but throws `NetworkError.timeout` once `limit` has passed, whatever the wire
  /// does meanwhile (an answer still on its way is dropped).
  func send(_ request: WireRequest, within limit: Duration) async throws -> HTTPResponse
  /// Gets ready for requests that will follow soon, so the first one does not wait for the set-up
  /// (the live transport starts its URLSession helper now); sending works without it.
  func prepare()
}

extension HTTPTransport {
  /// Nothing to set up.
  public func prepare() {}

  /// Races `send(_:)` against `limit`; the answer is not waited for past the limit. The timer is a
  /// task like the send, so both wait alike when the cooperative threads are busy.
  public func send(_ request: WireRequest, within limit: Duration) async throws -> HTTPResponse {
    let race = FirstOutcome<HTTPResponse>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        race.start(continuation)
        let work = Task {
          do {
            race.finish(with: .success(try await send(request)))
          } catch {
            race.finish(with: .failure(error))
          }
        }
        let timer = Task {
          try? await Task.sleep(for: limit)
          if race.finish(with: .failure(NetworkError.timeout)) { work.cancel() }
        }
        race.onFinish {
          work.cancel()
          timer.cancel()
        }
      }
    } onCancel: {
      race.finish(with: .failure(CancellationError()))
    }
  }
}
