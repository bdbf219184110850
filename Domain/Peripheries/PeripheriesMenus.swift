import Localization
import UIComponents

/// The overview screen's choices, in menu order.
enum OverviewChoice: String, MenuChoice, CaseIterable {
  case refresh = "r", watch = "w", power = "p", thermal = "t", docking = "d", back = "b"

  var title: LocalizedText {
    switch self {
    case .refresh: Strings.menuRefresh
    case .watch: Strings.menuWatch
    case .power: Strings.menuPower
    case .thermal: Strings.menuThermal
    case .docking: Strings.menuDocking
    case .back: Strings.menuBack
    }
  }
}

/// The power screen's choices, in menu order.
enum PowerChoice: String, MenuChoice, CaseIterable {
  case refresh = "r", driveWing = "w", driveJoint = "s", featherNearPort = "f", back = "b"

  var title: LocalizedText {
    switch self {
    case .refresh: Strings.menuRefresh
    case .driveWing: Strings.menuDriveWing
    case .driveJoint: Strings.menuDriveJoint
    case .featherNearPort: Strings.menuFeatherNearPort
    case .back: Strings.menuBack
    }
  }
}

/// The thermal screen's choices, in menu order.
enum ThermalChoice: String, MenuChoice, CaseIterable {
  case refresh = "r", deploy = "d", retract = "x", rotate = "o", back = "b"

  var title: LocalizedText {
    switch self {
    case .refresh: Strings.menuRefresh
    case .deploy: Strings.menuDeploy
    case .retract: Strings.menuRetract
    case .rotate: Strings.menuRotate
    case .back: Strings.menuBack
    }
  }
}

/// The docking screen's choices, in menu order; supplies only where the app shows them.
enum DockingChoice: String, MenuChoice, CaseIterable {
  case refresh = "r", approach = "a", nextStep = "s", undock = "n", supplies = "u", back = "b"

  var title: LocalizedText {
    switch self {
    case .refresh: Strings.menuRefresh
    case .approach: Strings.menuApproach
    case .nextStep: Strings.menuNextStep
    case .undock: Strings.menuUndock
    case .supplies: Strings.menuSupplies
    case .back: Strings.menuBack
    }
  }
}
