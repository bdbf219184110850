import CosmonautServiceInterface
import Localization
import UIComponents

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

  /// The line after a change: how much was consumed or restocked, what is left, and a warning when
  /// the item is low.
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
}
