import Localization

// What a stored value can never be, whoever wrote it: a store that holds such a value is refused
// with the reason, never acted on (advice to "consume at most -5").

extension SupplyItem {
  /// Why `items`, as an inventory, cannot be right — an item without an id, one listed twice (ids
  /// match case-insensitively), a stock or low-stock threshold below zero — nil when it can be.
  public static func impossibility(of items: [SupplyItem]) -> LocalizedText? {
    var seen: Set<String> = []
    for item in items {
      if item.id.isEmpty { return Strings.impossibleItemWithoutId }
      if !seen.insert(item.id.lowercased()).inserted { return Strings.impossibleRepeatedItem(item: item.id) }
      if item.quantity < 0 { return Strings.impossibleNegativeStock(item: item.id, quantity: String(item.quantity)) }
      if item.lowStockThreshold < 0 {
        return Strings.impossibleNegativeThreshold(item: item.id, threshold: String(item.lowStockThreshold))
      }
    }
    return nil
  }
}

extension StationPosition {
  /// Why this position cannot be right (a latitude beyond ±90°, a longitude beyond ±180°, or a
  /// value that is not a number), nil when it can be.
  public var impossibility: LocalizedText? {
    let values = [latitude, longitude, altitudeKm, speedKmPerSecond]
    guard values.allSatisfy(\.isFinite), abs(latitude) <= 90, abs(longitude) <= 180 else {
      return Strings.impossiblePosition(latitude: String(latitude), longitude: String(longitude))
    }
    return nil
  }
}
