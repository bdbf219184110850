import Localization
import UIComponents

/// The dashboard's choices, in menu order (the sync entry is titled with the control centre's name).
enum DashboardChoice: String, CaseIterable {
  case profile = "p", supplies = "s", sync = "y", refresh = "r", back = "b"

  /// What the choice says, with `center`'s name in the sync entry.
  func title(center: LocalizedText) -> LocalizedText {
    switch self {
    case .profile: Strings.dashboardMenuProfile
    case .supplies: Strings.dashboardMenuSupplies
    case .sync: Strings.dashboardMenuSync(center: center)
    case .refresh: Strings.dashboardMenuRefresh
    case .back: Strings.commonBack
    }
  }
}

/// The profile screen's choices, in menu order.
enum ProfileChoice: String, MenuChoice, CaseIterable {
  case edit = "e", back = "b"

  var title: LocalizedText {
    switch self {
    case .edit: Strings.profileEdit
    case .back: Strings.commonBack
    }
  }
}

/// The inventory screen's choices, in menu order.
enum SuppliesChoice: String, MenuChoice, CaseIterable {
  case consume = "c", restock = "r", back = "b"

  var title: LocalizedText {
    switch self {
    case .consume: Strings.suppliesConsume
    case .restock: Strings.suppliesRestock
    case .back: Strings.commonBack
    }
  }
}

/// The sync screen's choices, in menu order.
enum SyncChoice: String, MenuChoice, CaseIterable {
  case syncNow = "s", retry = "r", discard = "d", back = "b"

  var title: LocalizedText {
    switch self {
    case .syncNow: Strings.syncNow
    case .retry: Strings.syncRetry
    case .discard: Strings.syncDiscard
    case .back: Strings.commonBack
    }
  }
}
