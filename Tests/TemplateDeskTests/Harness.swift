import AppAnalytics
import AppAnalyticsTestSupport
import CommandLineKit
import Localization
import Logging
import LoggingTestSupport
import TemplateServiceFakes
import UIComponents
import UIComponentsTestSupport

@testable import TemplateDesk

/// Everything a TemplateDesk flow touches: a scripted terminal, in-memory analytics and log, a
/// navigator that records, and the fake client the domain reads from.
@MainActor
final class TemplateDeskHarness {
  let input: ScriptedInput
  let output = CapturedOutput()
  let errorOutput = CapturedOutput()
  let terminal: Terminal
  /// The service's fake, as it starts: what the domain shows.
  let client = FakeTemplateClient()
  let coordinator: any Coordinator<TemplateDeskRoute>

  init(_ presentation: Presentation, input lines: [String] = [], translator: Translator = .english) {
    input = ScriptedInput(lines: lines)
    terminal = Terminal(input: input, output: output, errors: errorOutput, theme: .plain, translator: translator)
    let context = FlowContext(
      terminal: terminal, presentation: presentation, navigator: RecordingNavigator(),
      errors: TerminalErrorPresenter(terminal: terminal),
      analytics: Analytics(providers: [InMemoryAnalyticsProvider()]),
      logger: Logger(module: "TemplateDeskTests", level: .trace, sinks: [InMemoryLogSink()]),
      module: TemplateDeskDomain.moduleName)
    coordinator = TemplateDeskDomain(client: client).makeCoordinator(context: context)
  }

  /// Opens the route that the command-line `words` name, as a user would.
  func open(_ words: [String]) async throws {
    try await coordinator.start(at: try TemplateDeskRoute(words: words))
  }
}
