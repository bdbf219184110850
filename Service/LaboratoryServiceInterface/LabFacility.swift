import FoundationEssentials
import Localization

/// One of the station's four laboratory modules.
public enum LabModule: String, Codable, Sendable, CaseIterable {
  case destiny, columbus, kibo, nauka

  /// The name crews use, e.g. `Destiny (US Lab)`.
  public var displayName: String {
    switch self {
    case .destiny: "Destiny (US Lab)"  // untranslated: equipment names
    case .columbus: "Columbus (ESA)"  // untranslated: equipment names
    case .kibo: "Kibo (JEM)"  // untranslated: equipment names
    case .nauka: "Nauka (MLM)"  // untranslated: equipment names
    }
  }
}

/// A research rack: a facility in a lab module's rack bay.
public struct Rack: Codable, Sendable, Equatable {
  /// Its id on the command line, e.g. `msg`.
  public var id: String
  /// Its name, e.g. `Microgravity Science Glovebox`.
  public var name: String
  /// The module it stands in.
  public var module: LabModule
  /// What it draws when operating, W.
  public var nominalPowerWatts: Double
  /// The most its power feed allows, W.
  public var powerLimitWatts: Double

  /// A rack.
  public init(id: String, name: String, module: LabModule, nominalPowerWatts: Double, powerLimitWatts: Double) {
    self.id = id
    self.name = name
    self.module = module
    self.nominalPowerWatts = nominalPowerWatts
    self.powerLimitWatts = powerLimitWatts
  }

  /// The racks of the four labs, in module order.
  public static let all: [Rack] = [
    // untranslated: equipment names
    Rack(id: "express-1", name: "EXPRESS Rack 1", module: .destiny, nominalPowerWatts: 1_200, powerLimitWatts: 2_000),
    Rack(
      // untranslated: equipment names
      id: "msg", name: "Microgravity Science Glovebox", module: .destiny, nominalPowerWatts: 900,
      powerLimitWatts: 1_500),
    Rack(
      // untranslated: equipment names
      id: "cir", name: "Combustion Integrated Rack", module: .destiny, nominalPowerWatts: 2_100,
      powerLimitWatts: 3_000),
    // untranslated: equipment names
    Rack(id: "biolab", name: "Biolab", module: .columbus, nominalPowerWatts: 1_100, powerLimitWatts: 1_800),
    Rack(
      // untranslated: equipment names
      id: "fsl", name: "Fluid Science Laboratory", module: .columbus, nominalPowerWatts: 800, powerLimitWatts: 1_400),
    Rack(
      // untranslated: equipment names
      id: "saibo", name: "Saibo (Cell Biology Experiment Facility)", module: .kibo, nominalPowerWatts: 700,
      powerLimitWatts: 1_200),
    // untranslated: equipment names
    Rack(id: "express-4", name: "EXPRESS Rack 4", module: .kibo, nominalPowerWatts: 1_000, powerLimitWatts: 2_000),
    Rack(id: "glovebox-s", name: "Glovebox-S", module: .nauka, nominalPowerWatts: 400, powerLimitWatts: 800),
  ]

  /// The rack with `id`, if there is one.
  public static func named(_ id: String) -> Rack? { all.first { $0.id == id } }
}

/// The temperature a sample must be kept at: the set points of the station's cold stowage.
public enum StorageTemperature: String, Codable, Sendable, CaseIterable {
  case minus80 = "-80", minus26 = "-26", plus4 = "+4"

  /// The set point, °C.
  public var celsius: Double {
    switch self {
    case .minus80: -80
    case .minus26: -26
    case .plus4: 4
    }
  }

  /// How far a freezer may drift above (and, for +4 °C, below) its set point before the samples in
  /// it are at risk, °C.
  public var tolerance: Double {
    switch self {
    case .minus80: 10
    case .minus26: 6
    case .plus4: 4
    }
  }

  /// `−80 °C`.
  public var label: String { "\(rawValue.replacingEvery("-", with: "−")) °C" }
}

/// A cold stowage unit: a freezer or refrigerator with a set point and slots for sample boxes.
public struct Freezer: Codable, Sendable, Equatable {
  /// Its id on the command line, e.g. `melfi-1`.
  public var id: String
  /// Its name.
  public var name: String
  /// The module it stands in.
  public var module: LabModule
  /// What it keeps its samples at.
  public var storage: StorageTemperature
  /// How many sample boxes it holds.
  public var slots: Int

  /// A freezer.
  public init(id: String, name: String, module: LabModule, storage: StorageTemperature, slots: Int) {
    self.id = id
    self.name = name
    self.module = module
    self.storage = storage
    self.slots = slots
  }

  /// The station's cold stowage.
  public static let all: [Freezer] = [
    Freezer(id: "melfi-1", name: "MELFI-1 dewar 1", module: .kibo, storage: .minus80, slots: 8),
    Freezer(id: "melfi-2", name: "MELFI-2 dewar 2", module: .destiny, storage: .minus26, slots: 6),
    // untranslated: equipment names
    Freezer(id: "merlin", name: "MERLIN refrigerator", module: .destiny, storage: .plus4, slots: 4),
    Freezer(id: "kriogem", name: "Kriogem-03M", module: .nauka, storage: .plus4, slots: 3),
  ]

  /// The freezer with `id`, if there is one.
  public static func named(_ id: String) -> Freezer? { all.first { $0.id == id } }

  /// Whether `temperature` puts the samples in this freezer at risk.
  public func isExcursion(_ temperature: Double) -> Bool {
    let high = storage.celsius + storage.tolerance
    let low = storage == .plus4 ? storage.celsius - storage.tolerance : -273
    return temperature > high || temperature < low
  }
}
