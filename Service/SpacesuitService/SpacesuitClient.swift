import AppAnalytics
import Foundation
import Logging
import Radio

/// Talks to one spacesuit: readings, commands, link health.
public protocol SpacesuitClient: Sendable {
  /// The current life-support and environment readings.
  func telemetry() async throws -> SuitTelemetry
  /// The astronaut's current vital signs.
  func vitals() async throws -> Vitals
  /// Sends a command; returns the suit's acknowledgement, throws `SpacesuitError.rejected` when refused.
  func send(_ command: SuitCommand) async throws -> CommandAcknowledgement
  /// Samples telemetry every `interval` (count nil = until cancelled).
  func watch(count: Int?, interval: Duration) -> AsyncThrowingStream<SuitTelemetry, any Error>
  /// Frames sent/received, corrupt frames, dropped bytes, reconnects of the radio link.
  func linkStatistics() async -> LinkStatistics
}

extension SpacesuitClient {
  /// The default `watch`: `telemetry()` now and then every `interval`, `count` times.
  public func sampling(count: Int?, interval: Duration) -> AsyncThrowingStream<SuitTelemetry, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: SuitTelemetry.self)
    let task = Task {
      do {
        var produced = 0
        while count.map({ produced < $0 }) ?? true {
          if produced > 0 { try await Task.sleep(for: interval) }
          continuation.yield(try await self.telemetry())
          produced += 1
        }
        continuation.finish()
      } catch is CancellationError {
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }
}

/// Where the suit is.
public enum SuitConnection: Sendable, Equatable, CustomStringConvertible {
  /// An in-process simulated suit (deterministic for a seed).
  case simulated(seed: UInt64)
  /// A suit (or `spacesuit-sim`) listening on a Unix-domain socket.
  case unixSocket(path: String)

  /// The seed of `simulated` when none is given.
  public static let defaultSeed: UInt64 = 42

  /// Parses "simulated", "simulated:SEED" or "unix:/path"; nil otherwise.
  public init?(argument: String) {
    if argument == "simulated" {
      self = .simulated(seed: SuitConnection.defaultSeed)
    } else if argument.hasPrefix("simulated:"), let seed = UInt64(argument.dropFirst("simulated:".count)) {
      self = .simulated(seed: seed)
    } else if argument.hasPrefix("unix:"), argument.count > "unix:".count {
      self = .unixSocket(path: String(argument.dropFirst("unix:".count)))
    } else {
      return nil
    }
  }

  /// "simulated:42" or "unix:/path".
  public var description: String {
    switch self {
    case .simulated(let seed): "simulated:\(seed)"
    case .unixSocket(let path): "unix:\(path)"
    }
  }
}

/// A deterministic in-memory suit for domain tests and previews; records the commands it gets.
public actor FakeSpacesuitClient: SpacesuitClient {
  /// What `telemetry()` returns (commands update the target temperature, flow and lights).
  public var currentTelemetry: SuitTelemetry
  /// What `vitals()` returns.
  public var currentVitals: Vitals
  /// Every command sent, in order (rejected ones included).
  public private(set) var sentCommands: [SuitCommand] = []
  /// When set, every call throws it (to test error paths).
  public var failure: SpacesuitError?
  private var statistics = LinkStatistics()

  /// Creates a fake returning `telemetry` and `vitals`.
  public init(telemetry: SuitTelemetry = .nominal, vitals: Vitals = .nominal, failure: SpacesuitError? = nil) {
    self.currentTelemetry = telemetry
    self.currentVitals = vitals
    self.failure = failure
  }

  /// Makes every further call throw `failure` (nil = succeed again).
  public func setFailure(_ failure: SpacesuitError?) { self.failure = failure }

  /// Replaces the telemetry returned from now on.
  public func setTelemetry(_ telemetry: SuitTelemetry) { currentTelemetry = telemetry }

  /// Replaces the vitals returned from now on.
  public func setVitals(_ vitals: Vitals) { currentVitals = vitals }

  public func telemetry() async throws -> SuitTelemetry {
    try exchange()
    return currentTelemetry
  }

  public func vitals() async throws -> Vitals {
    try exchange()
    return currentVitals
  }

  public func send(_ command: SuitCommand) async throws -> CommandAcknowledgement {
    sentCommands.append(command)
    try exchange()
    let acknowledgement = SuitCommandRules.apply(command, to: &currentTelemetry)
    guard acknowledgement.accepted else { throw SpacesuitError.rejected(acknowledgement.message) }
    return acknowledgement
  }

  public nonisolated func watch(count: Int?, interval: Duration) -> AsyncThrowingStream<SuitTelemetry, any Error> {
    sampling(count: count, interval: interval)
  }

  public func linkStatistics() async -> LinkStatistics { statistics }

  private func exchange() throws {
    if let failure { throw failure }
    statistics.framesSent += 1
    statistics.framesReceived += 1
  }
}

