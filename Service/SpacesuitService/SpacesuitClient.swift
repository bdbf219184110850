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
  /// in-memory Radio transport; `.unixSocket` connects to a suit (or `spacesuit-sim`) on a socket.
  /// Throws `SpacesuitError.unreachable` when nothing answers.
  public static func live(
    _ connection: SuitConnection, logger: Logger, analytics: Analytics,
    configuration: RadioLinkConfiguration = .init()
  ) async throws -> any SpacesuitClient {
    throw SpacesuitError.unreachable("not implemented yet")
  }
}
