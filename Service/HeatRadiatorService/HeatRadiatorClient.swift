import AppAnalytics
import Foundation
import Localization
import Logging
import Radio

/// Talks to the station's thermal control system: telemetry and commands.
public protocol HeatRadiatorClient: Sendable {
  /// The thermal control system now: wings, joints, batteries, orbit.
  func status() async throws -> ThermalStatus
  /// Carries out a command; throws `HeatRadiatorError.rejected` when the thermal control system refuses it.
  func send(_ command: ThermalCommand) async throws -> ThermalAcknowledgement
}

/// What can go wrong talking to the thermal control system.
public enum HeatRadiatorError: ReportableError, TranslatedError, Equatable {
  /// Nothing answers at the endpoint, or the link dropped: Radio's line, in the reader's language,
  /// saying where and what to check.
  case unreachable(LocalizedText)
  /// The thermal control system refused the command (the value says why); nothing changed.
  case rejected(LocalizedText)
  /// The answer could not be read (the value says how).
  case protocolViolation(LocalizedText)

  public var kind: ErrorKind {
    switch self {
    case .unreachable: .unavailable
    case .rejected: .rejected
    case .protocolViolation: .internal
    }
  }

  public var translatedMessage: LocalizedText {
    switch self {
    case .unreachable(let reason): reason
    case .rejected(let reason): Strings.errorRejected(reason: reason)
    case .protocolViolation(let reason): Strings.errorProtocolViolation(reason: reason)
    }
  }

  public var userMessage: String { translatedMessage.description }
}

/// The thermal control system over a Radio link, connected on first use (and reconnected by the link).
public actor LiveHeatRadiatorClient: HeatRadiatorClient {
  static let module = "HeatRadiatorService"
  private let device: DeviceLink
  private let logger: Logger
  private let analytics: Analytics

  /// A client that connects through `connector` when first asked.
  public init(
    connector: RadioConnector, configuration: RadioLinkConfiguration = .init(), logger: Logger, analytics: Analytics
  ) {
    device = DeviceLink(
      name: Strings.deviceName, connector: connector,
      messages: DeviceMessages(failure: ThermalProtocol.MessageType.failure.rawValue),
      unreachableHint: Strings.deviceUnreachableHint,
      configuration: configuration, logger: logger)
    self.logger = logger
    self.analytics = analytics
  }

  public func status() async throws -> ThermalStatus {
    try await exchange(.statusRequest, body: [String: String](), expecting: .status, as: ThermalStatus.self)
  }

  public func send(_ command: ThermalCommand) async throws -> ThermalAcknowledgement {
    let answer = try await exchange(
      .commandRequest, body: command, expecting: .acknowledgement, as: ThermalAcknowledgement.self)
    analytics.track("thermal.command", ["command": answer.command, "accepted": String(answer.accepted)])
    guard answer.accepted else { throw record(HeatRadiatorError.rejected(answer.reason), command.description) }
    return answer
  }

  private func exchange<Body: Encodable & Sendable, Answer: Decodable & Sendable>(
    _ request: ThermalProtocol.MessageType, body: Body, expecting expected: ThermalProtocol.MessageType,
    as answer: Answer.Type
  ) async throws -> Answer {
    do {
      return try await device.exchange(request.rawValue, body: body, expecting: expected.rawValue, as: answer)
    } catch {
      switch error {
      case .unreachable, .lost: throw record(HeatRadiatorError.unreachable(error.translatedMessage), "\(request)")
      case .protocolViolation(_, let violation):
        throw record(HeatRadiatorError.protocolViolation(violation.text), "\(request)")
      }
    }
  }

  private func record(_ error: any Error, _ operation: String) -> any Error {
    analytics.recordError(error, module: Self.module, context: ["operation": operation])
    logger.warning("\(operation) failed: \(error)")
    return error
  }
}

/// A thermal control system in memory for domain tests and previews: the real model, its clock stopped
/// unless advanced; records the commands it gets.
public actor FakeHeatRadiatorClient: HeatRadiatorClient {
  /// The model answering.
  public private(set) var simulator: HeatRadiatorSimulator
  /// Every command sent, in order (refused ones included).
  public private(set) var sentCommands: [ThermalCommand] = []
  /// When set, every call throws it.
  public private(set) var failure: HeatRadiatorError?

  /// A fake over `simulator` (by default a nominal thermal control system at a fixed date).
  public init(
    simulator: HeatRadiatorSimulator = HeatRadiatorSimulator(start: Date(timeIntervalSince1970: 1_800_000_000))
  ) {
    self.simulator = simulator
  }

  /// Makes every further call throw `failure` (nil: succeed again).
  public func setFailure(_ failure: HeatRadiatorError?) { self.failure = failure }

  /// Moves the model's time on by `seconds`.
  public func advance(by seconds: Double) { simulator.advance(by: seconds) }

  public func status() async throws -> ThermalStatus {
    if let failure { throw failure }
    return simulator.status
  }

  public func send(_ command: ThermalCommand) async throws -> ThermalAcknowledgement {
    sentCommands.append(command)
    if let failure { throw failure }
    let answer = simulator.apply(command)
    guard answer.accepted else { throw HeatRadiatorError.rejected(answer.reason) }
    return answer
  }
}
