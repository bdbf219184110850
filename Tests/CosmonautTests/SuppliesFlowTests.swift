import AppAnalytics
import CommandLineKit
import CosmonautServiceFakes
import CosmonautServiceInterface
import MissionControlInterface
import Testing
import UIComponents

@testable import Cosmonaut

@MainActor
@Suite("Supplies")
struct SuppliesFlowTests {
  @Test func listShowsEveryItemWithQuantityAndUnit() async throws {
    let harness = CosmonautHarness(.once(json: false))

    try await harness.open("supplies/list")

    let lines = harness.output.lines
    #expect(lines.first == "Supplies")
    for item in SupplyItem.defaultInventory {
      let row = lines.first { $0.hasPrefix(item.id + " ") }
      #expect(row?.contains(item.name) == true, "row of \(item.id)")
      #expect(row?.contains("\(item.quantity)") == true, "row of \(item.id)")
      #expect(row?.contains(item.unit) == true, "row of \(item.id)")
      #expect(row?.hasSuffix("ok") == true, "row of \(item.id) should be ok")
    }
    #expect(!harness.output.text.contains("LOW"))
  }

  @Test func listMarksLowItems() async throws {
    let harness = CosmonautHarness(.once(json: false), client: FakeCosmonautClient(supplies: inventoryWithLowWater))

    try await harness.open("supplies/list")

    let water = harness.output.lines.first { $0.hasPrefix("water ") }
    let food = harness.output.lines.first { $0.hasPrefix("food ") }
    #expect(water?.contains("LOW (≤ 80)") == true)
    #expect(food?.hasSuffix("ok") == true)
    #expect(harness.output.lines.last == "Low stock: Drinking water")
  }

  @Test func listAsJSONIsTheInventory() async throws {
    let harness = CosmonautHarness(.once(json: true))

    try await harness.open("supplies/list")

    #expect(try harness.decodeOutput([SupplyItem].self) == SupplyItem.defaultInventory)
  }

  @Test func consumeReducesTheStockAndTracksTheChange() async throws {
    let harness = CosmonautHarness(.once(json: false))

    try await harness.open("supplies/consume", ["item": "water", "quantity": "2"])

    #expect(try await harness.stock(of: "water") == 398)
    #expect(harness.output.text == "Consumed 2 L of Drinking water; 398 L left.\n")
    #expect(harness.events(named: "supplies.changed").map(\.properties) == [["item": "water", "change": "-2"]])
    #expect(await harness.client.outbox.map(\.kind) == [QueuedReport.suppliesChangedKind])
  }

  @Test func consumeAsJSONPrintsTheUpdatedItem() async throws {
    let harness = CosmonautHarness(.once(json: true))

    try await harness.open("supplies/consume", ["item": "oxygen", "quantity": "4"])

    #expect(try harness.decodeOutput(SupplyItem.self).quantity == 20)
  }

