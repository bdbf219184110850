import AppAnalytics
import Localization
import Radio

/// Talks to the station's power system: telemetry (wings, joints, batteries, orbit) and commands; throws
/// `SolarArrayError.rejected` when the power system refuses a command.
public typealias SolarArrayClient = CommandDeviceClient<PowerProtocol>

/// What can go wrong talking to the power system.
public enum SolarArrayError: CommandDeviceError, Equatable {
  /// Nothing answers at the endpoint, or the link dropped: Radio's line, in the reader's language,
  /// saying where and what to check.
  case unreachable(LocalizedText)
  /// The power system refused the command (the value says why); nothing changed.
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
