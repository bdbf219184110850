import AppAnalytics
import FoundationEssentials
import Localization
import Logging
import Radio
import SpacesuitServiceInterface

/// Builds live suit clients.
public enum SpacesuitClients {
  /// A client for `connection`: `.simulated` runs a `SuitSimulator` in this process behind an
  /// in-memory Radio transport (kept in its state file, if it has one); `.unixSocket` connects to a
  /// suit (or `spacesuit-sim`) on a socket and reconnects with backoff if the link drops. Throws
  /// `SpacesuitError.unreachable` when nothing answers, `.invalidConnection` for a socket path the
  /// system cannot take.
  public static func live(
    _ connection: SuitConnection, logger: Logger, analytics: Analytics,
    configuration: RadioLinkConfiguration = .init()
  ) async throws -> any SpacesuitClient {
    try await connect(connection, logger: logger, analytics: analytics, configuration: configuration)
  }

  /// A client for `connection` that connects only when it is first used, so commands that never
  /// ask the suit never wait for its link; the first use fails as ``live(_:logger:analytics:configuration:)`` would.
  public static func connectingOnFirstUse(
    _ connection: SuitConnection, logger: Logger, analytics: Analytics,
    configuration: RadioLinkConfiguration = .init()
  ) -> any SpacesuitClient {
    LazySpacesuitClient {
      try await connect(connection, logger: logger, analytics: analytics, configuration: configuration)
    }
  }

  /// The suit of an app that hosts the Spacesuit domain: `connection` as its `--suit` option read
  /// it (nil: a suit simulated in this process, seeded by the clock), connecting on first use; a
  /// simulated suit keeps its state in `stateFile`.
  public static func connectingOnFirstUse(
    _ connection: SuitConnection?, keepingStateIn stateFile: URL, logger: Logger, analytics: Analytics
  ) -> any SpacesuitClient {
    let connection = connection ?? .simulated(seed: UInt64(Date().timeIntervalSince1970))
    return connectingOnFirstUse(connection.keepingState(in: stateFile), logger: logger, analytics: analytics)
  }

  static func connect(
    _ connection: SuitConnection, logger: Logger, analytics: Analytics, configuration: RadioLinkConfiguration
  ) async throws -> LiveSpacesuitClient {
    let logger = logger.scoped(to: "SpacesuitService")
    do {
      switch connection {
      case .simulated(let seed, let scenario, let timeFactor, let stateFile):
        let server = SimulatedSuitServer(
          simulator: SuitSimulator(seed: seed, start: Date()), timeFactor: timeFactor, scenario: scenario,
          stateFile: stateFile, logger: logger.scoped(to: "SuitSimulator"))
        let (clientSide, suitSide) = InMemoryRadioTransport.pair()
        let serving = Task { await server.serve(suitSide) }
        let link = RadioLink(transport: clientSide, requestTimeout: configuration.requestTimeout, logger: logger)
        try await link.start()
        return LiveSpacesuitClient(
          link: link, connection: connection, logger: logger, analytics: analytics, keepAlive: serving)
      case .unixSocket(let path):
        try SuitConnection.validateSocketPath(path)
        let link = RadioLink(connector: .unixSocket(path: path), configuration: configuration, logger: logger)
        do { try await link.start() } catch {
          throw SpacesuitError.unreachable(Strings.errorNoSuit(path: path, reason: reason(error)))
        }
        logger.info("connected to the suit at \(path)")
        return LiveSpacesuitClient(
          link: link, connection: connection, logger: logger, analytics: analytics, keepAlive: nil)
      }
    } catch {
      analytics.recordError(error, module: "SpacesuitService", context: ["connection": connection.description])
      throw error
    }
  }

  /// A Radio error without the path the caller already names ("connect: Connection refused"), in
  /// the reader's language.
  static func reason(_ error: any Error) -> LocalizedText {
    guard let radio = error as? RadioError else { return .verbatim(DecodingError.readableLine(for: error)) }
    return radio.reasonAtPath
  }
}

/// Talks the suit protocol over a `RadioLink`.
final class LiveSpacesuitClient: SpacesuitClient {
  private let link: RadioLink
  private let connection: SuitConnection
  private let logger: Logger
  private let analytics: Analytics
  /// The in-process suit's serving task, cancelled with the client.
  private let keepAlive: Task<Void, Never>?

  init(
    link: RadioLink, connection: SuitConnection, logger: Logger, analytics: Analytics,
    keepAlive: Task<Void, Never>?
  ) {
    self.link = link
    self.connection = connection
    self.logger = logger
    self.analytics = analytics
    self.keepAlive = keepAlive
  }

  deinit {
    let link = self.link
    keepAlive?.cancel()
    Task { await link.close() }
  }

