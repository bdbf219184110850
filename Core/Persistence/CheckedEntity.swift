import Localization

/// A value the store checks each time it reads one (`get`, `all`, inside and outside a
/// transaction): a value that cannot be right (a negative stock, a date before the mission) is
/// refused with `PersistenceError.impossibleValue` — one line naming the store's file, the value
/// and why, and how to recover — instead of being acted on (advice to "consume at most -5").
///
/// ```swift
/// extension SupplyItem: CheckedEntity {
///   var impossibility: LocalizedText? { quantity < 0 ? Strings.negativeStock(quantity) : nil }
/// }
/// ```
///
/// A check that needs more than one value is the owner's: `EntityStore.impossibleValue(_:in:key:)`
/// (or the transaction's) makes the same error.
public protocol CheckedEntity {
  /// Why this value cannot be right, in the reader's language; nil when it can be.
  var impossibility: LocalizedText? { get }
}

/// A list is checked value by value (an inventory stored as one list of items): the first
/// element's impossibility is the list's.
extension Array: CheckedEntity where Element: CheckedEntity {
  public var impossibility: LocalizedText? {
    for element in self { if let reason = element.impossibility { return reason } }
    return nil
  }
}
