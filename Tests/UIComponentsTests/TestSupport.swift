import AppAnalytics
import Localization
import Logging
import UIComponentsTestSupport

@testable import UIComponents

/// A terminal over scripted input and captured output/errors.
@MainActor
struct TerminalFixture {
  let output = CapturedOutput()
  let errors = CapturedOutput()
  let terminal: Terminal

  init(lines: [String] = [], theme: Theme = .plain) {
    terminal = Terminal(input: ScriptedInput(lines: lines), output: output, errors: errors, theme: theme)
  }
}

/// A reader of whole numbers, as a command-line format would be.
struct WholeNumberReader: ValueReader {
  let expectation: LocalizedText

  func read(_ text: String) -> Int? { Int(text) }
}

extension FlowContext {
  /// A context over `terminal` that records nothing: errors are printed, navigation remembered.
  static func testing(_ terminal: Terminal, _ presentation: Presentation = .interactive) -> FlowContext {
    FlowContext(
      terminal: terminal, presentation: presentation, navigator: RecordingNavigator(),
      errors: TerminalErrorPresenter(terminal: terminal), analytics: .disabled,
      logger: Logger(module: "Test", level: .critical, sinks: []), module: "Test")
  }
}
