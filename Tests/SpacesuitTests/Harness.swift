import AppAnalytics
import AppAnalyticsTestSupport
import CommandLineKit
import Foundation
import Localization
import Logging
import LoggingTestSupport
import SpacesuitServiceFakes
import SpacesuitServiceInterface
import Testing
import UIComponents
import UIComponentsTestSupport

@testable import Spacesuit

/// Everything a Spacesuit flow touches, assembled from fakes.
@MainActor
final class SpacesuitHarness {
  let client: any SpacesuitClient
  let input: ScriptedInput
  let output = CapturedOutput()
  let errorOutput = CapturedOutput()
  let navigator: RecordingNavigator
  let analyticsEvents = InMemoryAnalyticsProvider()
  let log = InMemoryLogSink()
  let terminal: Terminal
  let presenter: TerminalErrorPresenter
  let coordinator: SpacesuitCoordinator

  init(
    _ presentation: Presentation, input lines: [String] = [], client: any SpacesuitClient = FakeSpacesuitClient(),
    navigator: RecordingNavigator = RecordingNavigator(), translator: Translator = .english
  ) {
    self.client = client
    self.navigator = navigator
    self.input = ScriptedInput(lines: lines)
    terminal = Terminal(input: input, output: output, errors: errorOutput, theme: .plain, translator: translator)
    presenter = TerminalErrorPresenter(terminal: terminal)
    let context = FlowContext(
      terminal: terminal, presentation: presentation, navigator: navigator, errors: presenter,
      analytics: Analytics(providers: [analyticsEvents]),
      logger: Logger(module: "SpacesuitTests", level: .trace, sinks: [log]), module: "Spacesuit")
    coordinator = SpacesuitCoordinator(context: context, client: client)
  }

  /// Opens the route that the command-line `words` name (e.g. `suit watch --count 3`), as a user would.
  func open(_ words: String) async throws {
    let route = try SpacesuitRoute(words: words.split(separator: " ").map(String.init))
    try await coordinator.start(at: route)
  }

  /// The fake suit's recorded commands (empty for other clients).
  func sentCommands() async -> [SuitCommand] {
    guard let fake = client as? FakeSpacesuitClient else { return [] }
    return await fake.sentCommands
  }

  /// The events tracked under `name`, oldest first.
  func events(named name: String) -> [AnalyticsEvent] {
    analyticsEvents.events.filter { $0.name == name }
  }

  /// Decodes the captured output as one JSON document (ISO-8601 dates, as `JSONOutput` writes them).
  func decodeOutput<T: Decodable>(_ type: T.Type) throws -> T {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(type, from: Data(output.text.utf8))
  }
}

/// The `health --json` document as a script reads it.
struct HealthJSON: Decodable {
  let vitals: Vitals
  let readings: [Reading]
  let alerts: [SuitAlert]
}

/// The `suit status --json` document (and each element of `suit watch --json`) as a script reads it.
struct StatusJSON: Decodable {
  let telemetry: SuitTelemetry
  let readings: [Reading]
  let alerts: [SuitAlert]
}

/// A suit that answers every command with a refusal instead of throwing (a protocol-level "no").
actor RefusingSuit: SpacesuitClient {
  func telemetry() async throws -> SuitTelemetry { .nominal }
  func vitals() async throws -> Vitals { .nominal }
  func send(_ command: SuitCommand) async throws -> CommandAcknowledgement {
    CommandAcknowledgement(command: command.description, accepted: false, message: "suit is in maintenance mode")
  }
  nonisolated func watch(count: Int?, interval: Duration) -> AsyncThrowingStream<SuitTelemetry, any Error> {
    sampling(count: count, interval: interval)
  }
}

extension SuitTelemetry {
  /// Nominal telemetry with CO2 in the critical band and the battery in the warning band.
  static let troubled: SuitTelemetry = {
    var telemetry = SuitTelemetry.nominal
    telemetry.carbonDioxideMmHg = 8.1
    telemetry.batteryChargePercent = 30
    return telemetry
  }()
}

extension Vitals {
  /// Nominal vitals with a critical heart rate.
  static let tachycardia: Vitals = {
    var vitals = Vitals.nominal
    vitals.heartRateBPM = 150
    return vitals
  }()
}
