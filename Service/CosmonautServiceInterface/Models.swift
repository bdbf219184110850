import FoundationEssentials
import Localization

/// The cosmonaut's own profile, stored on board. Fields are empty strings while unset.
public struct CosmonautProfile: Codable, Sendable, Equatable {
  /// Full name, e.g. "Valentina Orlova".
  public var name: String
  /// Space agency, e.g. "Roscosmos".
  public var agency: String
  /// Role on board, e.g. "Flight engineer".
  public var role: String
  /// Mission or expedition, e.g. "Expedition 74".
  public var mission: String

  /// Creates a profile; omitted fields are unset (empty).
  public init(name: String = "", agency: String = "", role: String = "", mission: String = "") {
    self.name = name
    self.agency = agency
    self.role = role
    self.mission = mission
  }

  /// A profile with every field unset.
  public static let empty = CosmonautProfile()

  /// A complete example profile for previews and fakes.
  public static let sample = CosmonautProfile(
    // untranslated: sample data
    name: "Valentina Orlova", agency: "Roscosmos", role: "Flight engineer", mission: "Expedition 74")
}

/// A change to the profile: `nil` keeps a field as it is, a value replaces it (after validation).
public struct ProfileUpdate: Sendable, Hashable {
  /// New name, or `nil` to keep the current one.
  public var name: String?
  /// New agency, or `nil` to keep the current one.
  public var agency: String?
  /// New role, or `nil` to keep the current one.
  public var role: String?
  /// New mission, or `nil` to keep the current one.
  public var mission: String?

  /// Creates an update; omitted fields are kept.
  public init(name: String? = nil, agency: String? = nil, role: String? = nil, mission: String? = nil) {
    self.name = name
    self.agency = agency
    self.role = role
    self.mission = mission
  }

  /// True when the update changes no field.
  public var isEmpty: Bool { name == nil && agency == nil && role == nil && mission == nil }
}

/// What a supply item is for.
public enum SupplyCategory: String, Codable, Sendable, CaseIterable {
  case food, water, oxygen, medical, hygiene, equipment
}

/// One line of the station's supplies inventory.
public struct SupplyItem: Codable, Sendable, Equatable, Identifiable {
  /// Stable lowercase identifier used on the command line, e.g. "water".
  public var id: String
  /// Human-readable name, e.g. "Drinking water".
  public var name: String
  /// What the item is for.
  public var category: SupplyCategory
  /// Amount in stock, never negative.
  public var quantity: Int
  /// Unit of `quantity`, e.g. "L" or "rations".
  public var unit: String
  /// At or below this quantity the item counts as low.
  public var lowStockThreshold: Int

  /// Creates an inventory line.
  public init(id: String, name: String, category: SupplyCategory, quantity: Int, unit: String, lowStockThreshold: Int) {
    self.id = id
    self.name = name
    self.category = category
    self.quantity = quantity
    self.unit = unit
    self.lowStockThreshold = lowStockThreshold
  }

  /// True when the stock is at or below the low-stock threshold.
  public var isLow: Bool { quantity <= lowStockThreshold }

  /// The inventory a station starts with (the store is seeded with it on first use).
  public static let defaultInventory: [SupplyItem] = [
    SupplyItem(
      // untranslated: stored data; screens show the name from their tables
      id: "food", name: "Food rations", category: .food, quantity: 180, unit: "rations", lowStockThreshold: 42),
    // untranslated: stored data; screens show the name from their tables
    SupplyItem(id: "water", name: "Drinking water", category: .water, quantity: 400, unit: "L", lowStockThreshold: 80),
    SupplyItem(
      // untranslated: stored data; screens show the name from their tables
      id: "oxygen", name: "Oxygen canisters", category: .oxygen, quantity: 24, unit: "canisters", lowStockThreshold: 6),
    SupplyItem(
      // untranslated: stored data; screens show the name from their tables
      id: "nitrogen", name: "Nitrogen tanks", category: .oxygen, quantity: 8, unit: "tanks", lowStockThreshold: 2),
    SupplyItem(
      // untranslated: stored data; screens show the name from their tables
      id: "medical", name: "Medical kits", category: .medical, quantity: 6, unit: "kits", lowStockThreshold: 2),
    SupplyItem(
      // untranslated: stored data; screens show the name from their tables
      id: "hygiene", name: "Hygiene kits", category: .hygiene, quantity: 30, unit: "kits", lowStockThreshold: 6),
    SupplyItem(
      // untranslated: stored data; screens show the name from their tables
      id: "scrubbers", name: "CO2 scrubber cartridges", category: .equipment, quantity: 12, unit: "cartridges",
      lowStockThreshold: 3),
  ]
}

/// Where the station is, as mission control computes it.
public struct StationPosition: Codable, Sendable, Equatable {
  /// Degrees north (negative = south), -90...90.
  public var latitude: Double
  /// Degrees east (negative = west), -180...180.
  public var longitude: Double
  /// Altitude above the surface in kilometres.
  public var altitudeKm: Double
  /// Orbital speed in kilometres per second.
  public var speedKmPerSecond: Double
  /// When the position was computed.
  public var timestamp: Date

  /// Creates a position.
  public init(latitude: Double, longitude: Double, altitudeKm: Double, speedKmPerSecond: Double, timestamp: Date) {
    self.latitude = latitude
    self.longitude = longitude
    self.altitudeKm = altitudeKm
    self.speedKmPerSecond = speedKmPerSecond
    self.timestamp = timestamp
  }

  /// An example position (2026-11-22T05:00:00Z) for previews and fakes.
  public static let sample = StationPosition(
    latitude: 51.6, longitude: -12.3, altitudeKm: 420.1, speedKmPerSecond: 7.66,
    timestamp: Date(timeIntervalSince1970: 1_795_323_600))
}

/// A station position and whether it is fresh from mission control.
public struct PositionReading: Sendable, Equatable {
  /// The position.
  public var position: StationPosition
  /// True when mission control just answered; false when this is the last known (cached) value.
  public var isLive: Bool
  /// Why mission control's position was not used (unreachable, too slow, answered 500, …); nil
  /// when live or when no mission control is configured.
  public var offlineReason: LocalizedText?

  /// Creates a reading.
  public init(position: StationPosition, isLive: Bool, offlineReason: LocalizedText? = nil) {
    self.position = position
    self.isLive = isLive
    self.offlineReason = offlineReason
  }
}