  @Test func consumeDownToTheThresholdWarnsAboutLowStock() async throws {
    let harness = CosmonautHarness(.once(json: false))

    try await harness.open("supplies/consume", ["item": "medical", "quantity": "4"])

    #expect(
      harness.output.lines == [
        "Consumed 4 kits of Medical kits; 2 kits left.", "Low stock: Medical kits is at or below 2 kits.",
      ])
  }

  @Test func restockIncreasesTheStock() async throws {
    let harness = CosmonautHarness(.once(json: false))

    try await harness.open("supplies/restock", ["item": "food", "quantity": "20"])

    #expect(try await harness.stock(of: "food") == 200)
    #expect(harness.output.text == "Restocked 20 rations of Food rations; 200 rations left.\n")
    #expect(harness.events(named: "supplies.changed").map(\.properties) == [["item": "food", "change": "20"]])
  }

  @Test(arguments: ["abc", "0", "-3", "2.5", ""])
  func consumeRejectsAQuantityThatIsNotAPositiveWholeNumber(_ quantity: String) async throws {
    let harness = CosmonautHarness(.once(json: false))

    await #expect(throws: UsageError.self) {
      try await harness.open("supplies/consume", ["item": "water", "quantity": quantity])
    }
    #expect(try await harness.stock(of: "water") == 400)
    #expect(harness.events(named: "supplies.changed").isEmpty)
  }

  @Test func consumeWithoutAQuantitySaysWhatIsMissing() async throws {
    let harness = CosmonautHarness(.once(json: false))

    await #expect(
      throws: UsageError(
        "link 'supplies/consume?item=water' is missing 'quantity'; e.g. supplies/consume?item=<item>&quantity=<quantity>"
      )
    ) {
      try await harness.open("supplies/consume", ["item": "water"])
    }
  }

  @Test func restockWithoutAnItemSaysWhatIsMissing() async throws {
    let harness = CosmonautHarness(.once(json: false))

    await #expect(
      throws: UsageError(
        "link 'supplies/restock?quantity=3' is missing 'item'; e.g. supplies/restock?item=<item>&quantity=<quantity>")
    ) {
      try await harness.open("supplies/restock", ["quantity": "3"])
    }
  }

  @Test func consumingMoreThanInStockPropagatesInsufficientStock() async throws {
    let harness = CosmonautHarness(.once(json: false))

    await #expect(
      throws: CosmonautServiceError.insufficientStock(item: "water", requested: 500, available: 400, unit: "L")
    ) {
      try await harness.open("supplies/consume", ["item": "water", "quantity": "500"])
    }
    #expect(try await harness.stock(of: "water") == 400)
    #expect(harness.output.text.isEmpty)
  }

  @Test func consumingAnUnknownItemPropagatesUnknownItem() async throws {
    let harness = CosmonautHarness(.once(json: false))

    await #expect(throws: CosmonautServiceError.unknownItem("caviar")) {
      try await harness.open("supplies/consume", ["item": "caviar", "quantity": "1"])
    }
  }

  @Test func unknownSuppliesSubLinkIsNotHandled() async throws {
    let harness = CosmonautHarness(.once(json: false))

    await #expect(throws: UsageError.self) { try await harness.open("supplies/order") }
  }

  @Test func interactiveConsumeAsksForItemAndQuantityAndReasksInvalidAnswers() async throws {
    // Menu: Consume; item "juice" (unknown) then "water"; quantity "lots" (invalid) then "5"; then Back.
    let harness = CosmonautHarness(.interactive, input: ["c", "juice", "water", "lots", "5", "b"])

    try await harness.open("supplies/list")

    #expect(try await harness.stock(of: "water") == 395)
    #expect(
      harness.errorOutput.lines == [
        "no item \"juice\"; pick one of: food, water, oxygen, nitrogen, medical, hygiene, scrubbers",
        "enter a whole number greater than zero",
      ])
    #expect(harness.output.text.contains("Quantity to consume (L, 400 in stock; Enter to go back): "))
    #expect(harness.output.text.contains("Consumed 5 L of Drinking water; 395 L left."))
    #expect(harness.input.unreadCount == 0)
  }

  @Test func interactiveConsumeReasksAQuantityAboveTheStock() async throws {
    let harness = CosmonautHarness(.interactive, input: ["c", "medical", "7", "1", "b"])

    try await harness.open("supplies/list")

    #expect(harness.errorOutput.lines == ["only 6 kits in stock; enter at most 6"])
    #expect(try await harness.stock(of: "medical") == 5)
  }

  @Test func interactiveRestockByItemName() async throws {
    let harness = CosmonautHarness(.interactive, input: ["r", "Oxygen canisters", "6", "b"])

    try await harness.open("supplies/list")

    #expect(try await harness.stock(of: "oxygen") == 30)
    #expect(harness.output.text.contains("Restocked 6 canisters of Oxygen canisters; 30 canisters left."))
  }

  @Test func consumeLinkInInteractiveModeChangesThenShowsTheInventory() async throws {
    let harness = CosmonautHarness(.interactive, input: ["b"])

    try await harness.open("supplies/consume", ["item": "water", "quantity": "1"])

    #expect(try await harness.stock(of: "water") == 399)
    #expect(harness.output.text.contains("Consumed 1 L of Drinking water; 399 L left."))
    #expect(harness.output.text.contains("Supplies\n  1) Consume"))
    #expect(harness.input.unreadCount == 0)
  }

  @Test func anEmptyAnswerOrControlDGoesBackToTheInventoryWithoutAChange() async throws {
    // Consume, Enter at the item; Consume, water, Enter at the quantity; Consume, Ctrl-D; Back.
    let harness = CosmonautHarness(
      .interactive,
      answers: [.line("c"), .line(""), .line("c"), .line("water"), .line(""), .line("c"), .controlD, .line("b")])

    try await harness.open("supplies/list")

    #expect(try await harness.stock(of: "water") == 400)
    #expect(harness.errorOutput.text.isEmpty)
    #expect(harness.input.unreadCount == 0)
  }

  @Test func whatWasTypedIsEchoedInertAndCut() async throws {
    // Consume; an arrow key and a bell at the item; a pasted screenful; then Enter, Back.
    let pasted = String(repeating: "water", count: 30)
    let harness = CosmonautHarness(.interactive, input: ["c", "\u{1B}[A\u{7}", pasted, "", "b"])

    try await harness.open("supplies/list")

    let ids = "food, water, oxygen, nitrogen, medical, hygiene, scrubbers"
    #expect(
      harness.errorOutput.lines == [
        "no item \"\\e[A\\u{7}\"; pick one of: \(ids)",
        "no item \"\(pasted.prefix(39))…\"; pick one of: \(ids)",
      ])
    #expect(!harness.errorOutput.text.contains("\u{1B}"))
  }

  @Test func anItemOutOfStockIsNotOfferedForConsumption() async throws {
    let empty = [
      SupplyItem(id: "water", name: "Drinking water", category: .water, quantity: 0, unit: "L", lowStockThreshold: 80),
      SupplyItem(id: "food", name: "Food rations", category: .food, quantity: 3, unit: "rations", lowStockThreshold: 1),
    ]
    let harness = CosmonautHarness(
      .interactive, answers: [.line("c"), .line("water"), .line("food"), .line(""), .line("b")],
      client: FakeCosmonautClient(supplies: empty))

    try await harness.open("supplies/list")

    #expect(harness.output.text.contains("Item (food; Enter to go back): "))
    #expect(harness.errorOutput.lines == ["Drinking water is out of stock; pick one of: food"])
    #expect(harness.input.unreadCount == 0)
  }

  @Test func withEverythingOutOfStockConsumeSaysSoAndAsksNothing() async throws {
    let empty = [
      SupplyItem(id: "water", name: "Drinking water", category: .water, quantity: 0, unit: "L", lowStockThreshold: 80)
    ]
    let harness = CosmonautHarness(
      .interactive, answers: [.line("c"), .line("b")], client: FakeCosmonautClient(supplies: empty))

    try await harness.open("supplies/list")

    #expect(harness.output.text.contains("Everything is out of stock; restock first."))
    #expect(harness.input.unreadCount == 0)
  }

  @Test func endOfInputLeavesTheInteractiveScreen() async throws {
    let harness = CosmonautHarness(.interactive, input: ["c"])

    try await harness.open("supplies/list")

    #expect(try await harness.stock(of: "water") == 400)
    #expect(harness.presenter.presented.isEmpty)
  }
}

