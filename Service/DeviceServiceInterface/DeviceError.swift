import AppAnalytics
import Localization

/// What can go wrong asking the device `Device`, in its service's words (``DeviceKind/words``): each
/// device's errors are this type of it (`SolarArrayError` is `DeviceError<PowerSystem>`).
public enum DeviceError<Device: DeviceKind>: ReportableError, TranslatedError, Equatable {
  /// Nothing answers at the endpoint, or the link dropped: the link's line, in the reader's
  /// language, saying where and what to check.
  case unreachable(LocalizedText)
  /// The device refused the command (the value says why); nothing changed.
  case rejected(LocalizedText)
  /// The answer could not be read (the value says how).
  case protocolViolation(LocalizedText)

  /// Unavailable (exit 69), rejected (65) or internal (70).
  public var kind: ErrorKind {
    switch self {
    case .unreachable: .unavailable
    case .rejected: .rejected
    case .protocolViolation: .internal
    }
  }

  /// The line in the reader's language: the link's own, or the device's words around the reason.
  public var translatedMessage: LocalizedText {
    switch self {
    case .unreachable(let line): line
    case .rejected(let reason): Device.words.refused(reason)
    case .protocolViolation(let reason): Device.words.unreadable(reason)
    }
  }

  /// The English line (logs, analytics).
  public var userMessage: String { translatedMessage.description }
}
