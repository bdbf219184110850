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
    try context.show(try await client.supplies(), as: SuppliesScreen.render)
  }

  /// Consumes or restocks `quantity` of `item` (an id or a name, any case) and prints the result.
  func change(_ change: Change, item given: String, quantity: Int) async throws {
    let item = SuppliesRules.identifier(of: given, in: try await client.supplies())
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
      menu: Menu<SuppliesChoice>(Strings.suppliesTitle),
      load: { try await client.supplies() },
      render: { SuppliesScreen.render($0, theme: theme, translator: translator) })
    await screen.run(in: context) { choice, items in
      switch choice {
      case .consume: await ask(.consume, items: items)
      case .restock: await ask(.restock, items: items)
      case .back: return .leave
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
    let itemPrompt = Prompt<SupplyItem>(question: { Strings.suppliesItemPrompt(ids: ids, goBack: $0) }) { answer in
      let id = SuppliesRules.identifier(of: answer, in: items)
      if let item = choices.first(where: { $0.id == id }) {
        return .success(item)
      }
      if let empty = items.first(where: { $0.id == id }) {
        return .failure(ValidationError(Strings.suppliesOutOfStock(name: CosmonautTexts.name(of: empty), ids: ids)))
      }
      return .failure(ValidationError(Strings.suppliesNoItem(answer: InertText(answer), ids: ids)))
    }
    guard let item = itemPrompt.ask(on: context.terminal) else { return }
    let unit = CosmonautTexts.unit(item.unit)
    let question = { (goBack: LocalizedText) in
      change == .consume
        ? Strings.suppliesConsumePrompt(unit: unit, stock: item.quantity, goBack: goBack)
        : Strings.suppliesRestockPrompt(unit: unit, stock: item.quantity, goBack: goBack)
    }
    let quantityPrompt = Prompt<Int>(question: question) { answer in
      guard let value = WrittenNumber.integer(answer), value > 0 else {
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
    try context.show(item) { SuppliesScreen.summary(of: $0, change: change, theme: $1, translator: $2) }
  }
}
