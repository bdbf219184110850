import CommandLineKit
import CosmonautInterface
import CosmonautServiceInterface
import Localization
import MissionControlInterface
import Navigation
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
    CommandGroup("profile", abstract: Strings.groupProfile),
    CommandGroup("supplies", abstract: Strings.groupSupplies),
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
  static let name = profileField("name", Strings.helpName)
  static let agency = profileField("agency", Strings.helpAgency)
  static let role = profileField("role", Strings.helpRole)
  static let mission = profileField("mission", Strings.helpMission)
  static let item = Argument(
    "item", .text(maximumLength: 80, suggestions: SupplyItem.defaultInventory.map(\.id)),
    help: Strings.helpItem(items: LocalizedText.joined(values: SupplyItem.defaultInventory.map(\.id), separator: ", ")))
  static let quantity = Argument(
    "quantity", .integer(in: 1...SuppliesRules.maximumChange), help: Strings.helpQuantity)

  static let key = Argument(
    "key", .text(maximumLength: 36),
    help: Strings.helpKey)

  private static func profileField(_ name: String, _ help: LocalizedText) -> Option<String> {
    Option(name, .text(maximumLength: ProfileUpdate.maximumFieldLength), placeholder: name, help: help)
  }

  // Commands.
  static let dashboardCommand = Command(
    "dashboard", aliases: ["cosmonaut"],
    abstract: Strings.commandDashboard,
    json: true
  ) { _ in CosmonautRoute.dashboard }
  // untranslated: command words
  static let profileShow = Command("profile show", abstract: Strings.commandProfileShow, json: true) { _ in
    CosmonautRoute.profile
  }
  static let profileSet = Command(
    "profile set", abstract: Strings.commandProfileSet,  // untranslated: command words
    discussion: Strings.commandProfileSetDiscussion,
    parameters: [name, agency, role, mission], json: true
  ) { values in
    let update = ProfileUpdate(
      name: values[name], agency: values[agency], role: values[role], mission: values[mission])
    guard !update.isEmpty else {
      throw UsageError(Strings.errorNothingToChange)
    }
    return CosmonautRoute.updateProfile(update)
  }
  static let suppliesList = Command(
    "supplies list", abstract: Strings.commandSuppliesList, json: true  // untranslated: command words
  ) { _ in CosmonautRoute.supplies }
  static let suppliesConsume = Command(
    "supplies consume", abstract: Strings.commandConsume,  // untranslated: command words
    discussion: Strings.commandConsumeDiscussion, parameters: [item, quantity],
    json: true
  ) { values in CosmonautRoute.consume(item: values[item], quantity: values[quantity]) }
  static let suppliesRestock = Command(
    "supplies restock", abstract: Strings.commandRestock, parameters: [item, quantity],  // untranslated: command words
    json: true
  ) { values in CosmonautRoute.restock(item: values[item], quantity: values[quantity]) }
  static let syncCommand = Command(
    "sync", abstract: Strings.commandSync,
    json: true
  ) { _ in CosmonautRoute.sync }
  static let syncStatusCommand = Command(
    "sync status", abstract: Strings.commandSyncStatus, json: true  // untranslated: command words
  ) { _ in CosmonautRoute.syncStatus }
  static let setAsideCommand = Command(
    "sync set-aside", abstract: Strings.commandSetAside,  // untranslated: command words
    discussion: Strings.commandSetAsideDiscussion,
    json: true
  ) { _ in CosmonautRoute.setAside }
  static let retryCommand = Command(
    "sync retry", abstract: Strings.commandRetry, parameters: [key],  // untranslated: command words
    json: true
  ) { values in CosmonautRoute.retrySetAside(key: values[key]) }
  static let discardCommand = Command(
    "sync discard", abstract: Strings.commandDiscard,  // untranslated: command words
    parameters: [key],
    json: true
  ) { values in CosmonautRoute.discardSetAside(key: values[key]) }
}

// MARK: - Interactive app

extension CosmonautRoute: DomainRoute {
  public static let mainMenu = [
    MenuEntry(Strings.menuCosmonaut, key: "c", choice: CosmonautRoute.dashboard),
    MenuEntry(Strings.menuSupplies, key: "u", choice: CosmonautRoute.supplies),
    MenuEntry(Strings.menuSync, key: "y", choice: CosmonautRoute.sync),
  ]

  public init?(destination: Destination) {
    switch destination {
    case .profile: self = .profile
    case .supplies: self = .supplies
    case .missionControlSync: self = .sync
    default: return nil
    }
  }

  public var change: LocalizedText? {
    switch self {
    case .updateProfile(let update):
      Strings.changeProfile(fields: CosmonautTexts.list(update.fieldNames.map { CosmonautTexts.field($0) }))
    case .consume(let item, let quantity): Strings.changeConsume(quantity: quantity, item: item)
    case .restock(let item, let quantity): Strings.changeRestock(quantity: quantity, item: item)
    case .retrySetAside(let key): Strings.changeRetry(key: key)
    case .discardSetAside(let key): Strings.changeDiscard(key: key)
    case .dashboard, .profile, .supplies, .sync, .syncStatus, .setAside: nil
    }
  }
}