/// How a suit validates and applies commands (shared by the simulator and the fake).
enum SuitCommandRules {
  static func apply(_ command: SuitCommand, to telemetry: inout SuitTelemetry) -> CommandAcknowledgement {
    switch command {
    case .setTemperature(let celsius):
      guard SuitCommand.temperatureRange.contains(celsius) else {
        return refuse(command, "temperature must be within \(formatBand(SuitCommand.temperatureRange)) °C")
      }
      telemetry.targetTemperatureC = celsius
      return accept(command, "target temperature set to \(formatValue(celsius)) °C")
    case .setOxygenFlow(let flow):
      guard SuitCommand.oxygenFlowRange.contains(flow) else {
        return refuse(command, "oxygen flow must be within \(formatBand(SuitCommand.oxygenFlowRange)) L/min")
      }
      telemetry.oxygenFlowLitersPerMinute = flow
      return accept(command, "oxygen flow set to \(formatValue(flow)) L/min")
    case .setLights(let on):
      telemetry.helmetLightsOn = on
      return accept(command, "helmet lights \(on ? "on" : "off")")
    }
  }

  private static func accept(_ command: SuitCommand, _ message: String) -> CommandAcknowledgement {
    CommandAcknowledgement(command: command.description, accepted: true, message: message)
  }

  private static func refuse(_ command: SuitCommand, _ message: String) -> CommandAcknowledgement {
    CommandAcknowledgement(command: command.description, accepted: false, message: message)
  }
}

/// Builds live suit clients.
public enum SpacesuitClients {
  /// A client for `connection`: `.simulated` runs a `SuitSimulator` in this process behind an
  /// in-memory Radio transport; `.unixSocket` connects to a suit (or `spacesuit-sim`) on a socket
  /// and reconnects if the link drops. Throws `SpacesuitError.unreachable` when nothing answers.
  public static func live(
    _ connection: SuitConnection, logger: Logger, analytics: Analytics,
    configuration: RadioLinkConfiguration = .init()
  ) async throws -> any SpacesuitClient {
    let logger = logger.scoped(to: "SpacesuitService")
    do {
      switch connection {
      case .simulated(let seed):
        let server = SimulatedSuitServer(
          simulator: SuitSimulator(seed: seed, start: Date()), logger: logger.scoped(to: "SuitSimulator"))
        let (clientSide, suitSide) = InMemoryRadioTransport.pair()
        let serving = Task { await server.serve(suitSide) }
        let link = RadioLink(transport: clientSide, requestTimeout: configuration.requestTimeout, logger: logger)
        try await link.start()
        return LiveSpacesuitClient(
          link: link, connection: connection, logger: logger, analytics: analytics, keepAlive: serving)
      case .unixSocket(let path):
        let link = RadioLink(connector: .unixSocket(path: path), configuration: configuration, logger: logger)
        do { try await link.start() } catch {
          throw SpacesuitError.unreachable(
            "no suit at \(path): \(error). Start one with: spacesuit-sim --socket \(path)")
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
      let error = SpacesuitError.rejected(acknowledgement.message)
      analytics.recordError(error, module: "SpacesuitService", context: ["command": command.description])
      throw error
    }
    return acknowledgement
  }

  func watch(count: Int?, interval: Duration) -> AsyncThrowingStream<SuitTelemetry, any Error> {
    sampling(count: count, interval: interval)
  }

  func linkStatistics() async -> LinkStatistics { await link.statistics() }

  private func exchange<Body: Codable, Answer: Codable>(
    _ request: SuitProtocol.MessageType, _ body: Body, expecting expected: SuitProtocol.MessageType,
    as: Answer.Type
  ) async throws -> Answer {
    do {
      let payload: [UInt8]
      do { payload = try SuitProtocol.encode(body) } catch {
        throw SpacesuitError.protocolViolation("cannot encode \(Body.self): \(error)")
      }
      let response: Frame
      do { response = try await link.request(type: request.rawValue, payload: payload) } catch let error as RadioError {
        throw mapRadioError(error)
      }
      switch SuitProtocol.MessageType(rawValue: response.type) {
      case expected:
        do { return try SuitProtocol.decode(Answer.self, from: response.payload) } catch {
          throw SpacesuitError.protocolViolation(String(describing: error))
        }
      case .failure:
        let failure = try? SuitProtocol.decode(SuitProtocol.Failure.self, from: response.payload)
        throw SpacesuitError.protocolViolation(
          "the suit could not serve the request: \(failure?.message ?? "no reason")")
      default:
        throw SpacesuitError.protocolViolation(String(format: "unexpected answer type 0x%02X", response.type))
      }
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
      let hint: String
      switch connection {
      case .unixSocket(let path): hint = "Check that the suit (or spacesuit-sim --socket \(path)) is running"
      case .simulated: hint = "Restart the app"
      }
      return .unreachable("lost the suit at \(connection): \(error). \(hint)")
    }
  }
}
