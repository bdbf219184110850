import Localization

extension FlowContext {
  /// Asks for a value `format` reads — a command's argument the person types at a prompt instead
  /// (its `ValueFormat`); an answer it cannot read is refused with `"<answer>" is not <expectation>`
  /// and asked again. The question ends with "(Enter to go back)"; nil when the person goes back
  /// (Enter, Ctrl-D, Ctrl-C). The answer is read as the flow's language writes it (a decimal with
  /// its decimal mark), as the command line reads it.
  public func ask<Value>(_ question: some TextArgument, reading format: some ValueReader<Value>) -> Value? {
    Prompt.reading(question, format, in: translator.language).ask(on: terminal)
  }
}
