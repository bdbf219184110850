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
  /// Houston could not be reached or refused the delivery; the value says why.
  case houstonUnreachable(String)
  /// Houston refused the client's token (HTTP 401 or 403).
  case houstonRefusedToken(status: Int)
  /// A restock would take the stock past what can be counted; nothing was changed.
  case stockOverflow(item: String)
  /// No station position was ever received and Houston cannot be asked now.
  case noPositionYet
  /// Houston answered with something this client cannot read; the value says what and where.
  case invalidResponse(String)
  /// The local store failed; the value says how.
  case storage(String)

  /// The kind an app maps to an exit code.
  public var kind: ErrorKind {
    switch self {
    case .unknownItem, .invalidQuantity, .invalidProfile: .usage
    case .insufficientStock, .stockOverflow: .rejected
    case .houstonNotConfigured, .houstonUnreachable, .houstonRefusedToken, .noPositionYet: .unavailable
    case .invalidResponse, .storage: .internal
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
      return "cannot reach Houston (\(reason)); check that Houston is running and the URL and token are right, "
        + "then sync again (changes stay queued)"
    case .houstonRefusedToken(let status):
      return "Houston refused the token (HTTP \(status)); use the token Houston expects, then sync again "
        + "(changes stay queued)"
    case .stockOverflow(let item):
      return "restocking \(item) by that much would overflow the stock count; restock a smaller quantity"
    case .noPositionYet:
      return "no station position known yet; connect to Houston once (set its URL and token) to receive one"
    case .invalidResponse(let reason):
      return "Houston sent an answer this client cannot read (\(reason)); check that the Houston URL points to Houston"
    case .storage(let reason):
      return "the local store failed (\(reason)); check the data directory is writable and not corrupted"
    }
  }

  /// Same as `userMessage`.
  public var description: String { userMessage }
}
