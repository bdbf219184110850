import AppAnalytics
import AppAnalyticsTestSupport
import DockingPortServiceFakes
import DockingPortServiceInterface
import Foundation
import HeatRadiatorServiceFakes
import HeatRadiatorServiceInterface
import Localization
import Logging
import LoggingTestSupport
import SolarArrayServiceFakes
import SolarArrayServiceInterface
import Testing
import UIComponents
import UIComponentsTestSupport

@testable import Peripheries

/// Everything a Peripheries flow touches, assembled from the station's fakes.
@MainActor
final class PeripheriesHarness {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)
  let power: FakeSolarArrayClient
  let thermal: FakeHeatRadiatorClient
  let docking: FakeDockingPortClient
  let schedule: FakeVehicleScheduleClient
  let input: ScriptedInput
  let output = CapturedOutput()
  let errorOutput = CapturedOutput()
  let navigator: RecordingNavigator
  let events = InMemoryAnalyticsProvider()
  let log = InMemoryLogSink()
  let presenter: TerminalErrorPresenter
  let coordinator: PeripheriesCoordinator

  init(
    _ presentation: Presentation, input lines: [String] = [], theme: Theme = .plain,
    power: PowerScenario = .nominal, thermal: ThermalScenario = .nominal,
    navigator: RecordingNavigator = RecordingNavigator(shows: []), translator: Translator = .english,
    features: PeripheriesFeatures = PeripheriesFeatures()
  ) {
    self.power = FakeSolarArrayClient(start: Self.start, scenario: power)
    self.thermal = FakeHeatRadiatorClient(start: Self.start, scenario: thermal)
    docking = FakeDockingPortClient(start: Self.start)
    schedule = FakeVehicleScheduleClient()
    self.navigator = navigator
    input = ScriptedInput(lines: lines)
    let terminal = Terminal(input: input, output: output, errors: errorOutput, theme: theme, translator: translator)
    presenter = TerminalErrorPresenter(terminal: terminal)
    let context = FlowContext(
      terminal: terminal, presentation: presentation, navigator: navigator, errors: presenter,
      analytics: Analytics(providers: [events]),
      logger: Logger(module: "PeripheriesTests", level: .trace, sinks: [log]),
      module: "Peripheries")
    coordinator = PeripheriesCoordinator(
      context: context, power: self.power,
      thermal: self.thermal, docking: docking, schedule: schedule,
      features: features)
  }

  /// Opens the route that the command-line `words` name, as a user would.
  func open(_ words: String) async throws {
    try await coordinator.start(at: try PeripheriesRoute(words: words.split(separator: " ").map(String.init)))
  }

  /// Moves every model's time on by `seconds`.
  func advance(by seconds: Double) async {
    await power.advance(by: seconds)
    await thermal.advance(by: seconds)
    await docking.advance(by: seconds)
  }

  /// The events tracked under `name`.
  func events(named name: String) -> [AnalyticsEvent] { events.events.filter { $0.name == name } }

  /// The captured output as one JSON object.
  func json() throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(output.text.utf8)) as? [String: Any])
  }
}
