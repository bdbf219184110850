import CommandLineKit
import CosmonautServiceInterface
import Localization
import UIComponents

/// Every destination of the Cosmonaut domain, declared once: its command-line words, deep link,
/// help, value constraints and main-menu entries.
///
/// `cosmonaut supplies consume water 2`, `cosmonaut open "supplies/consume?item=water&quantity=2"`
/// and `.consume(item: "water", quantity: 2)` are the same route.
public enum CosmonautRoute: Hashable, Sendable {
  /// Station position, who is aboard, low stock and what waits for mission control.
  case dashboard
  /// The cosmonaut's profile.
  case profile
  /// Change profile fields (those that are not nil).
  case updateProfile(ProfileUpdate)
  /// The supplies inventory.
  case supplies
  /// Take `quantity` of `item` (an id or name) from the inventory.
  case consume(item: String, quantity: Int)
  /// Add `quantity` of `item` (an id or name) to the inventory.
  case restock(item: String, quantity: Int)
  /// Deliver what waits in the outbox to mission control.
  case sync
  /// What waits in the outbox, without contacting mission control.
  case syncStatus
  /// The reports mission control refused for good, with its reasons.
  case setAside
  /// Puts a set-aside report (its key or a prefix only it has) back into the outbox.
  case retrySetAside(key: String)
  /// Deletes a set-aside report for good.
  case discardSetAside(key: String)
}

// MARK: - Command line and deep links

extension CosmonautRoute: CommandRoute {
  public static let commands: [Command<CosmonautRoute>] = [
    dashboardCommand, profileShow, profileSet, suppliesList, suppliesConsume, suppliesRestock, syncCommand,
    syncStatusCommand, setAsideCommand, retryCommand, discardCommand,
  ]

  public static let groups = [
    CommandGroup("profile", abstract: "The cosmonaut's profile: show it or change it."),
    CommandGroup("supplies", abstract: "The supplies inventory: list, consume, restock."),
  ]

  public var invocation: CommandInvocation {
    switch self {
    case .dashboard: Self.dashboardCommand.invocation()
    case .profile: Self.profileShow.invocation()
    case .updateProfile(let update):
      Self.profileSet.invocation(
        Self.name(update.name), Self.agency(update.agency), Self.role(update.role), Self.mission(update.mission))
    case .supplies: Self.suppliesList.invocation()
    case .consume(let item, let quantity): Self.suppliesConsume.invocation(Self.item(item), Self.quantity(quantity))
    case .restock(let item, let quantity): Self.suppliesRestock.invocation(Self.item(item), Self.quantity(quantity))
    case .sync: Self.syncCommand.invocation()
    case .syncStatus: Self.syncStatusCommand.invocation()
    case .setAside: Self.setAsideCommand.invocation()
    case .retrySetAside(let key): Self.retryCommand.invocation(Self.key(key))
    case .discardSetAside(let key): Self.discardCommand.invocation(Self.key(key))
    }
  }

  // Parameters.
  static let name = profileField("name", "Full name, e.g. \"Valentina Orlova\".")
  static let agency = profileField("agency", "Space agency, e.g. Roscosmos.")
  static let role = profileField("role", "Role aboard, e.g. \"Flight engineer\".")
  static let mission = profileField("mission", "Mission or expedition, e.g. \"Expedition 74\".")
  static let item = Argument(
    "item", .text(maximumLength: 80, suggestions: SupplyItem.defaultInventory.map(\.id)),
    help: "The item's id or name, any case: "
      + SupplyItem.defaultInventory.map(\.id).joined(separator: ", ") + " (see 'supplies list').")
  static let quantity = Argument(
    "quantity", .integer(in: 1...SuppliesRules.maximumChange), help: "How much, in the item's unit.")

  static let key = Argument(
    "key", .text(maximumLength: 36),
    help: "The report's key, or its first characters as 'sync set-aside' shows them.")

  private static func profileField(_ name: String, _ help: String) -> Option<String> {
    Option(name, .text(maximumLength: ProfileUpdate.maximumFieldLength), placeholder: name, help: help)
  }

