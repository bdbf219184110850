import AppAnalytics
import Foundation

/// Everything that can go wrong in the cosmonaut service, each with a one-line fix-it message.
public enum CosmonautServiceError: ReportableError, Equatable, CustomStringConvertible {
  /// No supply item has this id (the id as given).
  case unknownItem(String)
  /// A quantity of zero or less was given.
  case invalidQuantity(Int)
  /// Consuming would take the stock below zero; nothing was changed.
  case insufficientStock(item: String, requested: Int, available: Int, unit: String)
  /// A profile field is invalid; the value is the full fix-it message.
  case invalidProfile(String)
  /// Sync needs Houston, but no Houston connection is configured.
  case houstonNotConfigured
  /// Houston could not be reached (refused, no route, no answer in time); the value says why.
  case houstonUnreachable(String)
  /// Houston answered with an error status (5xx, 404, …); `reason` is what it said, if anything.
  case houstonFailed(status: Int, reason: String)
  /// Houston refused the client's token (HTTP 401 or 403).
  case houstonRefusedToken(status: Int)
  /// A restock would take the stock past what can be counted; nothing was changed.
  case stockOverflow(item: String)
  /// No station position was ever received and Houston cannot be asked now.
  case noPositionYet
  /// What answered at the Houston URL is not an answer Houston gives (unreadable, or no
  /// acknowledgement of the report); the value says what came back.
  case invalidResponse(String)
  /// No report Houston refused matches the key given (or the key prefix matches several); the value says which.
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
    case .houstonNotConfigured, .houstonUnreachable, .houstonFailed, .houstonRefusedToken, .noPositionYet,
      .invalidResponse, .storeBusy:
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
    case .houstonNotConfigured:
      return "Houston is not configured; set the Houston URL and token to sync (changes stay queued meanwhile)"
    case .houstonUnreachable(let reason):
      return "cannot reach Houston (\(reason)); check that Houston is running and the URL is right, "
        + "then sync again (changes stay queued)"
    case .houstonFailed(let status, let reason):
      let said = reason.isEmpty ? "" : ": \(reason)"
      let fix =
        status == 404 || status == 405
        ? "check that the Houston URL points to Houston" : "sync again later"
      return "Houston answered \(status)\(said); \(fix) (changes stay queued)"
    case .houstonRefusedToken(let status):
      return "Houston refused the token (HTTP \(status)); use the token Houston expects, then sync again "
        + "(changes stay queued)"
    case .stockOverflow(let item):
      return "restocking \(item) by that much would overflow the stock count; restock a smaller quantity"
    case .noPositionYet:
      return "no station position known yet; connect to Houston once (set its URL and token) to receive one"
    case .invalidResponse(let reason):
      return "what answered at the Houston URL is not Houston (\(reason)); check that the Houston URL points to "
        + "Houston (changes stay queued)"
    case .noSuchSetAsideReport(let reason):
      return "\(reason); list the reports Houston refused to see their keys"
    case .diskFull(let reason), .storeBusy(let reason):
      return reason
    case .storage(let reason):
      return "the local store failed (\(reason)); check that the data directory is readable and writable"
    }
  }

  /// Same as `userMessage`.
  public var description: String { userMessage }
}
