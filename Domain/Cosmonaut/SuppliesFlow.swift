import CosmonautServiceInterface
import Localization
import UIComponents

/// The supplies inventory: list, consume, restock, with low-stock warnings.
@MainActor
final class SuppliesFlow {
  /// Which way a change goes.
  enum Change {
    case consume, restock
  }

  private let context: FlowContext
  private let client: any CosmonautClient

  init(context: FlowContext, client: any CosmonautClient) {
    self.context = context
    self.client = client
  }

  /// Prints the inventory (text or JSON).
  func list() async throws {
    let items = try await client.supplies()
    if context.json {
      try context.printJSON(items)
    } else {
      context.terminal.print(SuppliesScreen.render(items, theme: context.theme, translator: context.translator))
    }
  }

  /// Consumes or restocks `quantity` of `item` (an id or a name, any case) and prints the result.
  func change(_ change: Change, item given: String, quantity: Int) async throws {
    let item = Self.identifier(of: given, in: try await client.supplies())
    let updated =
      switch change {
      case .consume: try await client.consume(item, quantity: quantity)
      case .restock: try await client.restock(item, quantity: quantity)
      }
    try report(updated, change: change == .consume ? -quantity : quantity)
  }

  /// The inventory screen: a table, then consume / restock / back until the user leaves.
  func runInteractive() async {
    let client = client
    let (theme, translator) = (context.theme, context.translator)
    let screen = InteractiveScreen(
      menu: Menu(
        title: translator(Strings.suppliesTitle),
        items: [
          .init(key: "c", title: translator(Strings.suppliesConsume)),
          .init(key: "r", title: translator(Strings.suppliesRestock)),
          .init(key: "b", title: translator(Strings.commonBack)),
        ]),
      load: { try await client.supplies() },
      render: { SuppliesScreen.render($0, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, items in
      switch choice.key {
      case "c": await ask(.consume, items: items)
      case "r": await ask(.restock, items: items)
      default: return .leave
      }
      return .stay
    }
  }

  /// Asks which item and how much, then consumes or restocks it. An empty answer, Ctrl-D or Ctrl-C
  /// goes back to the inventory.
  private func ask(_ change: Change, items: [SupplyItem]) async {
    let choices = change == .consume ? items.filter { $0.quantity > 0 } : items
    guard !choices.isEmpty else {
      context.terminal.print(context.theme.apply(.warning, to: context.translator(Strings.suppliesAllOut)))
      return
    }
    let ids = choices.map(\.id).joined(separator: ", ")
    let itemPrompt = Prompt<SupplyItem>(Strings.suppliesItemPrompt(ids: ids), emptyAnswerCancels: true) { answer in
      let id = Self.identifier(of: answer, in: items)
      if let item = choices.first(where: { $0.id == id }) {
        return .success(item)
      }
      if let empty = items.first(where: { $0.id == id }) {
        return .failure(ValidationError(Strings.suppliesOutOfStock(name: CosmonautTexts.name(of: empty), ids: ids)))
      }
      return .failure(ValidationError(Strings.suppliesNoItem(answer: answer, ids: ids)))
    }
    guard let item = itemPrompt.ask(on: context.terminal) else { return }
    let unit = CosmonautTexts.unit(item.unit)
    let question =
      change == .consume
      ? Strings.suppliesConsumePrompt(unit: unit, stock: item.quantity)
      : Strings.suppliesRestockPrompt(unit: unit, stock: item.quantity)
    let quantityPrompt = Prompt<Int>(question, emptyAnswerCancels: true) { answer in
      guard let value = Int(answer.trimmingWhitespace()), value > 0 else {
        return .failure(ValidationError(Strings.suppliesWholeNumber))
      }
      if value > SuppliesRules.maximumChange {
        return .failure(ValidationError(Strings.suppliesAtMost(maximum: SuppliesRules.maximumChange)))
      }
      if change == .consume && value > item.quantity {
        return .failure(ValidationError(Strings.suppliesOnlyInStock(quantity: item.quantity, unit: unit)))
      }
      return .success(value)
    }
    guard let quantity = quantityPrompt.ask(on: context.terminal) else { return }
    await context.presentingErrors {
      try await self.change(change, item: item.id, quantity: quantity)
    }
  }

  private func report(_ item: SupplyItem, change: Int) throws {
    context.analytics.track("supplies.changed", ["item": item.id, "change": String(change)])
    if context.json {
      try context.printJSON(item)
    } else {
      context.terminal.print(
        Self.summary(of: item, change: change, theme: context.theme, translator: context.translator))
    }
  }

  static func summary(of item: SupplyItem, change: Int, theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.supplies)
    let (name, unit) = (CosmonautTexts.name(of: item), CosmonautTexts.unit(item.unit))
    var text = translator(
      change < 0
        ? Strings.suppliesConsumed(quantity: abs(change), unit: unit, name: name, left: item.quantity)
        : Strings.suppliesRestocked(quantity: abs(change), unit: unit, name: name, left: item.quantity))
    if item.isLow {
      text +=
        "\n"
        + theme.apply(
          .warning, to: translator(Strings.suppliesLow(name: name, threshold: item.lowStockThreshold, unit: unit)))
    }
    return text
  }

  /// The item's identifier for what the user typed: its id or its name, in any case
  /// (`WATER`, `"drinking water"`); unknown text is passed on for the service to refuse.
  static func identifier(of given: String, in items: [SupplyItem]) -> String {
    let wanted = given.trimmingWhitespace().lowercased()
    return items.first { $0.id.lowercased() == wanted || $0.name.lowercased() == wanted }?.id ?? given
  }
}

/// Limits the supplies flows enforce before the service sees a change.
enum SuppliesRules {
  /// The most one consume or restock may move: more is a typo, not a delivery.
  static let maximumChange = 1_000_000
}

/// Renders the inventory as a table with a status column.
enum SuppliesScreen {
  static func render(_ items: [SupplyItem], theme: Theme, translator: Translator) -> String {
    let theme = theme.screen(.supplies)
    let rows = items.map { item in
      [
        item.id, translator(CosmonautTexts.name(of: item)), translator(CosmonautTexts.name(of: item.category)),
        translator.number(item.quantity), translator(CosmonautTexts.unit(item.unit)),
        item.isLow
          ? theme.apply(.warning, to: translator(Strings.suppliesStatusLow(threshold: item.lowStockThreshold)))
          : theme.apply(.ok, to: translator(Strings.suppliesStatusOk)),
      ]
    }
    let headers = [
      Strings.suppliesHeaderId, Strings.suppliesHeaderItem, Strings.suppliesHeaderCategory,
      Strings.suppliesHeaderQuantity, Strings.suppliesHeaderUnit, Strings.suppliesHeaderStatus,
    ]
    let table = Table(
      headers: headers.map { translator($0) }, rows: rows, alignments: [.left, .left, .left, .right, .left, .left])
    let low = items.filter(\.isLow)
    var text = theme.apply(.title, to: translator(Strings.suppliesTitle)) + "\n" + table.render(theme)
    if !low.isEmpty {
      let names = CosmonautTexts.list(low.map { CosmonautTexts.name(of: $0) })
      text += "\n" + theme.apply(.warning, to: translator(Strings.suppliesLowList(names: names)))
    }
    return text
  }
}

extension String {
  /// The string without leading and trailing white space.
  func trimmingWhitespace() -> String {
    var text = Substring(self)
    while let first = text.first, first.isWhitespace { text.removeFirst() }
    while let last = text.last, last.isWhitespace { text.removeLast() }
    return String(text)
  }
}
