import AppAnalytics
import FoundationEssentials
import Localization

/// Everything that can go wrong in the laboratory service, each with a one-line fix-it message.
public enum LaboratoryError: ReportableError, TranslatedError, Equatable, CustomStringConvertible {
  /// The labs' equipment cannot be reached; the value says where and what to do.
  case unreachable(LocalizedText)
  /// The labs' equipment answered something this app cannot read (the value says how).
  case protocolViolation(LocalizedText)
  /// The request was refused; nothing changed. The value says why and what to do.
  case rejected(LocalizedText)
  /// Bad input the command line could not see (an unknown run, sample or experiment id).
  case invalid(LocalizedText)
  /// Houston cannot give a document now and none was kept; the value says why.
  case noDocumentYet(what: LocalizedText, reason: LocalizedText)
  /// Sending results needs Houston, and none is configured.
  case houstonNotConfigured
  /// Houston did not take the results (unreachable, an error answer, no acknowledgement); they stay queued.
  case houstonUnavailable(LocalizedText)
  /// The disk holding the store is full; nothing changed.
  case diskFull(LocalizedText)
  /// Another process holds the store's lock; nothing changed.
  case storeBusy(LocalizedText)
  /// The store cannot take the change: it can only be read (`kind` cannot-create), or one of its
  /// files was deleted or replaced under the running program (`kind` I/O). Nothing changed; the
  /// value (the store's own line) says which file and what to do.
  case storeRefused(LocalizedText, kind: ErrorKind)
  /// The store failed; the value says how.
  case storage(LocalizedText)

  public var kind: ErrorKind {
    switch self {
    case .unreachable, .noDocumentYet, .houstonNotConfigured, .houstonUnavailable, .storeBusy: .unavailable
    case .protocolViolation, .storage: .internal
    case .rejected: .rejected
    case .invalid: .usage
    case .diskFull: .io
    case .storeRefused(_, let kind): kind
    }
  }

  public var translatedMessage: LocalizedText {
    switch self {
    case .unreachable(let reason), .invalid(let reason), .diskFull(let reason), .storeBusy(let reason),
      .storeRefused(let reason, _):
      reason
    case .protocolViolation(let reason): Strings.errorProtocol(reason: reason)
    case .rejected(let reason): Strings.errorRejected(reason: reason)
    case .noDocumentYet(let what, let reason): Strings.errorNoDocument(what: what, reason: reason)
    case .houstonNotConfigured: Strings.errorHoustonNotConfigured
    case .houstonUnavailable(let reason): Strings.errorHoustonUnavailable(reason: reason)
    case .storage(let reason): Strings.errorStorage(reason: reason)
    }
  }

  public var userMessage: String { translatedMessage.description }

  public var description: String { userMessage }

  /// No run has this id (or id prefix): bad usage.
  public static func noSuchRun(_ id: String) -> LaboratoryError { .invalid(Strings.reasonNoRun(id: id)) }

  /// No stored sample has this id (or id prefix): bad usage.
  public static func noSuchSample(_ id: String) -> LaboratoryError { .invalid(Strings.reasonNoSample(id: id)) }

  /// The labs refused a command, saying `message` (their own words, in English); nothing changed.
  public static func refusedByLabs(_ message: String) -> LaboratoryError {
    .rejected(Strings.reasonLabsRefused(message: message))
  }

  /// Why a document from Houston cannot be had when no Houston is configured.
  public static var houstonNotConfiguredReason: LocalizedText { Strings.reasonHoustonNotConfigured }
}

extension ExperimentCatalogue {
  /// What the catalogue is called in messages ("experiment catalogue").
  public static var documentName: LocalizedText { Strings.documentCatalogue }
}

extension RunSchedule {
  /// What the schedule is called in messages ("run schedule").
  public static var documentName: LocalizedText { Strings.documentSchedule }
}
