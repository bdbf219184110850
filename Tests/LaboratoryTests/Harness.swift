import AppAnalytics
import AppAnalyticsTestSupport
import CosmonautServiceFakes
import CosmonautServiceInterface
import Foundation
import LaboratoryServiceFakes
import LaboratoryServiceInterface
import Localization
import Logging
import LoggingTestSupport
import Testing
import UIComponents
import UIComponentsTestSupport

@testable import Laboratory

/// Everything a Laboratory flow touches, assembled from fakes: the lab model on a stopped clock,
/// the cosmonaut's data in memory, scripted input, captured output, in-memory analytics and log.
@MainActor
final class LaboratoryHarness {
  let lab: FakeLaboratoryClient
  let cosmonaut: FakeCosmonautClient
  let input: ScriptedInput
  let output = CapturedOutput()
  let errorOutput = CapturedOutput()
  let navigator: RecordingNavigator
  let events = InMemoryAnalyticsProvider()
  let log = InMemoryLogSink()
  let presenter: TerminalErrorPresenter
  let coordinator: LaboratoryCoordinator
  let context: FlowContext

  init(
    _ presentation: Presentation, input lines: [String] = [], lab: FakeLaboratoryClient = FakeLaboratoryClient(),
    cosmonaut: FakeCosmonautClient = FakeCosmonautClient(profile: .sample),
    navigator: RecordingNavigator = RecordingNavigator(), features: LaboratoryFeatures = LaboratoryFeatures(),
    translator: Translator = .english
  ) {
    self.lab = lab
    self.cosmonaut = cosmonaut
    self.navigator = navigator
    input = ScriptedInput(lines: lines)
    let terminal = Terminal(input: input, output: output, errors: errorOutput, theme: .plain, translator: translator)
    presenter = TerminalErrorPresenter(terminal: terminal) { error in
      (error as? any TranslatedError).map { translator($0.translatedMessage) }
        ?? (error as? any ReportableError)?.userMessage ?? "\(error)"
    }
    context = FlowContext(
      terminal: terminal, presentation: presentation, navigator: navigator, errors: presenter,
      analytics: Analytics(providers: [events]), logger: Logger(module: "LaboratoryTests", level: .trace, sinks: [log]),
      module: "Laboratory")
    coordinator = LaboratoryCoordinator(context: context, lab: lab, cosmonaut: cosmonaut, features: features)
  }

  /// Opens the route that the command-line `words` name, as a user would.
  func open(_ words: String...) async throws {
    try await open(words)
  }

  /// Opens the route that the command-line `words` name.
  func open(_ words: [String]) async throws {
    try await coordinator.start(at: try LaboratoryRoute(words: words))
  }

  /// The stock of one item.
  func stock(_ id: String) async throws -> Int {
    try #require(try await cosmonaut.supplies().first { $0.id == id }).quantity
  }

  /// The only run.
  func onlyRun() async throws -> ProcedureRun {
    try #require(try await lab.runs().first)
  }

  var saga: StepCompletionSaga { StepCompletionSaga(lab: lab, supplies: cosmonaut, logger: context.logger) }
}