  // Commands.
  static let dashboardCommand = Command(
    "dashboard", aliases: ["cosmonaut"],
    abstract: "Station position, who is aboard, low stock and what waits for mission control.",
    json: true
  ) { _ in CosmonautRoute.dashboard }
  static let profileShow = Command("profile show", abstract: "Show the cosmonaut's profile.", json: true) { _ in
    CosmonautRoute.profile
  }
  static let profileSet = Command(
    "profile set", abstract: "Change profile fields; stored locally and queued for mission control.",
    discussion: "Give at least one field; the others keep their values.",
    parameters: [name, agency, role, mission], json: true
  ) { values in
    let update = ProfileUpdate(
      name: values[name], agency: values[agency], role: values[role], mission: values[mission])
    guard !update.isEmpty else {
      throw UsageError("nothing to change; give at least one of --name, --agency, --role, --mission")
    }
    return CosmonautRoute.updateProfile(update)
  }
  static let suppliesList = Command(
    "supplies list", abstract: "The inventory with quantities, units and low-stock warnings.", json: true
  ) { _ in CosmonautRoute.supplies }
  static let suppliesConsume = Command(
    "supplies consume", abstract: "Take <quantity> of <item> from the inventory; never below zero.",
    discussion: "More than is in stock is refused (exit 65) and nothing changes.", parameters: [item, quantity],
    json: true
  ) { values in CosmonautRoute.consume(item: values[item], quantity: values[quantity]) }
  static let suppliesRestock = Command(
    "supplies restock", abstract: "Add <quantity> of <item> to the inventory.", parameters: [item, quantity],
    json: true
  ) { values in CosmonautRoute.restock(item: values[item], quantity: values[quantity]) }
  static let syncCommand = Command(
    "sync", abstract: "Deliver the outbox to mission control; tells what was delivered and what is pending.",
    json: true
  ) { _ in CosmonautRoute.sync }
  static let syncStatusCommand = Command(
    "sync status", abstract: "What waits in the outbox, without contacting mission control.", json: true
  ) { _ in CosmonautRoute.syncStatus }
  static let setAsideCommand = Command(
    "sync set-aside", abstract: "The reports mission control refused for good, with its reasons.",
    discussion: "Retry one when the cause is fixed ('sync retry <key>'), or discard it ('sync discard <key>').",
    json: true
  ) { _ in CosmonautRoute.setAside }
  static let retryCommand = Command(
    "sync retry", abstract: "Put a set-aside report back into the outbox, at its place.", parameters: [key],
    json: true
  ) { values in CosmonautRoute.retrySetAside(key: values[key]) }
  static let discardCommand = Command(
    "sync discard", abstract: "Delete a set-aside report for good; mission control will never see it.",
    parameters: [key],
    json: true
  ) { values in CosmonautRoute.discardSetAside(key: values[key]) }
}

// MARK: - Interactive app

extension CosmonautRoute: DomainRoute {
  public static let mainMenu = [
    MenuEntry("Cosmonaut", key: "c", route: CosmonautRoute.dashboard),
    MenuEntry("Supplies", key: "u", route: CosmonautRoute.supplies),
    MenuEntry("Sync", key: "y", route: CosmonautRoute.sync),
  ]

  public init?(destination: Destination) {
    switch destination {
    case .profile: self = .profile
    case .supplies: self = .supplies
    case .missionControlSync: self = .sync
    case .spacesuit, .health: return nil
    }
  }

  public var change: LocalizedText? { changeSentence.map { .verbatim($0) } }

  /// What the route changes, in English (until the domain has string tables).
  var changeSentence: String? {
    switch self {
    case .updateProfile(let update):
      let fields = update.fieldNames.joined(separator: ", ")
      return "change the profile's \(fields) and queue the change for mission control."
    case .consume(let item, let quantity): return "take \(quantity) of \(item) from the inventory."
    case .restock(let item, let quantity): return "add \(quantity) of \(item) to the inventory."
    case .retrySetAside(let key): return "put the set-aside report \(key) back into the outbox."
    case .discardSetAside(let key):
      return "delete the set-aside report \(key) for good; mission control will never see it."
    case .dashboard, .profile, .supplies, .sync, .syncStatus, .setAside: return nil
    }
  }
}
