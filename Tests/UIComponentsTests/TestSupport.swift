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
