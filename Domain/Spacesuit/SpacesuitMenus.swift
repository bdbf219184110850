import Localization
import UIComponents

/// The suit screen's choices, in menu order.
enum SuitChoice: String, MenuChoice, CaseIterable {
  case refresh = "r", temperature = "t", oxygenFlow = "o", lights = "l", watch = "w", health = "h", back = "b"

  var title: LocalizedText {
    switch self {
    case .refresh: Strings.menuRefresh
    case .temperature: Strings.menuSetTemperature
    case .oxygenFlow: Strings.menuSetOxygenFlow
    case .lights: Strings.menuToggleLights
    case .watch: Strings.menuWatch
    case .health: Strings.menuHealthCheck
    case .back: Strings.menuBack
    }
  }
}

/// The Health screen's choices, in menu order; medical supplies only where the app shows them.
enum HealthChoice: String, MenuChoice, CaseIterable {
  case refresh = "r", medicalSupplies = "m", back = "b"

  var title: LocalizedText {
    switch self {
    case .refresh: Strings.menuRefresh
    case .medicalSupplies: Strings.menuMedicalSupplies
    case .back: Strings.menuBack
    }
  }
}
