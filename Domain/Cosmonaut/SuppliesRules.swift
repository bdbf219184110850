import CosmonautServiceInterface
import FoundationEssentials
import Localization

/// What the supplies flows decide before the service sees a change: which item a text names, and
/// how much one change may move.
enum SuppliesRules {
  /// The most one consume or restock may move: more is a typo, not a delivery.
  static let maximumChange = 1_000_000

  /// The item's identifier for what the user typed: its id or its name, in any case
  /// (`WATER`, `"drinking water"`); unknown text is passed on for the service to refuse.
  static func identifier(of given: String, in items: [SupplyItem]) -> String {
    let wanted = given.trimmingWhitespace().lowercased()
    return items.first { $0.id.lowercased() == wanted || $0.name.lowercased() == wanted }?.id ?? given
  }
}
