import AppAnalytics
import FoundationEssentials
import Localization
import MissionControlInterface

/// Everything that can go wrong in a cosmonaut service, each with a one-line fix-it message that
/// names the mission control it concerns.
public enum CosmonautServiceError: ReportableError, TranslatedError, Equatable, CustomStringConvertible {
  /// No supply item has this id (the id as given).
  case unknownItem(String)
  /// A quantity of zero or less was given.
  case invalidQuantity(Int)
  /// Consuming would take the stock below zero; nothing was changed.
  case insufficientStock(item: String, requested: Int, available: Int, unit: String)
  /// A profile field is invalid; the value is the full fix-it message.
  case invalidProfile(LocalizedText)
  /// Sync needs mission control, but no connection to it is configured.
  case notConfigured(ControlCenter)
  /// Mission control could not be reached (refused, no route, no answer in time); `reason` says why.
  case unreachable(ControlCenter, reason: LocalizedText)
  /// Mission control answered with an error status (5xx, 404, …); `reason` is what it said, if anything.
  case answeredError(ControlCenter, status: Int, reason: String)
  /// Mission control refused the client's token (HTTP 401 or 403).
  case refusedToken(ControlCenter, status: Int)
  /// A restock would take the stock past what can be counted; nothing was changed.
  case stockOverflow(item: String)
  /// No station position was ever received and mission control cannot be asked now.
  case noPositionYet(ControlCenter)
  /// What answered at the mission control URL is not an answer it gives (unreadable, or no
  /// acknowledgement of the report); `reason` says what came back.
  case invalidResponse(ControlCenter, reason: LocalizedText)
  /// No report mission control refused matches the key given (or the key prefix matches several); the value says which.
  case noSuchSetAsideReport(LocalizedText)
  /// The disk holding the local store is full; nothing was changed. The value (the store's own
  /// line) says where.
  case diskFull(LocalizedText)
  /// Another process holds the local store's lock; nothing was changed. The value (the store's own
  /// line) says which store.
  case storeBusy(LocalizedText)
  /// The local store cannot take the change: it can only be read (`kind` cannot-create), or one of
  /// its files was deleted or replaced under the running program (`kind` I/O). Nothing was changed;
  /// the value (the store's own line) says which file and what to do.
  case storeRefused(LocalizedText, kind: ErrorKind)
  /// The local store failed; the value (the store's own line, when it has one) says how.
  case storage(LocalizedText)

  /// The kind an app maps to an exit code.
  public var kind: ErrorKind {
    switch self {
    case .unknownItem, .invalidQuantity, .invalidProfile, .noSuchSetAsideReport: .usage
    case .insufficientStock, .stockOverflow: .rejected
    case .notConfigured, .unreachable, .answeredError, .refusedToken, .noPositionYet, .invalidResponse, .storeBusy:
      .unavailable
    case .diskFull: .io
    case .storeRefused(_, let kind): kind
    case .storage: .internal
    }
  }

  /// One line in English (logs and analytics): what was wrong and how to fix it.
  public var userMessage: String { translatedMessage.description }

  /// One line in every language: what was wrong and how to fix it.
  public var translatedMessage: LocalizedText {
    switch self {
    case .unknownItem(let id):
      return Strings.errorUnknownItem(id: id, known: SupplyItem.defaultInventory.map(\.id).joined(separator: ", "))
    case .invalidQuantity(let quantity):
      return Strings.errorInvalidQuantity(quantity: String(quantity))
    case .insufficientStock(let item, let requested, let available, let unit):
      return Strings.errorInsufficientStock(
        requested: String(requested), unit: unit, item: item, available: String(available))
    case .invalidProfile(let message):
      return message
    case .notConfigured(let center):
      return Strings.errorNotConfigured(center: center.localizedName)
    case .unreachable(let center, let reason):
      return Strings.errorUnreachable(center: center.localizedName, reason: reason)
    case .answeredError(let center, let status, let reason):
      let said = reason.isEmpty ? LocalizedText.verbatim("") : Strings.errorAnsweredSaid(reason: reason)
      let fix =
        status == 404 || status == 405 ? Strings.errorFixUrl(center: center.localizedName) : Strings.errorFixLater
      return Strings.errorAnswered(center: center.localizedName, status: String(status), said: said, fix: fix)
    case .refusedToken(let center, let status):
      return Strings.errorRefusedToken(center: center.localizedName, status: String(status))
    case .stockOverflow(let item):
      return Strings.errorStockOverflow(item: item)
    case .noPositionYet(let center):
      return Strings.errorNoPositionYet(center: center.localizedName)
    case .invalidResponse(let center, let reason):
      return Strings.errorInvalidResponse(center: center.localizedName, reason: reason)
    case .noSuchSetAsideReport(let reason):
      return Strings.errorNoSuchSetAside(reason: reason)
    case .diskFull(let reason), .storeBusy(let reason), .storeRefused(let reason, _):
      return reason
    case .storage(let reason):
      return Strings.errorStorage(reason: reason)
    }
  }

  /// Same as `userMessage`.
  public var description: String { userMessage }

  /// `center` gave no answer in the time allowed.
  public static func noAnswer(from center: ControlCenter) -> CosmonautServiceError {
    .unreachable(center, reason: Strings.reasonNoAnswerInTime)
  }

  /// The service error for what `center` did (a failure a live client's mission control reported).
  public init(_ failure: MissionControlFailure, center: ControlCenter) {
    switch failure {
    case .notConfigured: self = .notConfigured(center)
    case .unreachable(let reason): self = .unreachable(center, reason: reason)
    case .noAnswer: self = .noAnswer(from: center)
    case .refusedToken(let status, _): self = .refusedToken(center, status: status)
    case .answered(let status, let body, _): self = .answeredError(center, status: status, reason: body)
    case .invalidAnswer(let reason): self = .invalidResponse(center, reason: reason)
    case .failed(let reason): self = .storage(reason)
    }
  }

  /// The service error for a set-aside report that cannot be found by the key given.
  public init(_ lookup: ReportLookupError) {
    self = .noSuchSetAsideReport(lookup.reason)
  }
}
