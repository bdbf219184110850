import AppAnalytics
import Foundation

/// Everything that can go wrong in a cosmonaut service, each with a one-line fix-it message that
/// names the mission control it concerns.
public enum CosmonautServiceError: ReportableError, Equatable, CustomStringConvertible {
  /// No supply item has this id (the id as given).
  case unknownItem(String)
  /// A quantity of zero or less was given.
  case invalidQuantity(Int)
  /// Consuming would take the stock below zero; nothing was changed.
  case insufficientStock(item: String, requested: Int, available: Int, unit: String)
  /// A profile field is invalid; the value is the full fix-it message.
  case invalidProfile(String)
  /// Sync needs mission control, but no connection to it is configured.
  case notConfigured(ControlCenter)
  /// Mission control could not be reached (refused, no route, no answer in time); `reason` says why.
  case unreachable(ControlCenter, reason: String)
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
  case invalidResponse(ControlCenter, reason: String)
  /// No report mission control refused matches the key given (or the key prefix matches several); the value says which.
  case noSuchSetAsideReport(String)
  /// The disk holding the local store is full; nothing was changed. The value says where.
  case diskFull(String)
  /// Another process holds the local store's lock; nothing was changed. The value says which store.
  case storeBusy(String)
  /// The local store failed; the value says how.
  case storage(String)

  /// The kind an app maps to an exit code.
  public var kind: ErrorKind {
    switch self {
    case .unknownItem, .invalidQuantity, .invalidProfile, .noSuchSetAsideReport: .usage
    case .insufficientStock, .stockOverflow: .rejected
    case .notConfigured, .unreachable, .answeredError, .refusedToken, .noPositionYet, .invalidResponse, .storeBusy:
      .unavailable
    case .diskFull: .io
    case .storage: .internal
    }
  }

  /// One line: what was wrong and how to fix it.
  public var userMessage: String {
    switch self {
    case .unknownItem(let id):
      let known = SupplyItem.defaultInventory.map(\.id).joined(separator: ", ")
      return "unknown supply item \"\(id)\"; use one of: \(known)"
    case .invalidQuantity(let quantity):
      return "invalid quantity \(quantity); give a whole number greater than 0"
    case .insufficientStock(let item, let requested, let available, let unit):
      return
        "cannot consume \(requested) \(unit) of \(item): only \(available) \(unit) in stock; "
        + "consume at most \(available) or restock first"
    case .invalidProfile(let message):
      return message
    case .notConfigured(let center):
      return "\(center.name) is not configured; set the \(center.name) URL and token to sync "
        + "(changes stay queued meanwhile)"
    case .unreachable(let center, let reason):
      return "cannot reach \(center.name) (\(reason)); check that \(center.name) is running and the URL is right, "
        + "then sync again (changes stay queued)"
    case .answeredError(let center, let status, let reason):
      let said = reason.isEmpty ? "" : ": \(reason)"
      let fix =
        status == 404 || status == 405
        ? "check that the \(center.name) URL points to \(center.name)" : "sync again later"
      return "\(center.name) answered \(status)\(said); \(fix) (changes stay queued)"
    case .refusedToken(let center, let status):
      return "\(center.name) refused the token (HTTP \(status)); use the token \(center.name) expects, then sync "
        + "again (changes stay queued)"
    case .stockOverflow(let item):
      return "restocking \(item) by that much would overflow the stock count; restock a smaller quantity"
    case .noPositionYet(let center):
      return "no station position known yet; connect to \(center.name) once (set its URL and token) to receive one"
    case .invalidResponse(let center, let reason):
      return "what answered at the \(center.name) URL is not \(center.name) (\(reason)); check that the "
        + "\(center.name) URL points to \(center.name) (changes stay queued)"
    case .noSuchSetAsideReport(let reason):
      return "\(reason); list the reports mission control refused to see their keys"
    case .diskFull(let reason), .storeBusy(let reason):
      return reason
    case .storage(let reason):
      return "the local store failed (\(reason)); check that the data directory is readable and writable"
    }
  }

  /// Same as `userMessage`.
  public var description: String { userMessage }
}
