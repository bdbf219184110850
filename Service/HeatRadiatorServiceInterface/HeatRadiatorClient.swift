import AppAnalytics
import Localization
import Radio

/// Talks to the station's thermal control system: telemetry (loops and radiator wings) and commands; throws
/// `HeatRadiatorError.rejected` when the thermal control system refuses a command.
public typealias HeatRadiatorClient = CommandDeviceClient<ThermalProtocol>

/// What can go wrong talking to the thermal control system.
public enum HeatRadiatorError: CommandDeviceError, Equatable {
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
}
