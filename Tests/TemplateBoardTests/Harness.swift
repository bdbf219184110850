import AppAnalytics
import AppAnalyticsTestSupport
import CommandLineKit
import Localization
import Logging
import LoggingTestSupport
import UIComponents
import UIComponentsTestSupport

@testable import TemplateBoard

/// Everything a TemplateBoard flow touches: a scripted terminal, in-memory analytics and log, a
/// navigator that records.
@MainActor
final class TemplateBoardHarness {
  let input: ScriptedInput
  let output = CapturedOutput()
  let errorOutput = CapturedOutput()
  let terminal: Terminal
  let coordinator: any Coordinator<TemplateBoardRoute>

  init(_ presentation: Presentation, input lines: [String] = [], translator: Translator = .english) {
    input = ScriptedInput(lines: lines)
    terminal = Terminal(input: input, output: output, errors: errorOutput, theme: .plain, translator: translator)
    let context = FlowContext(
      terminal: terminal, presentation: presentation, navigator: RecordingNavigator(),
      errors: TerminalErrorPresenter(terminal: terminal),
      analytics: Analytics(providers: [InMemoryAnalyticsProvider()]),
      logger: Logger(module: "TemplateBoardTests", level: .trace, sinks: [InMemoryLogSink()]),
      module: TemplateBoardDomain.moduleName)
    coordinator = TemplateBoardDomain().makeCoordinator(context: context)
  }

  /// Opens the route that the command-line `words` name, as a user would.
  func open(_ words: [String]) async throws {
    try await coordinator.start(at: try TemplateBoardRoute(words: words))
  }
}
