import AppAnalytics
import Localization
import Logging

/// The command device `P` over a Radio link, connected on first use (and reconnected by the link).
/// Every failure is thrown as `P.Failure`, logged and recorded in analytics; every command is tracked.
/// A service makes it its client by declaring the conformance (`extension LiveCommandDevice:
/// SolarArrayClient where P == PowerSystem {}`): its methods are the client's.
public actor LiveCommandDevice<P: CommandDeviceProtocol> {
  private let device: DeviceLink
  private let logger: Logger
  private let analytics: Analytics

  /// A client that connects through `connector` when first asked.
  public init(
    connector: RadioConnector, configuration: RadioLinkConfiguration = .init(), logger: Logger, analytics: Analytics
  ) {
    device = DeviceLink(
      name: P.name, connector: connector, messages: DeviceMessages(failure: P.MessageType.failure.rawValue),
      unreachableHint: P.unreachableHint, configuration: configuration, logger: logger)
    self.logger = logger
    self.analytics = analytics
  }

  /// The device now; asked again when the link drops under the request (a reading is safe to repeat).
  public func status() async throws -> P.Status {
    try await exchange(
      .statusRequest, body: [String: String](), expecting: .status, as: P.Status.self, repeatable: true)
  }

  /// Carries out `command`; throws `P.rejected(reason)` when the device refuses it.
  public func send(_ command: P.Command) async throws -> P.Acknowledgement {
    let answer = try await exchange(
      .commandRequest, body: command, expecting: .acknowledgement, as: P.Acknowledgement.self, repeatable: false)
    let verdict = P.verdict(on: answer)
    analytics.track(P.identity.commandEvent, ["command": verdict.command, "accepted": String(verdict.refusal == nil)])
    if let refusal = verdict.refusal { throw record(P.rejected(refusal), command.description) }
    return answer
  }

  /// What happens to the link from now on, as news for a watching screen (``LinkEvent/news(reconnecting:reconnected:)``).
  public nonisolated func linkNews() -> AsyncStream<P.LinkNews> {
    device.events().news(reconnecting: { P.reconnecting(attempt: $0, of: $1) }, reconnected: { P.reconnected })
  }

  private func exchange<Body: Encodable & Sendable, Answer: Decodable & Sendable>(
    _ request: P.MessageType, body: Body, expecting expected: P.MessageType, as answer: Answer.Type, repeatable: Bool
  ) async throws(P.Failure) -> Answer {
    do {
      return try await device.exchange(
        request.rawValue, body: body, expecting: expected.rawValue, as: answer, repeatable: repeatable)
    } catch {
      switch error {
      case .unreachable, .lost: throw record(P.unreachable(error.translatedMessage), "\(request)")
      case .protocolViolation(_, let violation): throw record(P.protocolViolation(violation.text), "\(request)")
      }
    }
  }

  private func record(_ error: P.Failure, _ operation: String) -> P.Failure {
    analytics.recordError(error, module: P.identity.module, context: ["operation": operation])
    logger.warning("\(operation) failed: \(error)")
    return error
  }
}