  func telemetry() async throws -> SuitTelemetry {
    try await exchange(.telemetryRequest, SuitProtocol.Empty(), expecting: .telemetry, as: SuitTelemetry.self)
  }

  func vitals() async throws -> Vitals {
    try await exchange(.vitalsRequest, SuitProtocol.Empty(), expecting: .vitals, as: Vitals.self)
  }

  func send(_ command: SuitCommand) async throws -> CommandAcknowledgement {
    let acknowledgement = try await exchange(
      .commandRequest, command, expecting: .acknowledgement, as: CommandAcknowledgement.self)
    analytics.track(
      "spacesuit.command", ["command": acknowledgement.command, "accepted": String(acknowledgement.accepted)])
    guard acknowledgement.accepted else {
      let error = SpacesuitError.refusing(acknowledgement)
      analytics.recordError(error, module: "SpacesuitService", context: ["command": command.description])
      throw error
    }
    return acknowledgement
  }

  func watch(count: Int?, interval: Duration) -> AsyncThrowingStream<SuitTelemetry, any Error> {
    sampling(count: count, interval: interval)
  }

  /// The samples, with the link's news merged in as it happens.
  func watchUpdates(count: Int?, interval: Duration) -> AsyncThrowingStream<SuitWatchUpdate, any Error> {
    watchUpdateStream(count: count, interval: interval) { self }
  }

  /// The link's news, worded for the crew (and logged).
  func linkNews() -> AsyncStream<SuitLinkEvent> {
    let logger = logger
    @Sendable func told(_ news: SuitLinkEvent) -> SuitLinkEvent {
      logger.notice("\(news.message)")
      return news
    }
    return link.events().news(
      reconnecting: { told(.reconnecting(attempt: $0, maximumAttempts: $1)) }, reconnected: { told(.reconnected) })
  }

  func linkStatistics() async -> LinkStatistics { await link.statistics() }

  private func exchange<Body: Codable, Answer: Codable>(
    _ request: SuitProtocol.MessageType, _ body: Body, expecting expected: SuitProtocol.MessageType,
    as: Answer.Type
  ) async throws -> Answer {
    do {
      let payload: [UInt8]
      do { payload = try SuitProtocol.encode(body) } catch {
        throw SpacesuitError.protocolViolation(Strings.violationCannotEncode(body: "\(Body.self)", detail: "\(error)"))
      }
      let response: Frame
      do {
        // Every suit request is safe to repeat (readings, and commands that set a value): one the
        // link dropped under is sent again once it is back, as for every device.
        response = try await link.repeatableRequest(type: request.rawValue, payload: payload)
      } catch let error as RadioError {
        throw mapRadioError(error)
      }
      switch SuitProtocol.MessageType(rawValue: response.type) {
      case expected:
        do { return try SuitProtocol.decode(Answer.self, from: response.payload) } catch {
          throw SpacesuitError.protocolViolation(error.text)
        }
      case .failure:
        let failure = try? SuitProtocol.decode(SuitProtocol.Failure.self, from: response.payload)
        throw SpacesuitError.protocolViolation(
          Strings.violationCouldNotServe(message: failure.map { .verbatim($0.message) } ?? Strings.violationNoReason))
      default:
        throw SpacesuitError.protocolViolation(
          Strings.violationUnexpectedAnswer(type: Frame.typeName(response.type)))
      }
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      logger.warning("suit request \(request) failed: \(error)")
      analytics.recordError(error, module: "SpacesuitService", context: ["connection": connection.description])
      throw error
    }
  }

  private func mapRadioError(_ error: RadioError) -> SpacesuitError {
    switch error {
    case .timeout: return .timeout
    default:
      let hint: LocalizedText
      switch connection {
      case .unixSocket(let path): hint = Strings.hintCheckSuit(path: path)
      case .simulated: hint = Strings.hintRestart
      }
      return .unreachable(
        Strings.errorLostSuit(connection: connection.description, reason: SpacesuitClients.reason(error), hint: hint))
    }
  }
}

/// Samples at a steady rate and the link's news, in ONE stream filled by one task: each sample
/// crosses one hand-over on its way to the screen. `source` gives the connected client.
func watchUpdateStream(
  count: Int?, interval: Duration, source: @escaping @Sendable () async throws -> LiveSpacesuitClient
) -> AsyncThrowingStream<SuitWatchUpdate, any Error> {
  SteadyRate.stream { updates in
    let client = try await source()
    let news = client.linkNews()
    let reporting = Task { for await event in news { updates.yield(.link(event)) } }
    defer { reporting.cancel() }
    try await SteadyRate.run(count: count, interval: interval) { updates.yield(.sample(try await client.telemetry())) }
  }
}