@MainActor
@Suite("Supplies: acceptance findings")
struct SuppliesAcceptanceTests {
  @Test func anItemMayBeNamedByItsNameInAnyCase() async throws {
    let harness = CosmonautHarness(.once(json: false))
    let before = try await harness.stock(of: "water")

    try await harness.open("supplies/consume", ["item": "DRINKING water", "quantity": "2"])

    #expect(try await harness.stock(of: "water") == before - 2)
  }

  @Test func anAbsurdQuantityIsRefusedAndChangesNothing() async throws {
    let harness = CosmonautHarness(.once(json: false))
    let before = try await harness.stock(of: "water")

    await #expect(throws: UsageError.self) {
      try await harness.open("supplies/restock", ["item": "water", "quantity": "9223372036854775000"])
    }

    #expect(try await harness.stock(of: "water") == before)
  }

  @Test func linksWithExtraPathPartsAreUsageErrors() async throws {
    for presentation in [Presentation.once(json: false), .interactive] {
      let harness = CosmonautHarness(presentation)
      for path in ["profile/show/x", "supplies/list/x", "sync/status/x", "supplies/consume/water"] {
        await #expect(throws: UsageError.self, "\(path)") { try await harness.open(path) }
      }
      #expect(harness.output.text.isEmpty)
    }
  }
}
