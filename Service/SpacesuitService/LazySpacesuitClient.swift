import SpacesuitServiceInterface
import Synchronization

/// A suit client that connects when a flow first needs it (see `SpacesuitClients.connectingOnFirstUse`).
///
/// Not an actor: a request runs on its caller's executor (a flow's main actor) from start to end,
/// so each one costs no hop to another executor and back. One connect serves every caller that
/// comes while it is under way; a connect that failed is tried again by the next use.
final class LazySpacesuitClient: SpacesuitClient {
  private let connect: @Sendable () async throws -> LiveSpacesuitClient
  private let state = Mutex(State.idle)

  private enum State {
    case idle
    /// A connect is under way; these callers wait for it.
    case connecting(waiting: [CheckedContinuation<LiveSpacesuitClient, any Error>])
    case connected(LiveSpacesuitClient)
  }

  init(connect: @escaping @Sendable () async throws -> LiveSpacesuitClient) {
    self.connect = connect
  }

  private func client() async throws -> LiveSpacesuitClient {
    enum Next {
      case use(LiveSpacesuitClient)
      case connect
      case wait
    }
    let next = state.withLock { state -> Next in
      switch state {
      case .connected(let client): return .use(client)
      case .connecting: return .wait
      case .idle:
        state = .connecting(waiting: [])
        return .connect
      }
    }
    switch next {
    case .use(let client): return client
    case .wait:
      return try await withCheckedThrowingContinuation { continuation in
        let outcome = state.withLock { state -> Result<LiveSpacesuitClient, any Error>? in
          switch state {
          case .connected(let client): return .success(client)
          case .connecting(let waiting):
            state = .connecting(waiting: waiting + [continuation])
            return nil
          case .idle: return .failure(ConnectAgain())  // the connect failed meanwhile
          }
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    case .connect:
      do {
        let client = try await connect()
        let waiting = state.withLock { state -> [CheckedContinuation<LiveSpacesuitClient, any Error>] in
          defer { state = .connected(client) }
          if case .connecting(let waiting) = state { return waiting }
          return []
        }
        for waiter in waiting { waiter.resume(returning: client) }
        return client
      } catch {
        let waiting = state.withLock { state -> [CheckedContinuation<LiveSpacesuitClient, any Error>] in
          defer { state = .idle }
          if case .connecting(let waiting) = state { return waiting }
          return []
        }
        for waiter in waiting { waiter.resume(throwing: error) }
        throw error
      }
    }
  }

  /// A caller found the connect it would wait for already failed: it connects itself.
  private struct ConnectAgain: Error {}

  private func connected() async throws -> LiveSpacesuitClient {
    while true {
      do {
        return try await client()
      } catch is ConnectAgain {
        continue
      }
    }
  }

  func telemetry() async throws -> SuitTelemetry { try await connected().telemetry() }
  func vitals() async throws -> Vitals { try await connected().vitals() }
  func send(_ command: SuitCommand) async throws -> CommandAcknowledgement { try await connected().send(command) }

  func watch(count: Int?, interval: Duration) -> AsyncThrowingStream<SuitTelemetry, any Error> {
    sampling(count: count, interval: interval)
  }

  func watchUpdates(count: Int?, interval: Duration) -> AsyncThrowingStream<SuitWatchUpdate, any Error> {
    watchUpdateStream(count: count, interval: interval) { try await self.connected() }
  }
}
