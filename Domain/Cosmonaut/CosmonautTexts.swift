import CosmonautServiceInterface
import Localization
import MissionControlInterface

/// The words the Cosmonaut domain shows for the service's names: mission control centres, supply
/// items, units and categories, in the reader's language. Names the tables do not know (a
/// centre or an item added later) are shown as the service gives them.
enum CosmonautTexts {
  /// The centre's name: "Houston" / "Хьюстон", "TsUP" / "ЦУП".
  static func name(of center: ControlCenter) -> LocalizedText { center.localizedName }

  /// The item's name: "Drinking water" / "Питьевая вода".
  static func name(of item: SupplyItem) -> LocalizedText {
    guard SupplyItem.defaultInventory.contains(where: { $0.id == item.id && $0.name == item.name }) else {
      return .verbatim(item.name)
    }
    switch item.id {
    case "food": return Strings.itemFood
    case "water": return Strings.itemWater
    case "oxygen": return Strings.itemOxygen
    case "nitrogen": return Strings.itemNitrogen
    case "medical": return Strings.itemMedical
    case "hygiene": return Strings.itemHygiene
    case "scrubbers": return Strings.itemScrubbers
    default: return .verbatim(item.name)
    }
  }

  /// The unit's abbreviation or word: "L" / "л", "kits" / "шт.".
  static func unit(_ unit: String) -> LocalizedText {
    switch unit {
    case "rations": Strings.unitRations
    case "L": Strings.unitLitres
    case "canisters": Strings.unitCanisters
    case "tanks": Strings.unitTanks
    case "kits": Strings.unitKits
    case "cartridges": Strings.unitCartridges
    default: .verbatim(unit)
    }
  }

  /// The category's word: "water" / "вода".
  static func name(of category: SupplyCategory) -> LocalizedText {
    switch category {
    case .food: Strings.categoryFood
    case .water: Strings.categoryWater
    case .oxygen: Strings.categoryOxygen
    case .medical: Strings.categoryMedical
    case .hygiene: Strings.categoryHygiene
    case .equipment: Strings.categoryEquipment
    }
  }

  /// A profile field's name as `ProfileUpdate.fieldNames` gives it: "name" / "имя".
  static func field(_ name: String) -> LocalizedText {
    switch name {
    case "name": Strings.fieldName
    case "agency": Strings.fieldAgency
    case "role": Strings.fieldRole
    case "mission": Strings.fieldMission
    default: .verbatim(name)
    }
  }

  /// `texts` joined with the language's list separator.
  static func list(_ texts: [LocalizedText]) -> LocalizedText {
    .joined(texts, separator: ", ")
  }
}
