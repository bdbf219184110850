import AppAnalytics
import Localization
import Radio

/// Talks to the station's docking system: telemetry (ports and the vehicles at them) and commands; throws
/// `DockingPortError.rejected` when the docking system refuses a command.
public typealias DockingPortClient = CommandDeviceClient<DockingProtocol>

/// What can go wrong talking to the docking system.
public enum DockingPortError: CommandDeviceError, Equatable {
  /// Nothing answers at the endpoint, or the link dropped: Radio's line, in the reader's language,
  /// saying where and what to check.
  case unreachable(LocalizedText)
  /// The docking system refused the command (the value says why); nothing changed.
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
