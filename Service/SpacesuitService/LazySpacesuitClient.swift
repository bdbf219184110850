import SpacesuitServiceInterface

/// A suit client that connects when a flow first needs it (see `SpacesuitClients.connectingOnFirstUse`).
actor LazySpacesuitClient: SpacesuitClient {
  private let connect: @Sendable () async throws -> LiveSpacesuitClient
  private var connected: LiveSpacesuitClient?

  init(connect: @escaping @Sendable () async throws -> LiveSpacesuitClient) {
    self.connect = connect
  }

  private func client() async throws -> LiveSpacesuitClient {
    if let connected { return connected }
    let client = try await connect()
    connected = client
    return client
  }

  func telemetry() async throws -> SuitTelemetry { try await client().telemetry() }
  func vitals() async throws -> Vitals { try await client().vitals() }
  func send(_ command: SuitCommand) async throws -> CommandAcknowledgement { try await client().send(command) }

  nonisolated func watch(count: Int?, interval: Duration) -> AsyncThrowingStream<SuitTelemetry, any Error> {
    sampling(count: count, interval: interval)
  }

  nonisolated func watchUpdates(count: Int?, interval: Duration) -> AsyncThrowingStream<SuitWatchUpdate, any Error> {
    watchUpdateStream(count: count, interval: interval) { try await self.client() }
  }
}
