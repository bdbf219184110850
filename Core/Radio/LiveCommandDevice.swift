import AppAnalytics
import Logging

/// The command device `P` over a Radio link, connected on first use (and reconnected by the link).
/// Every failure is thrown as `P.Failure`, logged and recorded in analytics; every command is tracked.
public actor LiveCommandDevice<P: CommandDeviceProtocol>: CommandDeviceClient {
  public typealias Device = P

  private let device: DeviceLink
  private let logger: Logger
  private let analytics: Analytics

  /// A client that connects through `connector` when first asked.
  public init(
    connector: RadioConnector, configuration: RadioLinkConfiguration = .init(), logger: Logger, analytics: Analytics
  ) {
    device = DeviceLink(
      name: P.identity.name, connector: connector, messages: DeviceMessages(failure: P.MessageType.failure.rawValue),
      unreachableHint: P.identity.unreachableHint, configuration: configuration, logger: logger)
    self.logger = logger
    self.analytics = analytics
  }

  /// The device now.
  public func status() async throws -> P.Status {
    try await exchange(.statusRequest, body: [String: String](), expecting: .status, as: P.Status.self)
  }

  /// What happens to the link to the device from now on (see ``DeviceLink/events()``).
  public nonisolated func linkEvents() -> AsyncStream<LinkEvent> { device.events() }

  /// Carries out `command`; throws `P.Failure.rejected` when the device refuses it.
  public func send(_ command: P.Command) async throws -> P.Acknowledgement {
    let answer = try await exchange(
      .commandRequest, body: command, expecting: .acknowledgement, as: P.Acknowledgement.self)
    analytics.track(P.identity.commandEvent, ["command": answer.command, "accepted": String(answer.accepted)])
    guard answer.accepted else { throw record(P.Failure.rejected(answer.reason), command.description) }
    return answer
  }

  private func exchange<Body: Encodable & Sendable, Answer: Decodable & Sendable>(
    _ request: P.MessageType, body: Body, expecting expected: P.MessageType, as answer: Answer.Type
  ) async throws(P.Failure) -> Answer {
    do {
      return try await device.exchange(request.rawValue, body: body, expecting: expected.rawValue, as: answer)
    } catch {
      switch error {
      case .unreachable, .lost: throw record(P.Failure.unreachable(error.translatedMessage), "\(request)")
      case .protocolViolation(_, let violation): throw record(P.Failure.protocolViolation(violation.text), "\(request)")
      }
    }
  }

  private func record(_ error: P.Failure, _ operation: String) -> P.Failure {
    analytics.recordError(error, module: P.identity.module, context: ["operation": operation])
    logger.warning("\(operation) failed: \(error)")
    return error
  }
}
