import AppAnalytics
import Foundation

/// Everything that can go wrong in the laboratory service, each with a one-line fix-it message.
public enum LaboratoryError: ReportableError, Equatable, CustomStringConvertible {
  /// The labs' equipment cannot be reached; the value says where and what to do.
  case unreachable(String)
  /// The labs' equipment answered something this app cannot read.
  case protocolViolation(String)
  /// The request was refused; nothing changed. The value says why and what to do.
  case rejected(String)
  /// Bad input the command line could not see (an unknown run, sample or experiment id).
  case invalid(String)
  /// Houston cannot give a document now and none was kept; the value says why.
  case noDocumentYet(what: String, reason: String)
  /// Sending results needs Houston, and none is configured.
  case houstonNotConfigured
  /// Houston did not take the results (unreachable, an error answer, no acknowledgement); they stay queued.
  case houstonUnavailable(String)
  /// The disk holding the store is full; nothing changed.
  case diskFull(String)
  /// Another process holds the store's lock; nothing changed.
  case storeBusy(String)
  /// The store failed; the value says how.
  case storage(String)

  public var kind: ErrorKind {
    switch self {
    case .unreachable, .noDocumentYet, .houstonNotConfigured, .houstonUnavailable, .storeBusy: .unavailable
    case .protocolViolation, .storage: .internal
    case .rejected: .rejected
    case .invalid: .usage
    case .diskFull: .io
    }
  }

  public var userMessage: String {
    switch self {
    case .unreachable(let reason), .invalid(let reason), .diskFull(let reason), .storeBusy(let reason):
      reason
    case .protocolViolation(let reason): "the labs sent an answer this app cannot read: \(reason)"
    case .rejected(let reason): "\(reason); nothing changed"
    case .noDocumentYet(let what, let reason):
      "no \(what) yet: \(reason); connect to Houston once (--houston URL) to receive it"
    case .houstonNotConfigured:
      "Houston is not configured; pass --houston URL to send results (they stay queued meanwhile)"
    case .houstonUnavailable(let reason): "\(reason); send again later (results stay queued)"
    case .storage(let reason):
      "the laboratory store failed (\(reason)); check that the data directory is readable and writable"
    }
  }

  public var description: String { userMessage }
}
