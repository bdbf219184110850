import CosmonautService
import UIComponents

/// The supplies inventory: list, consume, restock, with low-stock warnings.
@MainActor
final class SuppliesFlow {
  private let environment: FlowEnvironment
  private let client: any CosmonautClient
  private(set) var state: LoadState<[SupplyItem]> = .loading

  private static let consumeUsage = "cosmonaut supplies consume ITEM QUANTITY"
  private static let restockUsage = "cosmonaut supplies restock ITEM QUANTITY"

  init(environment: FlowEnvironment, client: any CosmonautClient) {
    self.environment = environment
    self.client = client
  }

  func load() async {
    state = await LoadState.capture { try await client.supplies() }
  }

  /// `supplies`, `supplies/list`, `supplies/consume?item=…&quantity=…`, `supplies/restock?…`.
  func open(_ link: DeepLink) async throws -> Bool {
    switch (link.head, environment.context.presentation) {
    case (nil, .interactive), ("list", .interactive):
      await runInteractive()
    case (nil, .once(let json)), ("list", .once(let json)):
      let items = try await client.supplies()
      if json {
        try environment.printJSON(items)
      } else {
        environment.terminal.print(SuppliesScreen.render(items, theme: environment.theme))
      }
    case ("consume", .once(let json)):
      let (item, quantity) = try Self.arguments(of: link, usage: Self.consumeUsage)
      try report(try await client.consume(item, quantity: quantity), change: -quantity, json: json)
    case ("restock", .once(let json)):
      let (item, quantity) = try Self.arguments(of: link, usage: Self.restockUsage)
      try report(try await client.restock(item, quantity: quantity), change: quantity, json: json)
    case ("consume", .interactive), ("restock", .interactive):
      await load()
      await change(consuming: link.head == "consume")
      await runInteractive()
    default:
      return false
    }
    return true
  }

  /// The inventory screen: a table, then consume / restock / back until the user leaves.
  func runInteractive() async {
    let terminal = environment.terminal
    while true {
      await load()
      switch state {
      case .loading: return
      case .failed(let error): environment.present(error); return
      case .loaded(let items): terminal.print(SuppliesScreen.render(items, theme: environment.theme))
      }
      let menu = Menu(
        title: "Supplies",
        items: [
          .init(key: "c", title: "Consume"), .init(key: "r", title: "Restock"), .init(key: "b", title: "Back"),
        ])
      guard let choice = menu.choose(on: terminal) else { return }
      switch choice.key {
      case "c": await change(consuming: true)
      case "r": await change(consuming: false)
      default: return
      }
    }
  }

  /// Asks which item and how much, then consumes or restocks it.
  private func change(consuming: Bool) async {
    guard let items = state.value else { return }
    let itemPrompt = Prompt<SupplyItem>("Item (\(items.map(\.id).joined(separator: ", "))): ") { answer in
      let wanted = answer.trimmingWhitespace().lowercased()
      if let item = items.first(where: { $0.id.lowercased() == wanted || $0.name.lowercased() == wanted }) {
        return .success(item)
      }
      return .failure(ValidationError("no item \"\(answer)\"; pick one of: \(items.map(\.id).joined(separator: ", "))"))
    }
    guard let item = itemPrompt.ask(on: environment.terminal) else { return }
    let verb = consuming ? "consume" : "restock"
    let quantityPrompt = Prompt<Int>("Quantity to \(verb) (\(item.unit), \(item.quantity) in stock): ") { answer in
      guard let value = Int(answer.trimmingWhitespace()), value > 0 else {
        return .failure(ValidationError("enter a whole number greater than zero"))
      }
      if consuming && value > item.quantity {
        return .failure(ValidationError("only \(item.quantity) \(item.unit) in stock; enter at most \(item.quantity)"))
      }
      return .success(value)
    }
    guard let quantity = quantityPrompt.ask(on: environment.terminal) else { return }
    do {
      let updated =
        consuming
        ? try await client.consume(item.id, quantity: quantity) : try await client.restock(item.id, quantity: quantity)
      environment.terminal.print(
        Self.summary(of: updated, change: consuming ? -quantity : quantity, theme: environment.theme))
    } catch {
      environment.present(error)
    }
  }

  private func report(_ item: SupplyItem, change: Int, json: Bool) throws {
    environment.analytics.track("supplies.changed", ["item": item.id, "change": String(change)])
    if json {
      try environment.printJSON(item)
    } else {
      environment.terminal.print(Self.summary(of: item, change: change, theme: environment.theme))
    }
  }

  static func summary(of item: SupplyItem, change: Int, theme: Theme) -> String {
    let verb = change < 0 ? "Consumed" : "Restocked"
    var text = "\(verb) \(abs(change)) \(item.unit) of \(item.name); \(item.quantity) \(item.unit) left."
    if item.isLow {
      text +=
        "\n"
        + theme.apply(.warning, to: "Low stock: \(item.name) is at or below \(item.lowStockThreshold) \(item.unit).")
    }
    return text
  }

  static func arguments(of link: DeepLink, usage: String) throws -> (item: String, quantity: Int) {
    guard let item = link.parameters["item"], !item.isEmpty else {
      throw CosmonautFlowError.missingArgument(name: "ITEM", usage: usage)
    }
    guard let text = link.parameters["quantity"] else {
      throw CosmonautFlowError.missingArgument(name: "QUANTITY", usage: usage)
    }
    guard let quantity = Int(text), quantity > 0 else {
      throw CosmonautFlowError.invalidArgument(
        name: "QUANTITY", value: text, expected: "a whole number greater than zero")
    }
    return (item, quantity)
  }
}

/// Renders the inventory as a table with a status column.
enum SuppliesScreen {
  static func render(_ items: [SupplyItem], theme: Theme) -> String {
    let rows = items.map { item in
      [
        item.id, item.name, item.category.rawValue, String(item.quantity), item.unit,
        item.isLow ? theme.apply(.warning, to: "LOW (≤ \(item.lowStockThreshold))") : theme.apply(.ok, to: "ok"),
      ]
    }
    let table = Table(
      headers: ["ID", "Item", "Category", "Quantity", "Unit", "Status"], rows: rows,
      alignments: [.left, .left, .left, .right, .left, .left])
    let low = items.filter(\.isLow)
    var text = theme.apply(.title, to: "Supplies") + "\n" + table.render(theme)
    if !low.isEmpty {
      text += "\n" + theme.apply(.warning, to: "Low stock: " + low.map(\.name).joined(separator: ", "))
    }
    return text
  }
}

extension String {
  func trimmingWhitespace() -> String {
    var text = Substring(self)
    while let first = text.first, first.isWhitespace { text.removeFirst() }
    while let last = text.last, last.isWhitespace { text.removeLast() }
    return String(text)
  }
}
