import AppAnalytics
import Logging
import Radio
import SpacesuitService

/// Connects to the suit only when a flow first needs it, so `profile` or `supplies` never wait
/// for a radio link they do not use.
actor LazySpacesuitClient: SpacesuitClient {
  private let connection: SuitConnection
  private let logger: Logger
  private let analytics: Analytics
  private var connected: (any SpacesuitClient)?

  init(connection: SuitConnection, logger: Logger, analytics: Analytics) {
    self.connection = connection
    self.logger = logger
    self.analytics = analytics
  }

  private func client() async throws -> any SpacesuitClient {
    if let connected { return connected }
    let client = try await SpacesuitClients.live(connection, logger: logger, analytics: analytics)
    connected = client
    return client
  }

  func telemetry() async throws -> SuitTelemetry { try await client().telemetry() }
  func vitals() async throws -> Vitals { try await client().vitals() }
  func send(_ command: SuitCommand) async throws -> CommandAcknowledgement { try await client().send(command) }

  nonisolated func watch(count: Int?, interval: Duration) -> AsyncThrowingStream<SuitTelemetry, any Error> {
    forwarding { $0.watch(count: count, interval: interval) }
  }

  nonisolated func watchUpdates(count: Int?, interval: Duration) -> AsyncThrowingStream<SuitWatchUpdate, any Error> {
    forwarding { $0.watchUpdates(count: count, interval: interval) }
  }

  /// The stream `open` makes on the client, connecting first.
  private nonisolated func forwarding<Element: Sendable>(
    _ open: @escaping @Sendable (any SpacesuitClient) -> AsyncThrowingStream<Element, any Error>
  ) -> AsyncThrowingStream<Element, any Error> {
    AsyncThrowingStream { continuation in
      let task = Task {
        do {
          for try await element in open(try await self.client()) { continuation.yield(element) }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  func linkStatistics() async -> LinkStatistics {
    guard let connected else { return LinkStatistics() }
    return await connected.linkStatistics()
  }
}
