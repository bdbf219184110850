import AppAnalytics
import AppAnalyticsTestSupport
import CommandLineKit
import CosmonautServiceFakes
import CosmonautServiceInterface
import Foundation
import Localization
import Logging
import LoggingTestSupport
import Navigation
import Testing
import UIComponents
import UIComponentsTestSupport

@testable import Cosmonaut

/// Everything a Cosmonaut flow touches, assembled from fakes: scripted input, captured output,
/// a recording navigator, a printing error presenter, in-memory analytics and log.
@MainActor
final class CosmonautHarness {
  let client: FakeCosmonautClient
  let input: ScriptedInput
  let output = CapturedOutput()
  let errorOutput = CapturedOutput()
  let navigator: any Navigator
  let analyticsEvents = InMemoryAnalyticsProvider()
  let log = InMemoryLogSink()
  let terminal: Terminal
  let presenter: TerminalErrorPresenter
  let coordinator: CosmonautCoordinator

  /// A harness whose terminal is a person's (Ctrl-D goes back) when `answers` are given, else a pipe's.
  init(
    _ presentation: Presentation, input lines: [String] = [], answers: [ScriptedAnswer]? = nil,
    client: FakeCosmonautClient = FakeCosmonautClient(), navigator: any Navigator = RecordingNavigator(),
    dashboard: DashboardFeatures = DashboardFeatures(), translator: Translator = .english
  ) {
    self.client = client
    self.input = ScriptedInput(answers ?? lines.map(ScriptedAnswer.line))
    self.navigator = navigator
    terminal = Terminal(
      input: input, output: output, errors: errorOutput, theme: .plain, translator: translator,
      endOfInputIsFinal: answers == nil)
    presenter = TerminalErrorPresenter(terminal: terminal)
    let context = FlowContext(
      terminal: terminal, presentation: presentation, navigator: navigator, errors: presenter,
      analytics: Analytics(providers: [analyticsEvents]),
      logger: Logger(module: "CosmonautTests", level: .trace, sinks: [log]), module: "Cosmonaut")
    coordinator = CosmonautCoordinator(context: context, client: client, dashboard: dashboard)
  }

  /// Opens the route of the deep link `path?parameters`, read as the app reads a typed link.
  func open(_ path: String, _ parameters: [String: String] = [:]) async throws {
    let components = path.split(separator: "/").map(String.init)
    try await coordinator.start(at: try CosmonautRoute(link: DeepLink(path: components, parameters: parameters)))
  }

  /// The destinations the flows asked the (recording) navigator for, in order.
  var requestedDestinations: [Destination] { (navigator as? RecordingNavigator)?.requested ?? [] }

  /// The events tracked under `name`, oldest first.
  func events(named name: String) -> [AnalyticsEvent] {
    analyticsEvents.events.filter { $0.name == name }
  }

  /// The stock of one item in the fake's inventory.
  func stock(of id: String) async throws -> Int {
    try #require(try await client.supplies().first { $0.id == id }).quantity
  }

  /// Decodes the captured output as one JSON document (ISO-8601 dates, as `JSONOutput` writes them).
  func decodeOutput<T: Decodable>(_ type: T.Type) throws -> T {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(type, from: Data(output.text.utf8))
  }
}

/// An inventory with one low item (water at its threshold) and one healthy item.
let inventoryWithLowWater: [SupplyItem] = [
  SupplyItem(id: "water", name: "Drinking water", category: .water, quantity: 80, unit: "L", lowStockThreshold: 80),
  SupplyItem(id: "food", name: "Food rations", category: .food, quantity: 180, unit: "rations", lowStockThreshold: 42),
]
